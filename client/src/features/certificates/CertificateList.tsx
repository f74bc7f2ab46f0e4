import type { ReactNode } from "react";
import { Link } from "react-router";
import { Skeleton } from "antd-mobile";
import type { CertificateCardFieldsFragment } from "../../gql/graphql";
import { formatDateTime } from "../../shared/format";
import { CERT_TYPE_LABELS, devicesLabel } from "./labels";
import { CertificateStatusTag } from "./StatusTag";
import styles from "./certificates.module.css";

/** One certificate of a list: name, status, type, team, devices, expiry and the last check. */
export function CertificateItem(props: { cert: CertificateCardFieldsFragment; to?: string; children?: ReactNode }) {
  const c = props.cert;
  const body = (
    <>
      <div className={styles.itemTop}>
        <span className={styles.itemName}>{c.name}</span>
        <CertificateStatusTag status={c.status} />
      </div>
      <div className={styles.meta}>
        <span>{CERT_TYPE_LABELS[c.certType] ?? c.certType}</span>
        <span>{c.teamName || c.teamId}</span>
        <span>{devicesLabel(c)}</span>
      </div>
      <div className={styles.meta}>
        <span>到期：{formatDateTime(c.expiresAt)}</span>
        <span data-testid="checked-at">{c.checkedAt ? `检测：${formatDateTime(c.checkedAt)}` : "尚未检测"}</span>
      </div>
      {c.tempExpiresAt && (
        <div className={styles.meta}>临时有效期至：{formatDateTime(c.tempExpiresAt)}（到期自动删除）</div>
      )}
    </>
  );
  return (
    <li data-testid="certificate-item" data-id={c.id} className={props.to ? styles.linked : undefined}>
      {props.to ? (
        <>
          <Link to={props.to} className={styles.item}>
            {body}
          </Link>
          {props.children && <div className={styles.itemExtra}>{props.children}</div>}
        </>
      ) : (
        <div className={styles.item}>
          {body}
          {props.children}
        </div>
      )}
    </li>
  );
}

export function ListSkeleton() {
  return (
    <div style={{ marginTop: 14 }} aria-label="加载中">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={3} animated />
    </div>
  );
}
