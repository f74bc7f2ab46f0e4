import type { ReactNode } from "react";
import styles from "./descriptions.module.css";

export interface DescriptionItem {
  key?: string;
  label: ReactNode;
  children: ReactNode;
  /** Across both columns (antd's span 2). */
  wide?: boolean;
}

/**
 * antd's Descriptions (small size) as a plain `<dl>`: a title, then label and value pairs, one pair a row, or two
 * side by side from 576 px with `columns={2}`; `bordered` draws antd's grey label cells and lines. Leave out an
 * item with `false`/`null` in `items`.
 */
export function Descriptions({
  title,
  items,
  bordered = false,
  columns = 1,
}: {
  title?: ReactNode;
  items: readonly (DescriptionItem | false | null | undefined)[];
  bordered?: boolean;
  columns?: 1 | 2;
}) {
  const shown = items.filter((i): i is DescriptionItem => !!i);
  return (
    <section className={styles.descriptions}>
      {title && <div className={styles.title}>{title}</div>}
      <dl className={styles.list} data-bordered={bordered ? "" : undefined} data-columns={columns}>
        {shown.map((item, i) => (
          <div key={item.key ?? i} className={styles.item} data-wide={item.wide ? "" : undefined}>
            <dt className={styles.label}>{item.label}</dt>
            <dd className={styles.value}>{item.children}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
