import { normalizeImagePath } from "../../../shared/image";
import styles from "./common.module.css";

/** Icon + name (+ a grey second line) for catalogue tables. */
export function NameCell({ icon, name, sub }: { icon: string; name: string; sub?: string }) {
  return (
    <div className={styles.nameCell}>
      <img className={styles.thumb} src={normalizeImagePath(icon)} alt="" loading="lazy" />
      <div className={styles.nameText}>
        <div className={styles.nameText} title={name}>
          {name}
        </div>
        {sub && (
          <div className={`${styles.sub} ${styles.nameText}`} title={sub}>
            {sub}
          </div>
        )}
      </div>
    </div>
  );
}

export const PAGE_SIZES = [10, 20, 50, 100];
