import styles from "./ui.module.css";

function Lines({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeletonLine} />
      ))}
    </>
  );
}

/** Shown while a page's code loads: the shape of a titled card list, so nothing jumps. */
export function PageSkeleton() {
  return (
    <div className={styles.pageSkeleton} aria-busy="true" aria-label="加载中">
      <div className={styles.skeletonCard}>
        <div className={styles.skeletonTitle} />
        <Lines count={3} />
      </div>
      <div className={styles.skeletonCard}>
        <Lines count={4} />
      </div>
    </div>
  );
}
