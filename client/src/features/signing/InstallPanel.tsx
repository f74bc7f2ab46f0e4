import { lazy, Suspense, useState } from "react";
import type { SigningInstallQuery } from "../../gql/graphql";
import { formatDateTime, formatFileSize } from "../../shared/format";
import styles from "./signing.module.css";

const QrCode = lazy(() => import("./QrCode"));

export type SigningInstall = SigningInstallQuery["signingInstall"];

/** Said when the site is not served over HTTPS: iOS refuses itms-services installs then. */
const HTTPS_NOTE =
  "iOS 只能通过 HTTPS 在线安装，当前站点未使用 HTTPS，无法直接安装。请下载 IPA 后用电脑或其他工具安装。";

function DownloadIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M12 4v11" />
      <path d="m7 10.5 5 5 5-5" />
      <path d="M5 19.5h14" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M11 18.5h2" />
    </svg>
  );
}

/**
 * The install section of a done task: 安装 (the itms-services link) or, without HTTPS, the note saying iOS will
 * refuse; 下载 IPA (the expiring download link, counted against the quota); downloads left and the expiry; the QR
 * code of the install page for another phone (`qr`: shown at once, else behind a button).
 */
export function InstallPanel({
  info,
  qr = "button",
  onDownload,
}: {
  info: SigningInstall;
  qr?: "button" | "shown";
  onDownload?: () => void;
}) {
  const [showQr, setShowQr] = useState(qr === "shown");
  const exhausted = info.downloadsLeft <= 0;
  return (
    <div data-testid="signing-install">
      {info.resignedAt && (
        <p className={styles.note} role="note" data-testid="reinstall-note">
          此应用已于 {formatDateTime(info.resignedAt)} 重新签名（原证书掉签）。请直接用本页覆盖安装旧应用：Bundle ID
          不变，应用数据会保留。
        </p>
      )}
      {!info.https && (
        <p className={styles.note} role="note" data-testid="https-note">
          {HTTPS_NOTE}
        </p>
      )}
      <div className={styles.installButtons}>
        {info.https && (
          <a className={styles.primaryLink} href={info.itmsUrl} data-testid="install-link">
            <PhoneIcon />
            安装
          </a>
        )}
        {exhausted ? (
          <span className={styles.secondaryLink} aria-disabled="true">
            下载次数已用完
          </span>
        ) : (
          <a
            className={info.https ? styles.secondaryLink : styles.primaryLink}
            href={info.downloadUrl}
            download
            data-testid="download-link"
            onClick={onDownload}
          >
            <DownloadIcon />
            下载 IPA
          </a>
        )}
      </div>
      <dl className={styles.facts}>
        <dt>剩余下载</dt>
        <dd data-testid="downloads-left">{info.downloadsLeft} 次</dd>
        <dt>有效期至</dt>
        <dd>{formatDateTime(info.expiresAt)}（到期自动删除）</dd>
        {info.size > 0 && (
          <>
            <dt>大小</dt>
            <dd>{formatFileSize(info.size)}</dd>
          </>
        )}
      </dl>
      {showQr ? (
        <div className={styles.qr}>
          <div className={styles.qrBox} data-testid="install-qr" data-url={info.installPageUrl}>
            <Suspense fallback={<span className={styles.shimmer} style={{ width: 120, height: 120 }} />}>
              <QrCode value={info.installPageUrl} size={120} />
            </Suspense>
          </div>
          <div className={styles.qrText}>
            用另一台 iPhone 的相机扫码，打开安装页安装。
            <br />
            链接有效期有限，请尽快使用。
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={styles.linkButton}
          style={{ width: "100%", marginTop: 6 }}
          onClick={() => setShowQr(true)}
        >
          显示二维码（在另一台手机安装）
        </button>
      )}
    </div>
  );
}
