import { describe, expect, it } from "vitest";
import { cssVarName, DARK_OVERRIDES, DEFAULT_THEME_KEY, randomThemeKey, THEMES, themeColors } from "./themes";

describe("themes", () => {
  it("has the six themes of the spec, blue by default", () => {
    expect(THEMES.map((t) => `${t.key} ${t.name}`)).toEqual([
      "blue 碧穹·蓝",
      "purple 黛鸢·紫",
      "green 翠竹·绿",
      "orange 金桂·橙",
      "pink 樱花·粉",
      "teal 青瓷·青",
    ]);
    expect(DEFAULT_THEME_KEY).toBe("blue");
  });
  it("gives every theme all colour fields", () => {
    const fields = Object.keys(THEMES[0]!.colors).sort();
    expect(fields).toEqual(
      [
        "primary",
        "secondary",
        "gradient",
        "accent",
        "text",
        "surface",
        "pageBg",
        "cardBg",
        "borderColor",
        "textPrimary",
        "textSecondary",
        "bottomNavBg",
        "bottomNavActive",
        "categoryNavBg",
        "categoryNavActive",
      ].sort(),
    );
    THEMES.forEach((t) => expect(Object.keys(t.colors).sort()).toEqual(fields));
  });
  it("swaps in dark backgrounds and keeps the hues", () => {
    const dark = themeColors(THEMES[1]!, true);
    expect(dark.pageBg).toBe(DARK_OVERRIDES.pageBg);
    expect(dark.primary).toBe(THEMES[1]!.colors.primary);
  });
  it("names CSS variables and picks another theme at random", () => {
    expect(cssVarName("bottomNavBg")).toBe("--theme-bottom-nav-bg");
    expect(randomThemeKey("blue", () => 0)).toBe("purple");
    expect(randomThemeKey("teal", () => 0.999)).toBe("pink");
  });
});
