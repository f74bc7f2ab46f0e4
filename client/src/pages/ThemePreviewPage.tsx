import { usePageTitle } from "../features/site/useSiteInfo";
import { themeStore, useThemeState } from "../features/theme/themeStore";
import { themeColors, THEMES, type Theme } from "../features/theme/themes";
import styles from "../features/site/pages.module.css";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";

const SWATCHES: { field: "primary" | "secondary" | "accent" | "surface"; label: string }[] = [
  { field: "primary", label: "主色" },
  { field: "secondary", label: "辅色" },
  { field: "accent", label: "强调" },
  { field: "surface", label: "底色" },
];

/** A phone in miniature painted with one theme: header, category chips, a card and the tab bar. */
function Mock({ theme, dark }: { theme: Theme; dark: boolean }) {
  const c = themeColors(theme, dark);
  return (
    <div className={styles.mock} style={{ background: c.pageBg, borderColor: c.borderColor }} aria-hidden>
      <div className={styles.mockHeader} style={{ background: c.gradient, color: c.text }}>
        <span className={styles.mockLogo} />
        <span className={styles.mockTitle} />
      </div>
      <div className={styles.mockChips}>
        <span style={{ background: c.categoryNavActive }} />
        <span style={{ background: c.categoryNavBg, borderColor: c.borderColor }} />
        <span style={{ background: c.categoryNavBg, borderColor: c.borderColor }} />
      </div>
      <div className={styles.mockCard} style={{ background: c.cardBg }}>
        <span className={styles.mockIcon} style={{ background: c.gradient }} />
        <span className={styles.mockLines}>
          <i style={{ background: c.textPrimary }} />
          <i style={{ background: c.textSecondary }} />
        </span>
        <span className={styles.mockBadge} style={{ background: c.accent }} />
      </div>
      <div className={styles.mockNav} style={{ background: c.bottomNavBg, borderColor: c.borderColor }}>
        <i style={{ background: c.bottomNavActive }} />
        <i style={{ background: c.textSecondary }} />
        <i style={{ background: c.textSecondary }} />
        <i style={{ background: c.textSecondary }} />
      </div>
    </div>
  );
}

/** /theme-preview: the six themes with their colours; one tap applies a theme. */
export default function ThemePreviewPage() {
  usePageTitle("主题预览");
  const { theme: current, dark } = useThemeState();
  return (
    <div className={styles.page}>
      <SubPageTopBar title="主题预览" />
      <div className={styles.toolbar}>
        <span>当前：{current.name}</span>
        <div>
          <button type="button" role="switch" aria-checked={dark} onClick={() => themeStore.setDark(!dark)}>
            {dark ? "深色模式：开" : "深色模式：关"}
          </button>
          <button type="button" onClick={themeStore.random}>
            随机
          </button>
          <button type="button" onClick={themeStore.reset}>
            恢复默认
          </button>
        </div>
      </div>
      <ul className={styles.themeGrid}>
        {THEMES.map((t) => {
          const active = t.key === current.key;
          const c = themeColors(t, dark);
          return (
            <li
              key={t.key}
              className={active ? `${styles.themeCard} ${styles.themeActive}` : styles.themeCard}
              style={{ borderColor: active ? c.primary : undefined }}
            >
              <Mock theme={t} dark={dark} />
              <div className={styles.themeInfo}>
                <span className={styles.themeIcon} style={{ background: c.gradient }}>
                  {t.icon}
                </span>
                <strong>{t.name}</strong>
              </div>
              <div className={styles.swatches}>
                {SWATCHES.map((s) => (
                  <span key={s.field} title={`${s.label} ${c[s.field]}`}>
                    <i style={{ background: c[s.field] }} />
                    {s.label}
                  </span>
                ))}
              </div>
              <button
                type="button"
                className={styles.applyButton}
                style={active ? undefined : { background: c.gradient, color: c.text }}
                aria-pressed={active}
                aria-label={active ? `${t.name}（使用中）` : `使用${t.name}`}
                disabled={active}
                onClick={() => themeStore.set(t.key)}
              >
                {active ? "使用中" : "使用此主题"}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
