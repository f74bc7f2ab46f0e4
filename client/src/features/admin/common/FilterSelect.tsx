import type { CSSProperties } from "react";
import styles from "./controls.module.css";

/**
 * A list's filter (全部状态, 全部分类…) or a small in-row choice as a native `<select>` in antd's look: antd's Select
 * brings its virtual list, search input and popup to a list page's first load. With a `placeholder` the first option
 * is it, for "no filter" (antd's allowClear): choosing it gives `undefined`. In a form (fields.tsx's Field) it takes the
 * field's `id` and a full width.
 */
export function FilterSelect<V extends string>({
  options,
  value,
  onChange,
  placeholder,
  style,
  size,
  disabled,
  id,
  "aria-label": label,
}: {
  options: readonly { value: V; label: string }[];
  value: V | null | undefined;
  onChange: (value: V | undefined) => void;
  placeholder?: string;
  style?: CSSProperties;
  size?: "small";
  disabled?: boolean;
  /** A form field's control id (fields.tsx's Field), which then names it. */
  id?: string;
  "aria-label"?: string;
}) {
  return (
    <select
      className={size === "small" ? `${styles.select} ${styles.selectSmall}` : styles.select}
      style={style}
      value={value ?? ""}
      disabled={disabled}
      id={id}
      aria-label={label ?? (id ? undefined : placeholder)}
      data-empty={value == null || value === "" ? "" : undefined}
      onChange={(e) => onChange(e.target.value === "" ? undefined : (e.target.value as V))}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
