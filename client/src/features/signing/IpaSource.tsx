import { useRef } from "react";
import { Link } from "react-router";
import { Button, ProgressBar } from "antd-mobile";
import { AddOutline, CloseCircleOutline, UploadOutline } from "antd-mobile-icons";
import type { SigningAppQuery } from "../../gql/graphql";
import { formatFileSize } from "../../shared/format";
import { acceptOf } from "../../shared/upload";
import { ipaRule } from "./api";
import { AppRow } from "./FormParts";
import type { UploadState } from "./useIpaUpload";
import styles from "./signing.module.css";
import ui from "../../shared/ui/ui.module.css";

export type Source = "upload" | "app";
export type PickedApp = NonNullable<SigningAppQuery["app"]>;

/** Step 2's tabs: upload an IPA here, or pick an app of the catalogue. */
export function SourceTabs({ source, onChange }: { source: Source; onChange: (s: Source) => void }) {
  return (
    <div className={styles.tabs} role="tablist">
      <button
        type="button"
        role="tab"
        aria-selected={source === "upload"}
        className={styles.tab}
        onClick={() => onChange("upload")}
      >
        上传 IPA
      </button>
      <button
        type="button"
        role="tab"
        aria-selected={source === "app"}
        className={styles.tab}
        onClick={() => onChange("app")}
      >
        从应用库选择
      </button>
    </div>
  );
}

/** The upload tab: the drop zone, the progress (with 取消上传), then the IPA as the server read it (更换). */
export function IpaUploadPanel({
  upload,
  maxMb,
  onFile,
  onCancel,
}: {
  upload: UploadState;
  maxMb: number;
  onFile: (file: File | undefined) => void;
  onCancel: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInput}
        id="signing-ipa"
        type="file"
        accept={acceptOf(ipaRule(maxMb))}
        className={ui.visuallyHidden}
        aria-label="选择 IPA 文件"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {upload.phase === "sending" && (
        <div className={styles.uploading} data-testid="upload-progress">
          <div className={styles.uploadRow}>
            <span className={styles.uploadName}>正在上传 {upload.name}</span>
            <strong>{upload.percent}%</strong>
          </div>
          <ProgressBar percent={upload.percent} />
          <Button size="small" fill="none" style={{ marginTop: 6, minHeight: 44 }} onClick={onCancel}>
            <CloseCircleOutline /> 取消上传
          </Button>
        </div>
      )}
      {upload.phase === "done" && (
        <AppRow
          testId="uploaded-ipa"
          icon={upload.upload.icon_url}
          name={upload.upload.name}
          lines={[
            upload.upload.bundle_id,
            `版本 ${upload.upload.version}${upload.upload.build && upload.upload.build !== upload.upload.version ? ` (${upload.upload.build})` : ""} · ${formatFileSize(upload.upload.size)}`,
          ]}
          action={
            <button type="button" className={styles.linkButton} onClick={() => fileInput.current?.click()}>
              更换
            </button>
          }
        />
      )}
      {(upload.phase === "idle" || upload.phase === "failed") && (
        <label htmlFor="signing-ipa" className={styles.drop}>
          <UploadOutline className={styles.dropIcon} />
          <strong>点击选择 IPA 文件</strong>
          <span>最大 {maxMb >= 1024 ? `${+(maxMb / 1024).toFixed(1)} GB` : `${maxMb} MB`}，上传后自动读取应用信息</span>
        </label>
      )}
      {upload.phase === "failed" && (
        <p className={styles.alert} role="alert">
          {upload.message}
        </p>
      )}
    </>
  );
}

/** The catalogue tab: the app passed as `?app=` (更换 goes back to /app-signature), or the way to pick one. */
export function PickedAppPanel({
  app,
  loading,
  pickerLink,
}: {
  app: PickedApp | null | undefined;
  loading: boolean;
  pickerLink: string;
}) {
  if (app)
    return (
      <>
        <AppRow
          testId="picked-app"
          icon={app.icon}
          name={app.name}
          lines={[app.bundleId, `版本 ${app.version || "-"} · ${formatFileSize(app.size)}`]}
          action={
            <Link to={pickerLink} className={styles.linkButton}>
              更换
            </Link>
          }
        />
        {!app.hasIpa && <p className={styles.alert}>该应用暂无可签名的安装包</p>}
      </>
    );
  if (loading) return <span className={styles.shimmer} style={{ height: 80, marginTop: 12, borderRadius: 14 }} />;
  return (
    <Link to={pickerLink} className={styles.pickApp}>
      <AddOutline /> 从应用库选择应用
    </Link>
  );
}
