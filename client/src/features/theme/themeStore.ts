import { useSyncExternalStore } from "react";
import { LOCAL_KEYS, readItem, writeItem } from "../../shared/storage";
import { DEFAULT_THEME_KEY, findTheme, randomThemeKey, type Theme, type ThemeKey } from "./themes";

export interface ThemeState {
  theme: Theme;
  dark: boolean;
}

function load(): ThemeState {
  return {
    theme: findTheme(readItem("local", LOCAL_KEYS.theme)) ?? findTheme(DEFAULT_THEME_KEY)!,
    dark: readItem("local", LOCAL_KEYS.darkMode) === "true",
  };
}

let state = load();
const listeners = new Set<() => void>();

function update(next: Partial<ThemeState>): void {
  state = { ...state, ...next };
  writeItem("local", LOCAL_KEYS.theme, state.theme.key);
  writeItem("local", LOCAL_KEYS.darkMode, String(state.dark));
  listeners.forEach((l) => l());
}

/** The theme choice: one of six, stored under `theme`, default blue; plus the dark-mode flag. */
export const themeStore = {
  get: (): ThemeState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(key: ThemeKey): void {
    const theme = findTheme(key);
    if (theme) update({ theme });
  },
  reset(): void {
    update({ theme: findTheme(DEFAULT_THEME_KEY)! });
  },
  random(): void {
    update({ theme: findTheme(randomThemeKey(state.theme.key))! });
  },
  setDark(dark: boolean): void {
    update({ dark });
  },
};

export function useThemeState(): ThemeState {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get);
}
