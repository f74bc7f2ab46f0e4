import { Link } from "react-router";
import styles from "./notFound.module.css";

/** The plain 404 page: routes whose pages do not exist (yet) land here. */
export function NotFound({ homePath, homeLabel }: { homePath: string; homeLabel: string }) {
  return (
    <section className={styles.wrap}>
      <svg className={styles.art} viewBox="0 0 160 120" aria-hidden>
        <ellipse cx="80" cy="108" rx="56" ry="6" fill="currentColor" opacity=".08" />
        <rect x="34" y="18" width="92" height="72" rx="12" fill="currentColor" opacity=".1" />
        <rect x="34" y="18" width="92" height="18" rx="9" fill="currentColor" opacity=".18" />
        <circle cx="46" cy="27" r="3" fill="currentColor" opacity=".45" />
        <circle cx="56" cy="27" r="3" fill="currentColor" opacity=".3" />
        <text x="80" y="74" textAnchor="middle" fontSize="26" fontWeight="700" fill="currentColor" opacity=".55">
          404
        </text>
      </svg>
      <h1 className={styles.title}>页面不存在</h1>
      <p className={styles.text}>您访问的页面不存在或已被移除</p>
      <Link to={homePath} className={styles.button}>
        {homeLabel}
      </Link>
    </section>
  );
}
