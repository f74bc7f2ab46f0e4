import { Skeleton } from "antd-mobile";
import styles from "./ui.module.css";

/** Shown while a page's code loads: the shape of a titled card list, so nothing jumps. */
export function PageSkeleton() {
  return (
    <div className={styles.pageSkeleton} aria-busy="true" aria-label="加载中">
      <div className={styles.skeletonCard}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
      <div className={styles.skeletonCard}>
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    </div>
  );
}
