import type { HTMLAttributes, ReactNode } from "react";
import { Skeleton } from "antd";
import styles from "./panel.module.css";

interface PanelProps extends Omit<HTMLAttributes<HTMLDivElement>, "title"> {
  title?: ReactNode;
  /** Beside the title, on the right. */
  extra?: ReactNode;
  /** The body is antd Card's loading skeleton until the content is there. */
  loading?: boolean;
}

/**
 * A card as antd's Card draws it (default size, bordered: title, extra, body, loading skeleton), in plain elements.
 * antd's Card module brings its Tabs, for cards with a tab list, onto the page's first load: about 15 KB of
 * gzipped JavaScript the dashboard does not otherwise need.
 */
export function Panel({ title, extra, loading = false, className, children, ...rest }: PanelProps) {
  const classes = [styles.card, loading && styles.loading, className].filter(Boolean).join(" ");
  return (
    <div {...rest} className={classes}>
      {(title || extra) && (
        <div className={styles.head}>
          <div className={styles.headWrapper}>
            {title && <div className={styles.title}>{title}</div>}
            {extra && <div className={styles.extra}>{extra}</div>}
          </div>
        </div>
      )}
      <div className={styles.body}>
        {loading ? <Skeleton active paragraph={{ rows: 4 }} title={false} /> : children}
      </div>
    </div>
  );
}
