import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import styles from "./tabs.module.css";

export interface PageTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * A page's tabs (应用列表 / 分类管理, the settings' sections…) as antd's line Tabs draw them: the tab list, then only
 * the open tab's content. The pages keep the open tab in the address (?tab=), so `activeKey` is theirs. Arrow keys,
 * Home and End move between the tabs. antd's Tabs module brings its overflow menu and dropdown to the first load.
 */
export function PageTabs({
  activeKey,
  onChange,
  items,
}: {
  activeKey: string;
  onChange: (key: string) => void;
  items: readonly PageTab[];
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const active = items.find((t) => t.key === activeKey) ?? items[0];
  const move = (e: KeyboardEvent) => {
    const at = items.findIndex((t) => t.key === active?.key);
    const to =
      e.key === "ArrowRight"
        ? at + 1
        : e.key === "ArrowLeft"
          ? at - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? -1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = items[(to + items.length) % items.length]!;
    onChange(next.key);
    list.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(next.key)}"]`)?.focus();
  };
  return (
    <div className={styles.tabs}>
      <div role="tablist" className={styles.nav} ref={list} onKeyDown={move}>
        {items.map((t) => {
          const selected = t.key === active?.key;
          return (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`${id}-${t.key}`}
              data-key={t.key}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              className={selected ? `${styles.tab} ${styles.active}` : styles.tab}
              onClick={() => !selected && onChange(t.key)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active.key}`} className={styles.panel}>
          {active.children}
        </div>
      )}
    </div>
  );
}
