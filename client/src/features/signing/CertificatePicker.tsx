import { Link } from "react-router";
import type { SigningFormQuery } from "../../gql/graphql";
import { formatDateTime } from "../../shared/format";
import { KIND_LABELS, feeText, unusableReason } from "./labels";
import styles from "./signing.module.css";

export type SignableCertificate = SigningFormQuery["signableCertificates"][number];

/**
 * The certificates the caller may sign with, as a radio group: kind (我的证书 / 临时证书 / 演示证书), team, expiry and
 * the fee of one signing; unusable ones are greyed out with the reason.
 */
export function CertificatePicker(props: {
  certificates: SignableCertificate[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  if (props.certificates.length === 0) {
    return (
      <p className={styles.empty}>
        还没有可用的证书，<Link to="/management">去上传证书</Link>或<Link to="/certificate">购买证书</Link>
      </p>
    );
  }
  return (
    <ul className={styles.choices} role="radiogroup" aria-label="签名证书">
      {props.certificates.map((c) => {
        const why = unusableReason(c);
        return (
          <li key={c.id}>
            <button
              type="button"
              role="radio"
              aria-checked={props.value === c.id}
              disabled={!!why}
              className={styles.choice}
              data-testid="signing-certificate"
              onClick={() => props.onChange(c.id)}
            >
              <span className={styles.radio} aria-hidden />
              <span className={styles.choiceBody}>
                <span className={styles.choiceTop}>
                  <span className={styles.choiceName}>{c.name}</span>
                  <span className={`${styles.badge} ${c.kind === "demo" ? styles.badgeDemo : ""}`}>
                    {KIND_LABELS[c.kind] ?? c.kind}
                  </span>
                  <span className={styles.fee}>{feeText(c.feeFen)}</span>
                </span>
                <span className={styles.meta}>
                  <span>{c.teamName || "-"}</span>
                  <span>App ID：{c.appId}</span>
                </span>
                <span className={styles.meta}>
                  <span>到期：{formatDateTime(c.expiresAt)}</span>
                </span>
                {why && <span className={styles.why}>{why}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
