import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { isAdminPath } from "./app/paths";
import { applyTheme } from "./features/theme/applyTheme";
import { themeStore } from "./features/theme/themeStore";
import { SITE_NAME } from "./shared/site";
import "./app/global.css";

// First paint already in the stored theme (the controller takes over, debounced).
if (!isAdminPath(window.location.pathname)) {
  const { theme, dark } = themeStore.get();
  applyTheme(document.documentElement, theme, dark);
}
document.title = SITE_NAME;

// iOS Safari zooms into a focused field whose text is under 16 px unless the viewport says maximum-scale=1, which it
// ignores for pinch zoom; elsewhere that would forbid zooming, so it is added on iOS only.
if (/iPhone|iPad|iPod/.test(navigator.userAgent)) {
  const viewport = document.querySelector('meta[name="viewport"]');
  viewport?.setAttribute("content", `${viewport.getAttribute("content")}, maximum-scale=1`);
}

// The first render as a transition: React renders in slices and yields to the browser between them, so building the
// page never blocks the main thread for long (the home page's data is already on its way, see App).
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
