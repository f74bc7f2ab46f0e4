import { CACHE_TTL, createLocalCache } from "./cache";
import { localArea } from "./storage";

/** The kinds of public content the server versions (query `contentVersions`). */
export const CONTENT_KINDS = [
  "banners",
  "categories",
  "apps",
  "dylibs",
  "resourceShares",
  "announcements",
  "qqGroups",
  "settings",
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export type ContentVersions = Partial<Record<ContentKind, string>>;

/** How long each kind stays cached: the spec's TTLs (section 9); the rest like the closest of them. */
export const KIND_TTL: Record<ContentKind, number> = {
  banners: CACHE_TTL.banners,
  categories: CACHE_TTL.categories,
  apps: CACHE_TTL.apps,
  dylibs: CACHE_TTL.dylib,
  resourceShares: CACHE_TTL.apps,
  announcements: CACHE_TTL.banners,
  qqGroups: CACHE_TTL.banners,
  settings: CACHE_TTL.categories,
};

/** What is kept in local storage: the data and the content version it was fetched under. */
interface Stamped<T> {
  kind: ContentKind;
  version: string | null;
  data: T;
}

export interface ContentCache {
  /** Cached data of a kind (and sub-key), unless expired or fetched under an older version than the known one. */
  read<T>(kind: ContentKind, sub?: string): T | null;
  /** Keeps data together with the version of its kind it was fetched under. */
  write<T>(kind: ContentKind, data: T, version: string | null | undefined, sub?: string): void;
  /**
   * Takes the server's current versions: every entry of a kind whose version moved is dropped.
   * Returns the kinds that had entries dropped.
   */
  sync(versions: ContentVersions): ContentKind[];
  /** The latest versions the server told us in this session. */
  versions(): ContentVersions;
}

function keyOf(kind: ContentKind, sub?: string): string {
  return sub === undefined ? kind : `${kind}:${sub}`;
}

function isKind(value: unknown): value is ContentKind {
  return typeof value === "string" && (CONTENT_KINDS as readonly string[]).includes(value);
}

/**
 * The home page's cache in local storage (prefix gryx_cache_, the spec's TTLs), each entry
 * stamped with its kind's content version so an admin's change is seen before the TTL runs out.
 */
export function createContentCache(storage: Storage | null, now: () => number = Date.now): ContentCache {
  const cache = createLocalCache(storage, now);
  let known: ContentVersions = {};

  return {
    read<T>(kind: ContentKind, sub?: string): T | null {
      const key = keyOf(kind, sub);
      const entry = cache.get<Stamped<T>>(key);
      if (!entry || entry.kind !== kind || !("data" in entry)) return null;
      const current = known[kind];
      if (current !== undefined && entry.version !== current) {
        cache.remove(key);
        return null;
      }
      return entry.data;
    },
    write<T>(kind: ContentKind, data: T, version: string | null | undefined, sub?: string): void {
      const entry: Stamped<T> = { kind, version: version ?? known[kind] ?? null, data };
      cache.set(keyOf(kind, sub), entry, KIND_TTL[kind]);
    },
    sync(versions: ContentVersions): ContentKind[] {
      known = { ...known, ...versions };
      const moved = new Set<ContentKind>();
      for (const key of cache.keys()) {
        const kind = key.split(":", 1)[0];
        if (!isKind(kind) || versions[kind] === undefined) continue;
        const entry = cache.get<Stamped<unknown>>(key); // also drops expired or corrupt entries
        if (entry && entry.version !== versions[kind]) {
          cache.remove(key);
          moved.add(kind);
        }
      }
      return [...moved];
    },
    versions: () => known,
  };
}

export const contentCache: ContentCache = createContentCache(localArea());
