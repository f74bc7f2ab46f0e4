import { BEIAN_URL, copyrightText } from "./siteInfo";
import { useSiteInfo } from "./useSiteInfo";
import styles from "./site.module.css";

/** The filing number linked to the national filing site, and the copyright line. */
export function SiteFooter() {
  const site = useSiteInfo();
  return (
    <footer className={styles.footer}>
      {site.icpNumber && (
        <a href={BEIAN_URL} target="_blank" rel="noopener noreferrer">
          {site.icpNumber}
        </a>
      )}
      <p>{copyrightText(site)}</p>
    </footer>
  );
}
