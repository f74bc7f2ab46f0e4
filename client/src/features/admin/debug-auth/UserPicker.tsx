import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLazyQuery } from "@apollo/client/react";
import { CloseCircleFilled, DownOutlined, LoadingOutlined } from "@ant-design/icons";
import { AdminUsersQuery } from "../users/operations";
import styles from "./debug-auth.module.css";

/** How long typing must pause before the picker asks the server. */
const SEARCH_PAUSE_MS = 250;

/**
 * 选择用户 as antd's searchable Select draws it, in plain elements (a combobox and its list): typing asks the server
 * for the users whose name matches once it pauses, a click or Enter picks one, the cross clears it. antd's Select
 * brings its virtual list and popup (some 25 KB gzipped) to the page's first load. `value` is the picked user's id.
 */
export function UserPicker({ value, onChange }: { value?: string; onChange: (id: string | undefined) => void }) {
  const id = useId();
  const [findUsers, users] = useLazyQuery(AdminUsersQuery);
  const [search, setSearch] = useState<string | null>(null);
  const [picked, setPicked] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const options = (users.data?.adminUsers.items ?? []).map((u) => ({
    value: u.id,
    label: `${u.username}（ID ${u.id}）`,
  }));
  const pick = (o: { value: string; label: string }) => {
    setPicked(o.label);
    setSearch(null);
    setOpen(false);
    onChange(o.value);
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (options.length ? (a + step + options.length) % options.length : 0));
    } else if (e.key === "Enter" && open && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === "Escape") setOpen(false);
  };
  const shown = value ? picked : "";
  return (
    <div className={styles.picker}>
      <input
        role="combobox"
        aria-label="用户"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${id}-${active}` : undefined}
        className={styles.pickerInput}
        placeholder={shown ? undefined : "输入用户名搜索"}
        value={search ?? shown}
        autoComplete="off"
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => (setOpen(false), setSearch(null))}
        onKeyDown={keys}
        onChange={(e) => {
          const q = e.target.value;
          setSearch(q);
          setOpen(true);
          setActive(0);
          clearTimeout(timer.current);
          if (q.trim())
            timer.current = setTimeout(
              () => void findUsers({ variables: { search: q.trim(), page: 1, pageSize: 20 } }),
              SEARCH_PAUSE_MS,
            );
        }}
      />
      {value ? (
        <button
          type="button"
          className={styles.pickerClear}
          aria-label="清除"
          onClick={() => (setPicked(""), setSearch(null), onChange(undefined))}
        >
          <CloseCircleFilled />
        </button>
      ) : (
        <span className={styles.pickerArrow} aria-hidden>
          {users.loading ? <LoadingOutlined /> : <DownOutlined />}
        </span>
      )}
      {open && (
        <ul id={`${id}-list`} role="listbox" className={styles.pickerList} onMouseDown={(e) => e.preventDefault()}>
          {options.length ? (
            options.map((o, i) => (
              <li
                key={o.value}
                id={`${id}-${i}`}
                role="option"
                aria-selected={o.value === value}
                data-active={i === active ? "" : undefined}
                className={styles.pickerOption}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(o)}
              >
                {o.label}
              </li>
            ))
          ) : (
            <li className={styles.pickerEmpty}>{users.called ? "没有找到用户" : "输入用户名搜索"}</li>
          )}
        </ul>
      )}
    </div>
  );
}
