import type { EntityManager } from "typeorm";
import { DomainError } from "../common/errors";
import { parseId } from "../common/validate";

/** Tables whose rows an admin orders by hand (a `sort_order integer` column, smaller first). */
export type OrderedTable = "banners" | "qq_groups";

/** Parses a reorder request's ids: a non-empty list of distinct ids (at most 1000). */
export function parseOrderIds(raw: unknown): number[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new DomainError("BAD_REQUEST", "请提供要排序的ID列表");
  if (raw.length > 1000) throw new DomainError("BAD_REQUEST", "一次最多排序1000项");
  const ids = raw.map((v) => parseId(v));
  if (new Set(ids).size !== ids.length) throw new DomainError("BAD_REQUEST", "ID列表有重复");
  return ids;
}

/**
 * The given ids get sort orders 0..n-1 in that sequence (first = top); rows not listed keep their relative order
 * after them. Call inside a transaction; every id must exist (else 404 and nothing changes).
 */
export async function applySortOrder(manager: EntityManager, table: OrderedTable, ids: number[], notFound: string): Promise<void> {
  const found: { id: number }[] = await manager.query(`SELECT id FROM ${table} WHERE id = ANY($1::int[]) FOR UPDATE`, [ids]);
  if (found.length !== ids.length) throw new DomainError("NOT_FOUND", notFound);
  await manager.query(
    `WITH given AS (
       SELECT g.id, g.ord - 1 AS ord FROM unnest($1::int[]) WITH ORDINALITY AS g(id, ord)
     ), others AS (
       SELECT t.id, $2::int + row_number() OVER (ORDER BY t.sort_order, t.id) - 1 AS ord FROM ${table} t WHERE t.id <> ALL($1::int[])
     ), wanted AS (SELECT id, ord FROM given UNION ALL SELECT id, ord FROM others)
     UPDATE ${table} t SET sort_order = w.ord FROM wanted w WHERE t.id = w.id AND t.sort_order <> w.ord`,
    [ids, ids.length],
  );
}
