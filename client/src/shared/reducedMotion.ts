import { useSyncExternalStore } from "react";

/** The system's setting, or undefined where there is no matchMedia (jsdom). */
const query = () => window.matchMedia?.("(prefers-reduced-motion: reduce)");

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

/** Whether the visitor's system asks for less motion (iOS 减弱动态效果, macOS, Windows); follows a change live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}
