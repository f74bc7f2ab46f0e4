import { useEffect, useState, type FormEvent } from "react";
import { ClearIcon, SearchIcon } from "../../shared/ui/icons";
import styles from "./home.module.css";

const SEARCH_MAX_LENGTH = 100;

/** Search the whole catalogue by name, keywords, bundle id or tags: submitted with the keyboard's search key or the button. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className={styles.search} role="search" onSubmit={submit}>
      <span className={styles.searchIcon}>
        <SearchIcon />
      </span>
      <input
        type="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        enterKeyHint="search"
        placeholder="搜索全站应用、动态库与资源"
        aria-label="搜索应用"
        onChange={(e) => setText(e.target.value)}
      />
      {text && (
        <button
          type="button"
          className={styles.searchClear}
          aria-label="清除搜索"
          onClick={() => {
            setText("");
            if (value) onSearch("");
          }}
        >
          <ClearIcon />
        </button>
      )}
      <button type="submit" className={styles.searchButton}>
        搜索
      </button>
    </form>
  );
}
