import { THEMES } from "./themes";
import { themeStore, useThemeState } from "./themeStore";
import styles from "./theme.module.css";

const CheckIcon = () => (
  <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

/** The theme dropdown's panel (its own chunk, loaded when the picker first opens): six themes, dark mode, random, reset. */
export default function ThemePanel() {
  const { theme, dark } = useThemeState();
  return (
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
  );
}
