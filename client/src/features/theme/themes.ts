/** Colour fields of a theme (spec section 3 "Theme"). `text` is the text colour on the gradient. */
export interface ThemeColors {
  primary: string;
  secondary: string;
  gradient: string;
  accent: string;
  text: string;
  surface: string;
  pageBg: string;
  cardBg: string;
  borderColor: string;
  textPrimary: string;
  textSecondary: string;
  bottomNavBg: string;
  bottomNavActive: string;
  categoryNavBg: string;
  categoryNavActive: string;
}

export type ThemeKey = "blue" | "purple" | "green" | "orange" | "pink" | "teal";

export interface Theme {
  key: ThemeKey;
  name: string;
  /** One character shown on the theme's swatch. */
  icon: string;
  colors: ThemeColors;
}

export const DEFAULT_THEME_KEY: ThemeKey = "blue";

/** Shared light neutrals; each theme tints page and surface with its own hue. */
const light = {
  text: "#ffffff",
  cardBg: "#ffffff",
  textPrimary: "#1f2329",
  textSecondary: "#8a919f",
  bottomNavBg: "#ffffff",
  categoryNavBg: "#ffffff",
};

function theme(
  key: ThemeKey,
  name: string,
  icon: string,
  c: {
    primary: string;
    secondary: string;
    from: string;
    to: string;
    accent: string;
    surface: string;
    pageBg: string;
    border: string;
  },
): Theme {
  return {
    key,
    name,
    icon,
    colors: {
      ...light,
      primary: c.primary,
      secondary: c.secondary,
      gradient: `linear-gradient(135deg, ${c.from} 0%, ${c.to} 100%)`,
      accent: c.accent,
      surface: c.surface,
      pageBg: c.pageBg,
      borderColor: c.border,
      bottomNavActive: c.primary,
      categoryNavActive: c.primary,
    },
  };
}

export const THEMES: readonly Theme[] = [
  theme("blue", "碧穹·蓝", "穹", {
    primary: "#1677ff",
    secondary: "#4096ff",
    from: "#1261e6",
    to: "#4fa0ff",
    accent: "#ff7a45",
    surface: "#eef4ff",
    pageBg: "#f4f7fc",
    border: "#e4eaf4",
  }),
  theme("purple", "黛鸢·紫", "鸢", {
    primary: "#7b3fe4",
    secondary: "#9b6bf0",
    from: "#6a2fd6",
    to: "#b07cf5",
    accent: "#ff5fa2",
    surface: "#f4eefe",
    pageBg: "#f7f4fc",
    border: "#ebe3f7",
  }),
  theme("green", "翠竹·绿", "竹", {
    primary: "#12a16b",
    secondary: "#3cbf87",
    from: "#0e9461",
    to: "#4fd19a",
    accent: "#f5a623",
    surface: "#eaf8f1",
    pageBg: "#f3f8f5",
    border: "#dfeee6",
  }),
  theme("orange", "金桂·橙", "桂", {
    primary: "#f07c12",
    secondary: "#f79a3e",
    from: "#ee6c0e",
    to: "#fbb040",
    accent: "#e8453c",
    surface: "#fff3e6",
    pageBg: "#fbf7f2",
    border: "#f3e6d8",
  }),
  theme("pink", "樱花·粉", "樱", {
    primary: "#e8488a",
    secondary: "#f271a6",
    from: "#e23a7e",
    to: "#fb8cb8",
    accent: "#7b3fe4",
    surface: "#fdeef4",
    pageBg: "#fcf5f8",
    border: "#f5e1ea",
  }),
  theme("teal", "青瓷·青", "瓷", {
    primary: "#119c9c",
    secondary: "#36bdb8",
    from: "#0b8a8f",
    to: "#4fd0c6",
    accent: "#3d7bf5",
    surface: "#e7f7f6",
    pageBg: "#f2f8f8",
    border: "#dcecec",
  }),
];

/** Dark mode swaps in dark backgrounds and light text, keeping the theme's hues. */
export const DARK_OVERRIDES: Partial<ThemeColors> = {
  surface: "#1f232b",
  pageBg: "#111318",
  cardBg: "#1a1d24",
  borderColor: "#2b303a",
  textPrimary: "#e8eaee",
  textSecondary: "#9aa1ad",
  bottomNavBg: "#1a1d24",
  categoryNavBg: "#1a1d24",
};

export function findTheme(key: string | null | undefined): Theme | undefined {
  return THEMES.find((t) => t.key === key);
}

export function themeColors(t: Theme, dark: boolean): ThemeColors {
  return dark ? { ...t.colors, ...DARK_OVERRIDES } : t.colors;
}

/** CSS custom property of a colour field: bottomNavBg -> --theme-bottom-nav-bg. */
export function cssVarName(field: keyof ThemeColors): string {
  return `--theme-${field.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}`;
}

/** A different theme than `current`, picked at random. */
export function randomThemeKey(current: ThemeKey, random: () => number = Math.random): ThemeKey {
  const others = THEMES.filter((t) => t.key !== current);
  return others[Math.floor(random() * others.length) % others.length]!.key;
}
