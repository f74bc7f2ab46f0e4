import { useNavigate } from "react-router";
import { BackIcon } from "../../shared/ui/icons";
import styles from "./detail.module.css";

/** The detail page's bar: back (or home when there is no history) and the title. */
export function TopBar({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <div className={styles.topBar}>
      <button
        type="button"
        className={styles.back}
        aria-label="返回"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
      >
        <BackIcon />
      </button>
      <h1>{title}</h1>
    </div>
  );
}

/** The detail page while the item loads. */
export function Skeleton() {
  return (
    <div aria-busy="true" aria-label="加载中">
      <section className={styles.hero}>
        <span className={`${styles.shimmer} ${styles.iconSkeleton}`} />
        <div className={styles.heroText}>
          <span className={styles.shimmer} style={{ width: "60%", height: 20 }} />
          <span className={styles.shimmer} style={{ width: "40%", height: 14 }} />
          <span className={styles.shimmer} style={{ width: "30%", height: 14 }} />
        </div>
      </section>
      <section className={styles.card}>
        <span className={styles.shimmer} style={{ width: "90%", height: 14 }} />
        <span className={styles.shimmer} style={{ width: "75%", height: 14 }} />
        <span className={styles.shimmer} style={{ width: "82%", height: 14 }} />
      </section>
    </div>
  );
}
