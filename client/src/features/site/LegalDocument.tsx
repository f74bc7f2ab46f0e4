import { useQuery } from "@apollo/client/react";
import { SubPageTopBar } from "../../shared/ui/SubPageTopBar";
import { LegalDocumentsQuery } from "./operations";
import { usePageTitle } from "./useSiteInfo";
import styles from "./pages.module.css";

const LEGAL_TITLES = { userAgreement: "用户协议", privacyPolicy: "隐私政策" } as const;
export type LegalKind = keyof typeof LEGAL_TITLES;

/** /agreement and /privacy: the text an admin keeps in 系统设置, one paragraph per line. */
export function LegalDocument({ kind }: { kind: LegalKind }) {
  const title = LEGAL_TITLES[kind];
  usePageTitle(title);
  const { data, error, refetch } = useQuery(LegalDocumentsQuery, { fetchPolicy: "cache-and-network" });
  const text = data?.legalDocuments[kind];
  return (
    <div className={styles.page}>
      <SubPageTopBar title={title} />
      {text !== undefined ? (
        <article className={styles.legal} aria-label={title}>
          {text
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
            .map((line, i) => (
              <p key={i}>{line}</p>
            ))}
        </article>
      ) : error ? (
        <p className={styles.legalStatus} role="alert">
          加载失败
          <button type="button" onClick={() => void refetch()}>
            重试
          </button>
        </p>
      ) : (
        <p className={styles.legalStatus} aria-busy="true">
          加载中…
        </p>
      )}
    </div>
  );
}
