import type { DataSource, EntityManager } from "typeorm";

/**
 * One counter per kind of public content. Every admin change bumps its kind; public reads hand the versions to
 * the client, which drops its local-storage cache (prefix gryx_cache_) of a kind whose version moved.
 */
export const CONTENT_KINDS = ["banners", "categories", "apps", "dylibs", "resourceShares", "announcements", "qqGroups", "settings"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export type ContentVersionMap = Record<ContentKind, string>;

export class ContentVersionsService {
  constructor(private readonly db: DataSource) {}

  /** Call inside the transaction that changes the data (pass its manager), or right after it. */
  async bump(kind: ContentKind, manager: EntityManager = this.db.manager): Promise<void> {
    await manager.query(
      `INSERT INTO content_versions (kind, version, updated_at) VALUES ($1, 1, now())
       ON CONFLICT (kind) DO UPDATE SET version = content_versions.version + 1, updated_at = now()`,
      [kind],
    );
  }

  async all(): Promise<ContentVersionMap> {
    const rows: { kind: string; version: string }[] = await this.db.query(`SELECT kind, version::text AS version FROM content_versions`);
    const map = Object.fromEntries(CONTENT_KINDS.map((k) => [k, "0"])) as ContentVersionMap;
    for (const r of rows) if ((CONTENT_KINDS as readonly string[]).includes(r.kind)) map[r.kind as ContentKind] = r.version;
    return map;
  }
}
