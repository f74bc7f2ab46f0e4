import type { CSSProperties, ReactNode } from "react";
import styles from "./tag.module.css";

/** antd's preset and status colours a Tag takes; anything else draws the default grey tag. */
const COLORS = new Set([
  "blue",
  "green",
  "orange",
  "red",
  "gold",
  "purple",
  "cyan",
  "magenta",
  "volcano",
  "lime",
  "geekblue",
  "success",
  "processing",
  "error",
  "warning",
]);

/**
 * A status label as antd's (outlined) Tag draws it, in one span: antd's Tag module brings its colour generator and
 * checkable tags to every list page's first load.
 */
export function Tag({
  color,
  icon,
  style,
  className,
  children,
  "data-testid": testId,
}: {
  color?: string;
  icon?: ReactNode;
  style?: CSSProperties;
  className?: string;
  children?: ReactNode;
  "data-testid"?: string;
}) {
  const tone = color && COLORS.has(color) ? styles[color] : undefined;
  return (
    <span
      className={[styles.tag, tone, className].filter(Boolean).join(" ")}
      style={style}
      data-testid={testId}
      data-tag
    >
      {icon}
      {icon ? <span className={styles.text}>{children}</span> : children}
    </span>
  );
}
