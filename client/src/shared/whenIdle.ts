type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `run` once the browser is idle, at most `timeoutMs` later (after 300 ms where there is no
 * requestIdleCallback). Returns what cancels it, for an effect's cleanup.
 */
export function whenIdle(run: () => void, timeoutMs = 1500): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(run, { timeout: timeoutMs });
    return () => w.cancelIdleCallback!(handle);
  }
  const handle = window.setTimeout(run, 300);
  return () => window.clearTimeout(handle);
}
