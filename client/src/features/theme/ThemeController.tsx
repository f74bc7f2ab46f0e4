import { useEffect } from "react";
import { useLocation } from "react-router";
import { isAdminPath } from "../../app/paths";
import { applyTheme, clearTheme, THEME_DEBOUNCE_MS } from "./applyTheme";
import { useThemeState } from "./themeStore";

/** Applies the chosen theme on :root, debounced; never on /admin pages. */
export function ThemeController() {
  const { theme, dark } = useThemeState();
  const admin = isAdminPath(useLocation().pathname);
  useEffect(() => {
    const root = document.documentElement;
    if (admin) {
      clearTheme(root, theme);
      return;
    }
    const timer = window.setTimeout(() => applyTheme(root, theme, dark), THEME_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [theme, dark, admin]);
  return null;
}
