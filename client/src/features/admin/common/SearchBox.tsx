import { useState, type CSSProperties, type HTMLAttributes } from "react";
import { CloseCircleFilled, SearchOutlined } from "@ant-design/icons";
import styles from "./controls.module.css";

/**
 * A search box as antd's Input.Search draws it (the text, a clear button once there is text, the search button at
 * the end), in plain elements: antd's Input brings its whole input family to a list page's first load. Enter or
 * the button searches; clearing searches for nothing. Its name is its placeholder unless `aria-label` gives one (no
 * label of its own: a form's field found by its label is never this box).
 */
export function SearchBox({
  placeholder,
  onSearch,
  enterButton,
  style,
  inputMode,
  "aria-label": label,
}: {
  placeholder: string;
  onSearch: (value: string) => void;
  /** The search button's text (a primary button); without it, a magnifier. */
  enterButton?: string;
  style?: CSSProperties;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  "aria-label"?: string;
}) {
  const [value, setValue] = useState("");
  return (
    <form
      role="search"
      className={styles.search}
      style={style}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value);
      }}
    >
      <span className={styles.field}>
        <input
          className={styles.input}
          value={value}
          placeholder={placeholder}
          aria-label={label}
          inputMode={inputMode}
          enterKeyHint="search"
          onChange={(e) => setValue(e.target.value)}
        />
        {value && (
          <button
            type="button"
            className={styles.clear}
            aria-label="清除"
            onClick={() => {
              setValue("");
              onSearch("");
            }}
          >
            <CloseCircleFilled />
          </button>
        )}
      </span>
      <button type="submit" className={enterButton ? `${styles.button} ${styles.primary}` : styles.button}>
        {enterButton ?? <SearchOutlined aria-label="搜索" />}
      </button>
    </form>
  );
}
