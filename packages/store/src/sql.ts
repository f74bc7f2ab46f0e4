/**
 * What every owner runs its statements on: anything with `query(text, params)`. TypeORM's `DataSource` and
 * `EntityManager` (a transaction's manager) and pg's `Pool` and `PoolClient` all are one, as they are. Inside a
 * transaction pass the transaction's own manager or client, never the pool.
 *
 * The two libraries answer differently (pg: `{ rows, rowCount }`; TypeORM: the rows, or `[rows, count]` for an UPDATE
 * or DELETE); `result` reads both.
 */
export interface Sql {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

/** A statement's rows and how many rows it touched. */
export interface Result<R> {
  rows: R[];
  count: number;
}

/** Whether `db` is pg's (a Pool or PoolClient), which also takes a named (prepared) statement. */
function isPg(
  db: Sql,
): db is Sql & { query(config: { name: string; text: string; values: unknown[] }): Promise<unknown> } {
  // TypeORM's DataSource and EntityManager both have getRepository; pg's Pool and Client do not.
  return typeof (db as { getRepository?: unknown }).getRepository !== "function";
}

/**
 * Runs one statement and answers its rows and count. `name` makes it a named (prepared) statement on pg, planned once
 * per connection (TypeORM plans every call: there it runs as a plain one).
 */
export async function result<R = Record<string, any>>(
  db: Sql,
  text: string,
  params: unknown[] = [],
  name?: string,
): Promise<Result<R>> {
  const raw = name && isPg(db) ? await db.query({ name, text, values: params }) : await db.query(text, params);
  if (Array.isArray(raw)) {
    // TypeORM: `[rows, count]` for UPDATE/DELETE, the rows for anything else.
    if (raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === "number") return { rows: raw[0], count: raw[1] };
    return { rows: raw as R[], count: raw.length };
  }
  const r = raw as { rows?: R[]; rowCount?: number | null };
  return { rows: r.rows ?? [], count: r.rowCount ?? r.rows?.length ?? 0 };
}

/** The rows of one statement. */
export async function rows<R = Record<string, any>>(
  db: Sql,
  text: string,
  params?: unknown[],
  name?: string,
): Promise<R[]> {
  return (await result<R>(db, text, params, name)).rows;
}

/** The first row of one statement, or undefined. */
export async function one<R = Record<string, any>>(
  db: Sql,
  text: string,
  params?: unknown[],
  name?: string,
): Promise<R | undefined> {
  return (await result<R>(db, text, params, name)).rows[0];
}

/** How many rows one statement touched (UPDATE, DELETE, INSERT). */
export async function count(db: Sql, text: string, params?: unknown[]): Promise<number> {
  return (await result(db, text, params)).count;
}

/** A pg pool: hands out a client for a transaction. */
export interface PgPool {
  connect(): Promise<Sql & { release(err?: Error | boolean): void }>;
}

/**
 * Runs `fn` in one transaction on a client of a pg pool: committed when it returns, rolled back when it throws. `fn`
 * gets the transaction's client: every statement of the transaction goes through it. (TypeORM callers use
 * `dataSource.transaction(m => ...)` and pass `m`.)
 */
export async function transaction<T>(pool: PgPool, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const r = await fn(client);
    await client.query("COMMIT");
    return r;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** Whether the table exists (a worker started before the server's first migrations finds none). */
export async function tableExists(db: Sql, table: string): Promise<boolean> {
  const r = await one<{ t: string | null }>(db, `SELECT to_regclass($1)::text AS t`, [`public.${table}`]);
  return r?.t != null;
}

/**
 * A page of a list newest first by `<alias>.id`, and its total (pageTotal): at `offset`, or below the id `after` (a
 * keyset page: an index range instead of skipping rows). The page's ids are chosen first from `from` and `where` (the
 * table, joined only to what the filter reads), where an offset skips only index entries (a deep page of a
 * million-row list reads its 20 rows, not the 10,000 before them); then `select` (the list's SELECT and FROM with its
 * joins, no WHERE) reads the rows of those ids. Choosing the ids alone also keeps the planner from sizing the joins for
 * the whole table: 20 of 200,000 orders joined to their users under a LIMIT went through a Memoize planned for 100,000
 * users, 1.8 ms of setup against 0.2 ms for the whole page (bench:scale).
 */
export async function newestFirstPage<R>(
  db: Sql,
  q: {
    select: string;
    alias: string;
    from: string;
    where: string;
    params: unknown[];
    limit: number;
    offset: number;
    after?: number;
  },
): Promise<{ rows: R[]; total: number }> {
  const id = `${q.alias}.id`;
  const params = [...q.params];
  let where = q.where;
  let offset = q.offset;
  if (q.after !== undefined) {
    where = `${where ? `${where} AND` : "WHERE"} ${id} < $${params.push(q.after)}`;
    offset = 0;
  }
  const ids = `SELECT ${id} FROM ${q.from} ${where} ORDER BY ${id} DESC LIMIT ${Number(q.limit)} OFFSET ${Number(offset)}`;
  const [list, total] = await Promise.all([
    rows<R>(db, `${q.select} WHERE ${id} IN (${ids}) ORDER BY ${id} DESC`, params),
    pageTotal(db, `${q.from} ${q.where}`, q.params, `${id} DESC`, !q.where),
  ]);
  return { rows: list, total };
}

/**
 * Totals up to this many rows are counted exactly on every call; see pageTotal. 1,000, not more: counting the newest
 * 10,000 rows of a busy table (most not yet all-visible to an index-only scan) took 5 ms, more than the page itself
 * (bench:scale, 200,000 orders).
 */
export const EXACT_TOTAL_UP_TO = 1_000;
/**
 * What a memory kept per database is keyed by: TypeORM's DataSource and every manager of it are one database (a
 * manager's `connection` is its DataSource); a pg Pool or PoolClient is its own.
 */
export function databaseOf(db: Sql): object {
  return isPg(db) ? db : ((db as { connection?: object }).connection ?? db);
}

/** Remembered big totals, per database (databaseOf). */
const bigTotalsByDb = new WeakMap<object, Map<string, { n: number; at: number }>>();
const BIG_TOTAL_TTL_MS = 60_000;

function bigTotalsOf(db: Sql): Map<string, { n: number; at: number }> {
  const owner = databaseOf(db);
  let totals = bigTotalsByDb.get(owner);
  if (!totals) bigTotalsByDb.set(owner, (totals = new Map()));
  return totals;
}

/** A big total's key: the statement's FROM and WHERE, and its parameters. */
const bigTotalKey = (fromWhere: string, params: unknown[]) => `${fromWhere}\u0000${JSON.stringify(params)}`;

/**
 * A big total (more than EXACT_TOTAL_UP_TO) that pageTotal counted less than a minute ago for the same statement and
 * parameters, or undefined: a caller may plan its page by it (a popular search walks its order's index).
 */
export function rememberedTotal(db: Sql, fromWhere: string, params: unknown[] = []): number | undefined {
  const known = bigTotalsOf(db).get(bigTotalKey(fromWhere, params));
  return known && Date.now() - known.at < BIG_TOTAL_TTL_MS ? known.n : undefined;
}

/**
 * The total of a list page: `SELECT count(*) FROM <fromWhere>` for the list's own FROM and WHERE. Up to
 * EXACT_TOTAL_UP_TO rows it is exact and fresh on every call, counted under a LIMIT so the statement never reads
 * more than that many index entries (in the list's order when `orderBy` is given). A larger total (an admin list of
 * a table with a million rows, where a full count costs more than the page itself) is counted in full once and then
 * remembered for a minute per database, statement and parameters: paging through it counts nothing again, and it is
 * at most a minute old. `wholeInOrder` (a list with no filter, ordered by its primary key) counts the full total in
 * that order too: from the index alone (an index-only scan of 1,000,000 ledger ids, 60–80 ms on one core), where
 * PostgreSQL would otherwise read every heap page on both cores (a parallel sequential scan, 60 ms).
 */
export async function pageTotal(
  db: Sql,
  fromWhere: string,
  params: unknown[] = [],
  orderBy?: string,
  wholeInOrder = false,
): Promise<number> {
  // A big total remembered less than a minute ago is answered as it is, without counting again.
  const remembered = rememberedTotal(db, fromWhere, params);
  if (remembered !== undefined) return remembered;
  const bigTotals = bigTotalsOf(db);
  const key = bigTotalKey(fromWhere, params);
  // In the list's own order (`orderBy`, e.g. "o.id DESC"), the capped count walks the list's index, as its first page
  // does, instead of the first rows of the heap.
  const capped = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromWhere}${orderBy ? ` ORDER BY ${orderBy}` : ""} LIMIT ${EXACT_TOTAL_UP_TO + 1}) capped`,
    params,
  );
  const n = capped?.n ?? 0;
  if (n <= EXACT_TOTAL_UP_TO) {
    bigTotals.delete(key);
    return n;
  }
  const full = await one<{ n: number }>(
    db,
    orderBy && wholeInOrder
      ? `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromWhere} ORDER BY ${orderBy}) whole`
      : `SELECT count(*)::int AS n FROM ${fromWhere}`,
    params,
  );
  if (bigTotals.size >= 1000) bigTotals.delete(bigTotals.keys().next().value!);
  bigTotals.set(key, { n: full?.n ?? 0, at: Date.now() });
  return full?.n ?? 0;
}

/**
 * Rows of one page, in the list's order, and the count of all matching rows: two cheap statements (the page walks
 * the order's index and stops at its LIMIT; the count reads only the filter's columns), where one COUNT(*) OVER ()
 * would fetch and sort every matching row. A short first page already tells the total. `from` may join other tables
 * for the columns; `countFrom` is the bare table with the same alias (counted as pageTotal counts).
 */
export async function pagedRows<R>(
  db: Sql,
  q: {
    columns: string;
    from: string;
    countFrom: string;
    where: string;
    params: unknown[];
    order: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: R[]; total: number }> {
  const n = q.params.length;
  const page = await rows<R>(
    db,
    `SELECT ${q.columns} FROM ${q.from} WHERE ${q.where} ORDER BY ${q.order} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...q.params, q.limit, q.offset],
  );
  if (q.offset === 0 && page.length < q.limit) return { rows: page, total: page.length };
  return { rows: page, total: await pageTotal(db, `${q.countFrom} WHERE ${q.where}`, q.params) };
}

