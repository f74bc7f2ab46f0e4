import { useState } from "react";

/**
 * True from the first time `visible` is true on. Dialogs whose code is loaded lazily mount once first shown and
 * stay mounted, so their closing animation still plays.
 */
export function useShownOnce(visible: boolean): boolean {
  const [shown, setShown] = useState(visible);
  if (visible && !shown) setShown(true);
  return shown || visible;
}

/** Warms a lazily loaded chunk once the browser is idle after the first paint. */
export function preloadWhenIdle(load: () => Promise<unknown>): void {
  const run = () => void load().catch(() => undefined);
  if (typeof window === "undefined") return;
  const w = window as Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };
  if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1500);
}
