import { App } from "./app/App";
import { mount } from "./app/mount";
import { isAdminPath } from "./app/paths";
import { applyTheme } from "./features/theme/applyTheme";
import { themeStore } from "./features/theme/themeStore";

// First paint already in the stored theme (the controller takes over, debounced).
if (!isAdminPath(window.location.pathname)) {
  const { theme, dark } = themeStore.get();
  applyTheme(document.documentElement, theme, dark);
}

mount(<App />);
