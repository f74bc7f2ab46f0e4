import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { unstableSetRender } from "antd-mobile";
import { App } from "./app/App";
import { isAdminPath } from "./app/paths";
import { applyTheme } from "./features/theme/applyTheme";
import { themeStore } from "./features/theme/themeStore";
import { SITE_NAME } from "./shared/site";
import "./app/global.css";

// antd-mobile's imperative Toast and Dialog render through React 19's root API.
unstableSetRender((node, container) => {
  const host = container as Element & { __root?: Root };
  host.__root ??= createRoot(host);
  host.__root.render(node);
  return async () => {
    await Promise.resolve();
    host.__root?.unmount();
    delete host.__root;
  };
});

// First paint already in the stored theme (the controller takes over, debounced).
if (!isAdminPath(window.location.pathname)) {
  const { theme, dark } = themeStore.get();
  applyTheme(document.documentElement, theme, dark);
}
document.title = SITE_NAME;

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