/**
 * The given fields (those not undefined) as column names and values, in `columns`' order; the names come from
 * `columns` (an owner's fixed map from field to column), never from the caller.
 */
export function givenColumns<F extends object>(
  columns: Record<keyof F, string>,
  f: F,
): { names: string[]; values: unknown[] } {
  const names: string[] = [];
  const values: unknown[] = [];
  for (const key of Object.keys(columns) as (keyof F)[]) {
    if (f[key] === undefined) continue;
    names.push(columns[key]);
    values.push(f[key]);
  }
  return { names, values };
}

/**
 * Sets one row's given fields (`columns` maps each to its column) and stamps `updated_at`; answers whether the row
 * exists. With no field given only the stamp moves.
 */
export async function updateGiven<F extends object>(
  db: Sql,
  table: string,
  id: number,
  columns: Record<keyof F, string>,
  f: F,
): Promise<boolean> {
  const { names, values } = givenColumns(columns, f);
  const sets = [...names.map((n, i) => `${n} = $${i + 2}`), "updated_at = now()"];
  return (await result(db, `UPDATE ${table} SET ${sets.join(", ")} WHERE id = $1`, [id, ...values])).count > 0;
}

/** Adds a row of the given fields (the others take their defaults) and answers its id. */
export async function insertGiven<F extends object>(
  db: Sql,
  table: string,
  columns: Record<keyof F, string>,
  f: F,
): Promise<number> {
  const { names, values } = givenColumns(columns, f);
  const marks = values.map((_, i) => `$${i + 1}`);
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO ${table} (${names.join(", ")}) VALUES (${marks.join(", ")}) RETURNING id`,
    values,
  );
  return r!.id;
}

/**
 * The fields of `f` whose value differs from the row's (`current`, as PostgreSQL answered it): what a save changes.
 * Dates compare by time, arrays by content, the rest as text (a bigint column answers text).
 */
export function changedFields<F extends object>(columns: Record<keyof F, string>, current: object, f: F): Partial<F> {
  const row = current as Record<string, unknown>;
  const out: Partial<F> = {};
  for (const key of Object.keys(columns) as (keyof F)[])
    if (f[key] !== undefined && !sameValue(row[columns[key]], f[key])) out[key] = f[key];
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  return String(a) === String(b);
}
