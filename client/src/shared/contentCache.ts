import { CACHE_TTL, createLocalCache } from "./cache";
import { localArea } from "./storage";
import type { ContentVersionFieldsFragment } from "../gql/graphql";

/**
 * The kinds of public content the server versions (query `contentVersions`; each server domain declares its kinds in
 * its manifest, `contentKinds`), as the generated type of the home page's `ContentVersionFields` fragment has them: a
 * new kind needs no list here (and gets the default TTL below unless it has its own).
 */
export type ContentKind = keyof ContentVersionFieldsFragment;
export type ContentVersions = Partial<Record<ContentKind, string>>;

/** How long each kind stays cached: the spec's TTLs (section 9); the rest like the closest of them. */
export const KIND_TTL = {
  banners: CACHE_TTL.banners,
  categories: CACHE_TTL.categories,
  apps: CACHE_TTL.apps,
  dylibs: CACHE_TTL.dylib,
  resourceShares: CACHE_TTL.apps,
  announcements: CACHE_TTL.banners,
  qqGroups: CACHE_TTL.banners,
  settings: CACHE_TTL.categories,
} satisfies Partial<Record<ContentKind, number>>;

/** A kind without its own TTL above is kept as long as the shortest of the spec's (5 minutes). */
const ttlOf = (kind: ContentKind): number =>
  (KIND_TTL as Partial<Record<ContentKind, number>>)[kind] ?? CACHE_TTL.banners;

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

/** Whether `kind` is one the server told versions of (own keys only: never "constructor" and the like). */
function isKindOf(versions: ContentVersions, kind: string): kind is ContentKind {
  return Object.hasOwn(versions, kind);
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
      cache.set(keyOf(kind, sub), entry, ttlOf(kind));
    },
    sync(versions: ContentVersions): ContentKind[] {
      known = { ...known, ...versions };
      const moved = new Set<ContentKind>();
      for (const key of cache.keys()) {
        const kind = key.split(":", 1)[0];
        if (!isKindOf(versions, kind) || versions[kind] === undefined) continue;
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
