/** Polls `fn` every `everyMs` until it answers something (not undefined, null or false); fails after `ms`. */
export async function pollUntil<T>(
  fn: () => Promise<T | undefined | null | false>,
  ms = 30_000,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v as T;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
