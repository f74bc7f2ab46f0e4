import { Link, useParams, useSearchParams } from "react-router";
import { useQuery } from "@apollo/client/react";
import { ExclamationCircleOutline } from "antd-mobile-icons";
import { AppIcon } from "../features/catalog/AppIcon";
import { InstallPanel } from "../features/signing/InstallPanel";
import { SigningInstallQuery } from "../features/signing/operations";
import { usePageTitle } from "../features/site/useSiteInfo";
import { errorCode, errorMessage } from "../shared/graphqlError";
import { formatFileSize } from "../shared/format";
import styles from "../features/signing/signing.module.css";

/** Titles of the answers that mean the link cannot be used (any more). */
const DEAD_LINK: Record<string, string> = {
  SIGN_LINK_INVALID: "安装链接无效或已过期",
  SIGN_ARTIFACT_EXPIRED: "签名包已过期",
  SIGN_TASK_NOT_FOUND: "安装链接无效",
  SIGN_NOT_DONE: "应用尚未签名完成",
  NOT_FOUND: "安装链接无效",
  BAD_REQUEST: "安装链接无效",
};

function Skeleton() {
  return (
    <div aria-busy="true" aria-label="加载中">
      <div className={styles.installHero}>
        <span className={styles.shimmer} style={{ width: 96, height: 96, borderRadius: 22 }} />
        <span className={styles.shimmer} style={{ width: 160, height: 22, marginTop: 6 }} />
        <span className={styles.shimmer} style={{ width: 200, height: 14 }} />
      </div>
      <section className={styles.card}>
        <span className={styles.shimmer} style={{ height: 44 }} />
        <span className={styles.shimmer} style={{ height: 14, width: "60%", marginTop: 12 }} />
        <span className={styles.shimmer} style={{ height: 14, width: "50%", marginTop: 8 }} />
      </section>
    </div>
  );
}

/**
 * /install/{id}?token=… (public): what the QR code of a done task opens on another phone: the app, 安装 (the
 * itms-services link, or the note that iOS needs HTTPS), 下载 IPA; an expired or invalid link says so.
 */
export default function InstallPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token");
  const valid = !!id && /^\d{1,12}$/.test(id);
  const { data, error, loading } = useQuery(SigningInstallQuery, {
    variables: { id: id ?? "", token: token ?? undefined },
    skip: !valid,
    fetchPolicy: "network-only",
  });
  const info = data?.signingInstall;
  usePageTitle(info ? `安装 ${info.appName}` : "安装应用");
  if (!valid || error) {
    const code = error ? errorCode(error) : "SIGN_LINK_INVALID";
    const title = (code && DEAD_LINK[code]) ?? "加载失败";
    return (
      <div className={styles.page}>
        <section className={styles.card}>
          <div className={styles.state} role="alert" data-testid="install-error">
            <ExclamationCircleOutline className={styles.stateIcon} />
            <h2>{title}</h2>
            <p>{error ? errorMessage(error) : "链接不完整，请重新扫码或向分享者索取新的链接"}</p>
            <p className={styles.hint}>安装链接有时效，过期后请在签名记录里重新获取二维码。</p>
            <Link to="/" className={styles.secondaryLink} style={{ marginTop: 8 }}>
              返回首页
            </Link>
          </div>
        </section>
      </div>
    );
  }
  if (!info || loading)
    return (
      <div className={styles.page}>
        <Skeleton />
      </div>
    );
  return (
    <div className={styles.page}>
      <div className={styles.installHero}>
        <AppIcon src={info.iconUrl} name={info.appName} size={96} eager />
        <h1 data-testid="install-app-name">{info.appName}</h1>
        <div className={styles.mono}>{info.bundleId}</div>
        <div className={styles.meta}>
          <span>版本 {info.version || "-"}</span>
          <span>{formatFileSize(info.size)}</span>
          <span>{info.certificateName}</span>
        </div>
      </div>
      <section className={styles.card}>
        <InstallPanel info={info} qr="button" />
      </section>
      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>安装说明</h2>
        <p className={styles.hint}>
          1. 用 iPhone 自带的 Safari 打开本页，点击「安装」，在弹窗中确认。
          <br />
          2. 安装完成后，如打开时提示「未受信任的开发者」，到「设置 → 通用 → VPN与设备管理」中信任该证书。
          <br />
          3. 设备需在证书的描述文件内（企业证书除外）。
        </p>
      </section>
    </div>
  );
}
