import styles from "./ui.module.css";

/** Full-screen spinner while the back office's code loads (no design system needed). */
export function LoadingScreen() {
  return (
    <div className={styles.loadingScreen} role="status" aria-label="加载中">
      <span className={styles.spinner} />
    </div>
  );
}
