import { startTransition, StrictMode, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { SITE_NAME } from "../shared/site";
import "./global.css";

/**
 * Renders an entry's app into #root, for the users' pages (main.tsx) and the back office (admin-main.tsx) alike: the
 * site's name as the title until a page sets its own, iOS's zoom fix, the first render as a transition.
 */
export function mount(app: ReactNode): void {
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
  startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
}
