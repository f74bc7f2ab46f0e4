import { cssVarName, themeColors, type Theme, type ThemeColors } from "./themes";

/** Spec section 9: theme updates are debounced 50 ms and fade over 0.3 s. */
export const THEME_DEBOUNCE_MS = 50;
const THEME_TRANSITION = "0.3s";

/** antd-mobile reads its palette from these variables; they follow the theme. */
function componentVars(c: ThemeColors, dark: boolean): Record<string, string> {
  return {
    "--adm-color-light": dark ? "#5f6673" : "#c2c7d0", // placeholders
    "--adm-color-primary": c.primary,
    "--adm-color-background": c.cardBg,
    "--adm-color-text": c.textPrimary,
    "--adm-color-text-secondary": c.textSecondary,
    "--adm-color-border": c.borderColor,
    "--adm-color-box": c.surface,
  };
}

function variables(theme: Theme, dark: boolean): Record<string, string> {
  const colors = themeColors(theme, dark);
  const vars: Record<string, string> = { "--theme-transition": THEME_TRANSITION, ...componentVars(colors, dark) };
  (Object.keys(colors) as (keyof ThemeColors)[]).forEach((field) => {
    vars[cssVarName(field)] = colors[field];
  });
  return vars;
}

const APPLIED_ATTR = "data-theme";

/** Writes the theme's colours as CSS variables on :root. */
export function applyTheme(root: HTMLElement, theme: Theme, dark: boolean): void {
  for (const [name, value] of Object.entries(variables(theme, dark))) root.style.setProperty(name, value);
  root.setAttribute(APPLIED_ATTR, theme.key);
  root.toggleAttribute("data-dark", dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", theme.colors.primary);
}

/** Removes every theme variable (admin pages use antd's own palette). */
export function clearTheme(root: HTMLElement, theme: Theme): void {
  for (const name of Object.keys(variables(theme, false))) root.style.removeProperty(name);
  root.removeAttribute(APPLIED_ATTR);
  root.removeAttribute("data-dark");
}
