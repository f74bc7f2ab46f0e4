import { useEffect, useRef, useState } from "react";
import { PaletteIcon } from "../../shared/ui/icons";
import { THEMES } from "./themes";
import { themeStore, useThemeState } from "./themeStore";
import styles from "./theme.module.css";

const CheckIcon = () => (
  <svg
    width="1em"
    height="1em"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.4"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
  >
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

/**
 * The header's theme dropdown: six themes, dark mode, random pick and reset. A small panel of its own under the
 * button (closed by a tap outside or Escape) keeps popover libraries off the home page's critical path.
 */
export function ThemePicker({ buttonClassName }: { buttonClassName: string }) {
  const { theme, dark } = useThemeState();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className={styles.anchor} ref={root}>
      <button
        type="button"
        className={buttonClassName}
        aria-label="切换主题"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <PaletteIcon />
      </button>
      {open && (
        <div className={styles.panel} role="menu" aria-label="主题">
          <div className={styles.panelTitle}>切换主题</div>
          <div className={styles.grid}>
            {THEMES.map((t) => {
              const active = t.key === theme.key;
              return (
                <button
                  key={t.key}
                  type="button"
                  role="menuitemradio"
                  aria-checked={active}
                  className={active ? `${styles.option} ${styles.optionActive}` : styles.option}
                  onClick={() => themeStore.set(t.key)}
                >
                  <span className={styles.swatch} style={{ background: t.colors.gradient }}>
                    {active ? <CheckIcon /> : t.icon}
                  </span>
                  <span className={styles.name}>{t.name}</span>
                </button>
              );
            })}
          </div>
          <div className={styles.darkRow}>
            <span id="theme-dark-label">深色模式</span>
            <button
              type="button"
              role="switch"
              aria-checked={dark}
              aria-labelledby="theme-dark-label"
              className={styles.switch}
              onClick={() => themeStore.setDark(!dark)}
            />
          </div>
          <div className={styles.actions}>
            <button type="button" onClick={themeStore.random}>
              随机主题
            </button>
            <button type="button" onClick={themeStore.reset}>
              恢复默认
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
