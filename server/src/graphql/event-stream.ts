/**
 * A subscription's stream made from an event iterator: each event is mapped (possibly by reading the database),
 * and events that map to null (someone else's, a row gone meanwhile) are skipped. Returning the stream ends the
 * underlying iterator (and so the event bus subscription).
 */
export function filterMap<T, U>(
  source: AsyncIterator<T>,
  fn: (v: T) => U | null | Promise<U | null>,
): AsyncIterableIterator<U> {
  const it: AsyncIterableIterator<U> = {
    next: async () => {
      for (;;) {
        const r = await source.next();
        if (r.done) return { done: true, value: undefined };
        const v = await fn(r.value);
        if (v !== null) return { done: false, value: v };
      }
    },
    return: async () => {
      await source.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => it,
  };
  return it;
}

/**
 * A subscription's stream of one thing: `read()` now, then again after each event of `changes` (already filtered to
 * this thing). `changes` must be subscribed before the call, so no event between the first read and the wait is lost.
 */
export function readNowAndOnChange<T, U>(changes: AsyncIterator<T>, read: () => Promise<U>): AsyncIterableIterator<U> {
  let first = true;
  const it: AsyncIterableIterator<U> = {
    next: async () => {
      if (!first) {
        const r = await changes.next();
        if (r.done) return { done: true, value: undefined };
      }
      first = false;
      return { done: false, value: await read() };
    },
    return: async () => {
      await changes.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => it,
  };
  return it;
}
