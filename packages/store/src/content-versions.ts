import { rows, type Sql } from "./sql";

/** The content-versions domain's table: `content_versions`, one counter per kind of public content. */

/** Moves a kind's counter on (the first bump makes it 1); run it in the transaction that changes the content. */
export async function bumpContentVersion(db: Sql, kind: string): Promise<void> {
  await db.query(
    `INSERT INTO content_versions (kind, version, updated_at) VALUES ($1, 1, now())
     ON CONFLICT (kind) DO UPDATE SET version = content_versions.version + 1, updated_at = now()`,
    [kind],
  );
}

/** Every kind's counter (bigint: as text). */
export function contentVersions(db: Sql): Promise<{ kind: string; version: string }[]> {
  return rows(db, `SELECT kind, version::text AS version FROM content_versions`);
}
