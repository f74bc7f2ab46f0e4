import { one, rows, type Sql } from "./sql";

/**
 * The categories domain's table: `categories`, the app categories (the spec's "app types"); names are unique
 * case-insensitively (a unique index), weigh sorts larger first.
 */

export interface CategoryRow {
  id: number;
  name: string;
  display_name: string;
  weigh: number;
  created_at: Date;
  updated_at: Date;
}

/** Every category by weigh (larger first), then id. */
export function listCategories(db: Sql): Promise<CategoryRow[]> {
  return rows<CategoryRow>(db, `SELECT * FROM categories ORDER BY weigh DESC, id ASC`);
}

export function categoryById(db: Sql, id: number): Promise<CategoryRow | undefined> {
  return one<CategoryRow>(db, `SELECT * FROM categories WHERE id = $1`, [id]);
}

/** A category by its name, case-insensitively. */
export function categoryByName(db: Sql, name: string): Promise<CategoryRow | undefined> {
  return one<CategoryRow>(db, `SELECT * FROM categories WHERE lower(name) = lower($1)`, [name]);
}

/** The category the home page opens on: the one named 默认, else the first in list order. */
export async function defaultCategory(db: Sql): Promise<number | undefined> {
  return (
    await one<{ id: number }>(db, `SELECT id FROM categories ORDER BY (name = '默认') DESC, weigh DESC, id LIMIT 1`)
  )?.id;
}

/** The weigh that puts a new category last among the existing ones (at most `floor` below zero). */
export async function lastCategoryWeigh(db: Sql, floor: number): Promise<number> {
  const r = await one<{ w: number }>(db, `SELECT coalesce(min(weigh), 1) - 1 AS w FROM categories`);
  return Math.max(floor, Number(r!.w));
}

export interface CategoryFields {
  name?: string;
  displayName?: string;
  weigh?: number;
}

/** Adds a category and answers its id (a taken name fails with the unique index's 23505). */
export async function insertCategory(db: Sql, f: Required<CategoryFields>): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO categories (name, display_name, weigh) VALUES ($1, $2, $3) RETURNING id`,
    [f.name, f.displayName, f.weigh],
  );
  return r!.id;
}

/** Changes the given fields of one category (those left out keep their value). */
export async function updateCategory(db: Sql, id: number, f: CategoryFields): Promise<void> {
  await db.query(
    `UPDATE categories SET name = coalesce($2, name), display_name = coalesce($3, display_name),
       weigh = coalesce($4, weigh), updated_at = now() WHERE id = $1`,
    [id, f.name ?? null, f.displayName ?? null, f.weigh ?? null],
  );
}

/** Locks one category's row for the caller's transaction; false when there is none. */
export async function lockCategory(db: Sql, id: number): Promise<boolean> {
  return (await rows(db, `SELECT id FROM categories WHERE id = $1 FOR UPDATE`, [id])).length > 0;
}

/** Keeps a category from being deleted until the caller's transaction ends (FOR SHARE); false when there is none. */
export async function shareCategory(db: Sql, id: number): Promise<boolean> {
  return (await rows(db, `SELECT id FROM categories WHERE id = $1 FOR SHARE`, [id])).length > 0;
}

/** How many of the listed categories exist. */
export async function countCategories(db: Sql, ids: number[]): Promise<number> {
  return (await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM categories WHERE id = ANY($1::int[])`, [ids]))!
    .n;
}

/** Locks the listed categories' rows; answers how many exist. */
export async function lockCategories(db: Sql, ids: number[]): Promise<number> {
  return (await rows(db, `SELECT id FROM categories WHERE id = ANY($1::int[]) FOR UPDATE`, [ids])).length;
}

export async function deleteCategory(db: Sql, id: number): Promise<void> {
  await db.query(`DELETE FROM categories WHERE id = $1`, [id]);
}

/** The listed categories take the top weights in that sequence; the others keep their order after them. */
export async function reorderCategories(db: Sql, ids: number[]): Promise<void> {
  // Weights count down from the number of categories: first listed = largest.
  await db.query(
    `WITH given AS (
       SELECT g.id, g.ord AS ord FROM unnest($1::int[]) WITH ORDINALITY AS g(id, ord)
     ), others AS (
       SELECT c.id, $2::int + row_number() OVER (ORDER BY c.weigh DESC, c.id) AS ord FROM categories c WHERE c.id <> ALL($1::int[])
     ), wanted AS (
       SELECT id, (SELECT count(*) FROM categories)::int - ord AS weigh FROM (SELECT * FROM given UNION ALL SELECT * FROM others) x
     )
     UPDATE categories c SET weigh = w.weigh, updated_at = now() FROM wanted w WHERE c.id = w.id AND c.weigh <> w.weigh`,
    [ids, ids.length],
  );
}

/**
 * Makes sure the named categories exist (each with its name as display name) and gives them the top weights in that
 * order; the others follow in their previous order. Locks the table for the caller's transaction.
 */
export async function restoreCategories(db: Sql, names: readonly string[]): Promise<void> {
  await db.query(`LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE`);
  for (const name of names) {
    const row = await one<{ id: number }>(db, `SELECT id FROM categories WHERE lower(name) = lower($1)`, [name]);
    if (row)
      await db.query(`UPDATE categories SET name = $2, display_name = $2, updated_at = now() WHERE id = $1`, [
        row.id,
        name,
      ]);
    else await db.query(`INSERT INTO categories (name, display_name) VALUES ($1, $1)`, [name]);
  }
  await db.query(
    `WITH ranked AS (
       SELECT c.id, coalesce(array_position($1::text[], c.name), $2::int + row_number() OVER (ORDER BY c.weigh DESC, c.id)) AS ord
         FROM categories c
     )
     UPDATE categories c SET weigh = (SELECT count(*) FROM categories)::int - r.ord, updated_at = now()
       FROM ranked r WHERE c.id = r.id`,
    [names, names.length],
  );
}
