import styles from "./detail.module.css";

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
