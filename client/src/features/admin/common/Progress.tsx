import styles from "./progress.module.css";

/**
 * antd's line Progress as plain elements: a bar with the percent after it (`showInfo`), blue while running, red for
 * `exception`, green at `success` (or 100 %), or in `color`.
 */
export function Progress({
  percent,
  status,
  color,
  showInfo = true,
  label,
}: {
  percent: number;
  status?: "active" | "exception" | "success" | "normal";
  color?: string;
  showInfo?: boolean;
  /** The bar's accessible name (what it measures). */
  label?: string;
}) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  const state = status === "exception" ? "exception" : status === "success" || p >= 100 ? "success" : "normal";
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={p}
      data-status={state}
    >
      <div className={styles.rail}>
        <div
          className={status === "active" ? `${styles.bar} ${styles.active}` : styles.bar}
          style={{ width: `${p}%`, ...(color ? { background: color } : {}) }}
        />
      </div>
      {showInfo && <span className={styles.info}>{p}%</span>}
    </div>
  );
}
