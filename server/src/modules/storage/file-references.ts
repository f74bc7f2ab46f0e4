import type { DataSource } from "typeorm";

/** Which of `files` (public URLs like `/uploads/icons/<hex>.png`, or private keys) rows still point at. */
export type StoredFiles = (files: string[]) => Promise<Set<string>>;

/** A domain's answer to "which of these stored files do your rows still point at?". */
export type DomainStoredFiles = (db: DataSource, files: string[]) => Promise<Iterable<string>>;

/**
 * A domain's `storedFiles` over plain columns: every listed column of every listed table that holds a stored
 * file's URL or key. Table and column names are fixed strings of the manifest, never input.
 */
export function fileColumns(columns: Record<string, readonly string[]>): DomainStoredFiles {
  const sql = Object.entries(columns)
    .flatMap(([table, cols]) => cols.map((c) => `SELECT ${c}::text AS f FROM ${table} WHERE ${c} = ANY($1::text[])`))
    .join(" UNION ");
  return async (db, files) => {
    const rows: { f: string }[] = await db.query(sql, [files]);
    return rows.map((r) => r.f);
  };
}

/** Asks every domain: the union of what each one still references. */
export function everyDomain(db: DataSource, sources: readonly DomainStoredFiles[]): StoredFiles {
  return async (files) => {
    if (!files.length) return new Set();
    const answers = await Promise.all(sources.map((source) => source(db, files)));
    return new Set(answers.flatMap((a) => [...a]));
  };
}
