import type { EntityManager } from "typeorm";
import { DomainError, type ErrorCode } from "../common/errors";
import { isErrorCode } from "@gryx/contracts/error-codes";
import { parseId } from "../common/validate";

/** Tables whose rows an admin orders by hand (a `sort_order integer` column, smaller first). */
export type OrderedTable = "banners" | "qq_groups" | "apps" | "dylibs" | "resource_shares";

/**
 * Each table's display order over alias `t` (fixed strings, never input): equal sort orders show the older row
 * first for banners and QQ groups, the newer first for the catalogue.
 */
const DISPLAY_ORDER: Record<OrderedTable, string> = {
  banners: "t.sort_order ASC, t.id ASC",
  qq_groups: "t.sort_order ASC, t.id ASC",
  apps: "t.sort_order ASC, t.id DESC",
  dylibs: "t.sort_order ASC, t.id DESC",
  resource_shares: "t.sort_order ASC, t.id DESC",
};

/** Parses a reorder request's ids: a non-empty list of distinct ids (at most 1000). */
export function parseOrderIds(raw: unknown): number[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new DomainError("SORT_IDS_REQUIRED");
  if (raw.length > 1000) throw new DomainError("SORT_TOO_MANY");
  const ids = raw.map((v) => parseId(v));
  if (new Set(ids).size !== ids.length) throw new DomainError("SORT_IDS_DUPLICATE");
  return ids;
}

/** A sort order an admin typed: an integer from 0 to 1,000,000. */
export function parseSortOrder(raw: unknown): number {
  if (typeof raw !== "number" || !Number.isInteger(raw) || raw < 0 || raw > 1_000_000)
    throw new DomainError("SORT_ORDER_INVALID");
  return raw;
}

/**
 * The given ids get sort orders 0..n-1 in that sequence (first = top); rows not listed keep their relative order
 * after them. Call inside a transaction; every id must exist (else `notFound`, a 404, and nothing changes). Reorders of one table
 * take turns (a transaction-scoped advisory lock), so two admins reordering at once never interleave their
 * numbering: the second one renumbers what the first one committed.
 */
export async function applySortOrder(
  manager: EntityManager,
  table: OrderedTable,
  ids: number[],
  notFound: ErrorCode | string,
): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`sort_order:${table}`]);
  const found: { id: number }[] = await manager.query(`SELECT id FROM ${table} WHERE id = ANY($1::int[]) FOR UPDATE`, [
    ids,
  ]);
  // A code, or the not-found message of a catalogue kind (应用不存在, 动态库不存在...).
  if (found.length !== ids.length)
    throw isErrorCode(notFound) ? new DomainError(notFound) : new DomainError("CATALOG_ITEM_NOT_FOUND", notFound);
  await manager.query(
    `WITH given AS (
       SELECT g.id, g.ord - 1 AS ord FROM unnest($1::int[]) WITH ORDINALITY AS g(id, ord)
     ), others AS (
       SELECT t.id, $2::int + row_number() OVER (ORDER BY ${DISPLAY_ORDER[table]}) - 1 AS ord FROM ${table} t WHERE t.id <> ALL($1::int[])
     ), wanted AS (SELECT id, ord FROM given UNION ALL SELECT id, ord FROM others)
     UPDATE ${table} t SET sort_order = w.ord FROM wanted w WHERE t.id = w.id AND t.sort_order <> w.ord`,
    [ids, ids.length],
  );
}

/** The sort order that puts a new row at the top of the table's display order. */
export async function topSortOrder(manager: EntityManager, table: OrderedTable): Promise<number> {
  const [{ top }] = await manager.query(`SELECT coalesce(min(sort_order), 1) - 1 AS top FROM ${table}`);
  return Number(top);
}

/** The sort order that puts a new row at the bottom of the table's display order. */
export async function bottomSortOrder(manager: EntityManager, table: OrderedTable): Promise<number> {
  const [{ next }] = await manager.query(`SELECT coalesce(max(sort_order) + 1, 0)::int AS next FROM ${table}`);
  return Number(next);
}
