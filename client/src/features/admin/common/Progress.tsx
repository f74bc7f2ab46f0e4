import type { ReactNode } from "react";
import styles from "./progress.module.css";

/**
 * antd's line Progress as plain elements: a bar with the percent after it (`showInfo`, or `format`'s text), blue while
 * running, red for `exception`, green at `success` (or 100 %), or in `color`. `successPercent` draws the part already
 * done well in green from the left, over the bar (antd's `success`); `size="small"` is antd's thinner bar.
 */
export function Progress({
  percent,
  status,
  color,
  showInfo = true,
  format,
  successPercent,
  size,
  label,
}: {
  percent: number;
  status?: "active" | "exception" | "success" | "normal";
  color?: string;
  showInfo?: boolean;
  format?: (percent: number) => ReactNode;
  successPercent?: number;
  size?: "small";
  /** The bar's accessible name (what it measures). */
  label?: string;
}) {
  const p = clamp(percent);
  const state = status === "exception" ? "exception" : status === "success" || p >= 100 ? "success" : "normal";
  return (
    <div
      className={size === "small" ? `${styles.progress} ${styles.small}` : styles.progress}
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
        {successPercent !== undefined && (
          <div className={styles.successBar} style={{ width: `${clamp(successPercent)}%` }} />
        )}
      </div>
      {showInfo && <span className={styles.info}>{format ? format(p) : `${p}%`}</span>}
    </div>
  );
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
