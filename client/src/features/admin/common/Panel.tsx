import type { CSSProperties, HTMLAttributes, ReactNode } from "react";
import styles from "./panel.module.css";

interface PanelProps extends Omit<HTMLAttributes<HTMLDivElement>, "title"> {
  title?: ReactNode;
  /** Beside the title, on the right. */
  extra?: ReactNode;
  /** The body is four grey lines (antd Card's loading skeleton) until the content is there. */
  loading?: boolean;
  /** antd's small card: a lower head and 12 px around the body. */
  size?: "small" | "default";
  bodyStyle?: CSSProperties;
  /** Lifts on hover, as a clickable card. */
  hoverable?: boolean;
}

/**
 * A card as antd's Card draws it (default size, bordered: title, extra, body, loading skeleton), in plain elements.
 * antd's Card module brings its Tabs, for cards with a tab list, onto the page's first load: about 15 KB of
 * gzipped JavaScript that no back office page otherwise needs.
 */
export function Panel({
  title,
  extra,
  loading = false,
  size,
  bodyStyle,
  hoverable,
  className,
  children,
  ...rest
}: PanelProps) {
  const classes = [
    styles.card,
    size === "small" && styles.small,
    hoverable && styles.hoverable,
    loading && styles.loading,
    className,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div {...rest} className={classes} data-panel>
      {(title || extra) && (
        <div className={styles.head}>
          <div className={styles.headWrapper}>
            {title && <div className={styles.title}>{title}</div>}
            {extra && <div className={styles.extra}>{extra}</div>}
          </div>
        </div>
      )}
      <div className={styles.body} style={bodyStyle}>
        {loading ? (
          <div className={styles.skeleton} role="status" aria-label="加载中">
            <span />
            <span />
            <span />
            <span />
          </div>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
