import type { DataSource } from "typeorm";
import { bumpContentVersion, contentVersions, type Sql } from "@gryx/store";
import type { ContentKind } from "./content-kinds";

export type { ContentKind } from "./content-kinds";
export type ContentVersionMap = Record<ContentKind, string>;

/**
 * One counter per kind of public content (the kinds the domains declare, see modules/index.ts). Every admin
 * change bumps its kind; public reads hand the versions to the client, which drops its local-storage cache
 * (prefix gryx_cache_) of a kind whose version moved.
 */
export class ContentVersionsService {
  constructor(
    private readonly db: DataSource,
    readonly kinds: readonly ContentKind[],
  ) {}

  /** Call inside the transaction that changes the data (pass its manager), or right after it. */
  async bump(kind: ContentKind, manager: Sql = this.db): Promise<void> {
    await bumpContentVersion(manager, kind);
  }

  async all(): Promise<ContentVersionMap> {
    const rows = await contentVersions(this.db);
    const map = Object.fromEntries(this.kinds.map((k) => [k, "0"])) as ContentVersionMap;
    for (const r of rows)
      if ((this.kinds as readonly string[]).includes(r.kind)) map[r.kind as ContentKind] = r.version;
    return map;
  }
}
