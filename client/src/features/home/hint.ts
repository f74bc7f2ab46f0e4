import { readItem, writeItem } from "../../shared/storage";

/**
 * Hints kept beyond the cache's TTLs. The last default category lets the first request of a
 * visit already ask for the right list; if it turns out stale, the list is asked for again.
 */
export const LOCAL_KEYS_HOME = { defaultCategory: "home_default_category" } as const;

export function readHint(key: string): string | null {
  const v = readItem("local", key);
  return v && v.length <= 64 ? v : null;
}

export function writeHint(key: string, value: string): void {
  writeItem("local", key, value);
}
