import { useSyncExternalStore } from "react";

/** The query's list, or undefined where there is no matchMedia (jsdom). */
const listOf = (query: string) => window.matchMedia?.(query);

/** Whether the CSS media query matches now; follows a change live (a rotated phone, a resized window). */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = listOf(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => listOf(query)?.matches ?? fallback,
  );
}
