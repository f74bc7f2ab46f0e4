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

/**
 * Warms a lazily loaded chunk on the visitor's first touch, click or key press anywhere on the page, a moment
 * before the tap that opens it ends; nothing loads for a visitor who only looks.
 */
export function preloadOnFirstInput(load: () => Promise<unknown>): () => void {
  if (typeof window === "undefined") return () => undefined;
  const events = ["pointerdown", "keydown"] as const;
  const run = () => {
    stop();
    void load().catch(() => undefined);
  };
  const stop = () => events.forEach((e) => window.removeEventListener(e, run, true));
  events.forEach((e) => window.addEventListener(e, run, { capture: true, passive: true }));
  return stop;
}
