import { useState } from "react";
import { Popover, Switch } from "antd-mobile";
import { CheckOutline } from "antd-mobile-icons";
import { PaletteIcon } from "../../shared/ui/icons";
import { THEMES } from "./themes";
import { themeStore, useThemeState } from "./themeStore";
import styles from "./theme.module.css";

/** The header's theme dropdown: six themes, dark mode, random pick and reset. */
export function ThemePicker({ buttonClassName }: { buttonClassName: string }) {
  const { theme, dark } = useThemeState();
  const [open, setOpen] = useState(false);
  const panel = (
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
                {active ? <CheckOutline /> : t.icon}
              </span>
              <span className={styles.name}>{t.name}</span>
            </button>
          );
        })}
      </div>
      <label className={styles.darkRow}>
        <span>深色模式</span>
        <Switch checked={dark} onChange={themeStore.setDark} style={{ "--height": "24px", "--width": "42px" }} />
      </label>
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
  return (
    <Popover content={panel} trigger="click" placement="bottom-end" visible={open} onVisibleChange={setOpen}>
      <button type="button" className={buttonClassName} aria-label="切换主题" aria-haspopup="menu" aria-expanded={open}>
        <PaletteIcon />
      </button>
    </Popover>
  );
}
