import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useNavigate } from "react-router";
import { Button, Skeleton, Tag, Toast } from "antd-mobile";
import { AppIcon } from "../catalog/AppIcon";
import { copyWithToast } from "../site/clipboard";
import { formatFileSize } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import { formatDay } from "./format";
import { ImportSourceAppForSigningMutation, SoftwareSourceAppQuery } from "./operations";
import { useSession } from "../auth/useSession";
import { saveRedirectFrom } from "../auth/loginTarget";
import { PATHS } from "../../app/paths";
import styles from "./sources.module.css";
import { BottomSheet } from "../../shared/ui/BottomSheet";

/**
 * One app of a source, in a bottom sheet: what the source says about it, its IPA link (download, copy), and for an
 * ESign app that is locked, the source's own pay / unlock pages. 签名安装 has the server fetch the IPA as an upload
 * and opens the signing page with it chosen.
 */
export function SourceAppSheet({ appId, onClose }: { appId: string | null; onClose: () => void }) {
  return (
    <BottomSheet visible={!!appId} onClose={onClose} destroyOnClose>
      {appId && <AppDetail id={appId} />}
    </BottomSheet>
  );
}

/** Fetches the app's IPA on the server as the user's upload, then opens /signature with it chosen. */
function SignButton({ id }: { id: string }) {
  const { token } = useSession();
  const navigate = useNavigate();
  const [importApp] = useMutation(ImportSourceAppForSigningMutation);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (!token) {
      saveRedirectFrom(window.location.pathname + window.location.search);
      void navigate(PATHS.login);
      return;
    }
    setBusy(true);
    try {
      const r = await importApp({ variables: { sourceAppId: id } });
      const upload = r.data?.importSourceAppForSigning;
      if (upload) void navigate(`/signature?ipa=${upload.id}`);
    } catch (e) {
      Toast.show({ content: errorMessage(e), icon: "fail" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button block color="primary" loading={busy} loadingText="正在获取 IPA…" onClick={() => void start()}>
      签名安装
    </Button>
  );
}

function AppDetail({ id }: { id: string }) {
  const { data, loading, error } = useQuery(SoftwareSourceAppQuery, { variables: { id } });
  const app = data?.softwareSourceApp;
  if (!app) {
    return (
      <div className={styles.sheet} role="dialog" aria-label="应用详情">
        {loading && <Skeleton.Paragraph lineCount={6} animated />}
        {error && <p className={styles.error}>{errorMessage(error)}</p>}
      </div>
    );
  }
  return (
    <div className={styles.sheet} role="dialog" aria-label={app.name} data-testid="source-app-detail">
      <div className={styles.sheetHead}>
        <AppIcon src={app.iconUrl} name={app.name} size={64} eager />
        <div className={styles.body}>
          <h2 className={styles.name}>
            <span>{app.name}</span>
            {app.locked && <Tag color="warning">已加锁</Tag>}
          </h2>
          <div className={styles.meta}>
            {app.version && <span>版本 {app.version}</span>}
            <span>{formatFileSize(app.size)}</span>
          </div>
        </div>
      </div>
      <dl className={styles.facts}>
        <dt>来源</dt>
        <dd>{app.sourceName}</dd>
        {app.bundleId && (
          <>
            <dt>Bundle ID</dt>
            <dd>{app.bundleId}</dd>
          </>
        )}
        {app.developer && (
          <>
            <dt>开发者</dt>
            <dd>{app.developer}</dd>
          </>
        )}
        {app.category && (
          <>
            <dt>分类</dt>
            <dd>{app.category}</dd>
          </>
        )}
        <dt>更新日期</dt>
        <dd>{formatDay(app.versionDate) || "未知"}</dd>
      </dl>
      {app.description && <p className={styles.longText}>{app.description}</p>}
      {app.versionDescription && app.versionDescription !== app.description && (
        <p className={styles.longText}>
          <strong>更新说明：</strong>
          {app.versionDescription}
        </p>
      )}
      <div className={styles.actions}>
        {app.locked ? (
          <>
            <p className={styles.note}>此应用在软件源中已加锁，需要先在软件源的页面购买或解锁。</p>
            {app.payUrl && (
              <Button block color="primary" onClick={() => void window.open(app.payUrl, "_blank", "noopener")}>
                前往购买
              </Button>
            )}
            {app.unlockUrl && (
              <Button block onClick={() => void window.open(app.unlockUrl, "_blank", "noopener")}>
                输入解锁码
              </Button>
            )}
          </>
        ) : app.downloadUrl ? (
          <>
            <SignButton id={app.id} />
            <Button block onClick={() => void window.open(app.downloadUrl, "_blank", "noopener")}>
              下载 IPA
            </Button>
            <Button block onClick={() => void copyWithToast(app.downloadUrl, "下载链接已复制")}>
              复制下载链接
            </Button>
          </>
        ) : (
          <p className={styles.note}>软件源没有提供这个应用的下载链接。</p>
        )}
      </div>
    </div>
  );
}
