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
