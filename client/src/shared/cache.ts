import { CACHE_PREFIX } from "./storage";

/** Time to live of the client cache entries (spec section 9). */
export const CACHE_TTL = {
  banners: 5 * 60_000,
  categories: 30 * 60_000,
  apps: 10 * 60_000,
  dylib: 15 * 60_000,
} as const;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

export interface LocalCache {
  get<T>(key: string): T | null;
  set<T>(key: string, value: T, ttlMs: number): void;
  remove(key: string): void;
  /** The keys (without the prefix) of every gryx_cache_ entry, expired or not. */
  keys(): string[];
  /** Removes every gryx_cache_ entry, expired or not. */
  clear(): void;
}

/** A cache in local storage, entries prefixed gryx_cache_ and dropped once their TTL has passed. */
export function createLocalCache(storage: Storage | null, now: () => number = Date.now): LocalCache {
  const keyOf = (key: string) => CACHE_PREFIX + key;
  const safely = (fn: () => void) => {
    try {
      fn();
    } catch {
      // storage full or disabled: caching is best effort
    }
  };
  return {
    get<T>(key: string): T | null {
      if (!storage) return null;
      let raw: string | null = null;
      safely(() => {
        raw = storage.getItem(keyOf(key));
      });
      if (raw === null) return null;
      try {
        const entry = JSON.parse(raw) as Entry<T>;
        if (typeof entry.expiresAt === "number" && entry.expiresAt > now()) return entry.value;
      } catch {
        // corrupt entry: drop it below
      }
      safely(() => storage.removeItem(keyOf(key)));
      return null;
    },
    set<T>(key: string, value: T, ttlMs: number): void {
      const entry: Entry<T> = { value, expiresAt: now() + ttlMs };
      safely(() => storage?.setItem(keyOf(key), JSON.stringify(entry)));
    },
    remove(key: string): void {
      safely(() => storage?.removeItem(keyOf(key)));
    },
    keys(): string[] {
      if (!storage) return [];
      const keys: string[] = [];
      safely(() => {
        for (let i = 0; i < storage.length; i++) {
          const k = storage.key(i);
          if (k?.startsWith(CACHE_PREFIX)) keys.push(k.slice(CACHE_PREFIX.length));
        }
      });
      return keys;
    },
    clear(): void {
      for (const key of this.keys()) this.remove(key);
    },
  };
}
