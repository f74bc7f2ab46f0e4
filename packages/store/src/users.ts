import { givenColumns, newestFirstPage, one, result, rows, updateGiven, type Sql } from "./sql";
import { SAMPLE_ROWS, trigramFrequencies } from "./trigram-sample";

/** Reads of `users` (owner: the users domain) that other domains make. */

/** An enabled account's address and name (for mail), or undefined when it is gone or disabled. */
export function userContact(db: Sql, userId: number): Promise<{ email: string | null; username: string } | undefined> {
  return one(db, `SELECT email, username FROM users WHERE id = $1 AND NOT disabled`, [userId]);
}

/** Counts of accounts: all, admins, disabled, registered today (business day in `timeZone`). */
export async function userTotals(
  db: Sql,
  timeZone: string,
): Promise<{ total: number; admins: number; disabled: number; today: number }> {
  return (await one<{ total: number; admins: number; disabled: number; today: number }>(
    db,
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE role = 'admin')::int AS admins,
            count(*) FILTER (WHERE disabled)::int AS disabled,
            count(*) FILTER (WHERE (created_at AT TIME ZONE $1)::date = (now() AT TIME ZONE $1)::date)::int AS today
       FROM users`,
    [timeZone],
  ))!;
}

/** Registrations per business day, the last `days` days (today included), zero-filled, oldest first. */
export function registrationsByDay(db: Sql, timeZone: string, days: number): Promise<{ day: string; count: number }[]> {
  return rows(
    db,
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(u.id)::int AS count
       FROM generate_series((now() AT TIME ZONE $1)::date - ($2::int - 1), (now() AT TIME ZONE $1)::date, interval '1 day') AS d(day)
       LEFT JOIN users u ON (u.created_at AT TIME ZONE $1)::date = d.day::date
      GROUP BY d.day ORDER BY d.day`,
    [timeZone, days],
  );
}

/** An account's name, or null when it is gone. */
export async function usernameOf(db: Sql, userId: number): Promise<string | null> {
  return (await one<{ username: string }>(db, `SELECT username FROM users WHERE id = $1`, [userId]))?.username ?? null;
}

/** Whether an account exists (enabled or not). */
export async function userExists(db: Sql, userId: number): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM users WHERE id = $1`, [userId])).length > 0;
}

/** Whether an account exists and is enabled. */
export async function userEnabled(db: Sql, userId: number): Promise<boolean> {
  return (await rows(db, `SELECT id FROM users WHERE id = $1 AND NOT disabled`, [userId])).length > 0;
}

/** Who a mailing goes to: one account (by id or name) or a filter; enabled accounts with an address, at most `limit`. */
export function mailRecipients(
  db: Sql,
  r: {
    userId?: number;
    username?: string;
    /** An ILIKE pattern over name and address. */
    searchLike?: string;
    role?: string;
    registeredAfter?: Date | string;
    registeredBefore?: Date | string;
  },
  limit: number,
): Promise<{ id: number; username: string; email: string }[]> {
  const where = ["email IS NOT NULL", "email <> ''", "NOT disabled"];
  const params: unknown[] = [];
  // `?` stands for the value's parameter, however often the condition names it.
  const add = (sql: string, v: unknown) => (params.push(v), where.push(sql.replace(/\?/g, `$${params.length}`)));
  if (r.userId) add("id = ?", r.userId);
  else if (r.username !== undefined) add("lower(username) = lower(?)", r.username);
  if (r.searchLike) add(nameOrAddressLike("?", r.searchLike), r.searchLike);
  if (r.role) add("role = ?", r.role);
  if (r.registeredAfter) add("created_at >= ?", r.registeredAfter);
  if (r.registeredBefore) add("created_at < ?", r.registeredBefore);
  return rows(
    db,
    `SELECT id, username, email FROM users WHERE ${where.join(" AND ")} ORDER BY id LIMIT ${Number(limit)}`,
    params,
  );
}

// ---- what the users domain itself reads and writes ----------------------------------------------------------------

/** One account (without its password hash), as PostgreSQL answers it. */
export interface UserRow {
  id: number;
  username: string;
  role: string;
  permissions: string[];
  email: string | null;
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
}

const USER_COLUMNS = `id, username, role, permissions, email, disabled, created_at, updated_at, last_login_at`;

/** One account by id. */
export function userById(db: Sql, id: number): Promise<UserRow | undefined> {
  return one<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
}

/** One account by name, case-insensitively; `withHash` adds the password hash (the login check only). */
export function userByUsername(
  db: Sql,
  username: string,
  withHash = false,
): Promise<(UserRow & { password_hash?: string | null }) | undefined> {
  return one(
    db,
    `SELECT ${USER_COLUMNS}${withHash ? ", password_hash" : ""} FROM users WHERE lower(username) = lower($1)`,
    [username],
  );
}

/** An account's password hash (null without one), or undefined when it is gone. */
export function userPasswordHash(db: Sql, id: number): Promise<{ password_hash: string | null } | undefined> {
  return one(db, `SELECT password_hash FROM users WHERE id = $1`, [id]);
}

/** Adds an account and answers its id (a name taken case-insensitively fails with 23505). */
export async function insertUser(
  db: Sql,
  u: { username: string; passwordHash: string | null; role: string; permissions: string[]; email: string | null },
): Promise<number> {
  return (await one<{ id: number }>(
    db,
    `INSERT INTO users (username, password_hash, role, permissions, email) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [u.username, u.passwordHash, u.role, u.permissions, u.email],
  ))!.id;
}

/** An account without a password named `username`, unless the name is taken; answers its id (undefined when taken). */
export async function insertExternalUser(db: Sql, username: string, email: string | null): Promise<number | undefined> {
  return (
    await one<{ id: number }>(
      db,
      `INSERT INTO users (username, password_hash, role, permissions, email) VALUES ($1, NULL, 'user', '{}', $2)
       ON CONFLICT DO NOTHING RETURNING id`,
      [username, email],
    )
  )?.id;
}

/** The first password of an account that has none; false when it already has one (or is gone). */
export async function setFirstPasswordHash(db: Sql, id: number, hash: string): Promise<boolean> {
  const r = await result(
    db,
    `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND password_hash IS NULL RETURNING id`,
    [id, hash],
  );
  return r.count > 0;
}

/** Records a login now. */
export async function touchUserLogin(db: Sql, id: number): Promise<void> {
  await db.query(`UPDATE users SET last_login_at = now(), updated_at = now() WHERE id = $1`, [id]);
}

/** Changes the given fields of one account (those left out keep their value). */
export async function updateUser(db: Sql, id: number, f: UserFields): Promise<void> {
  if (givenColumns(USER_SETTABLE, f).names.length) await updateGiven(db, "users", id, USER_SETTABLE, f);
}

/** What an admin (or the seed) changes of an account. */
export interface UserFields {
  role?: string;
  permissions?: string[];
  disabled?: boolean;
  passwordHash?: string;
}

const USER_SETTABLE: Record<keyof UserFields, string> = {
  passwordHash: "password_hash",
  role: "role",
  permissions: "permissions",
  disabled: "disabled",
};

/** What the admin's account list is filtered by. */
export interface UserListFilter {
  /** An ILIKE pattern (already escaped) over name and address. */
  like?: string;
  /**
   * An ILIKE pattern (already escaped) of a piece of the search (userSearchPiece): the trigram index looks this up,
   * and `like` is checked on the rows it finds.
   */
  narrow?: string;
  role?: string;
}

/**
 * Name and address as users_search_trgm_idx indexes them: one text, a newline between (`alias`: the users table's
 * alias in the statement, if any).
 */
function searchText(alias = ""): string {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  return `(${col("username")}::text || E'\\n' || coalesce(${col("email")}::text, ''))`;
}
/** A sample of that text from a few of the table's pages (see trigram-sample.ts). */
const SEARCH_SAMPLE = `SELECT ${searchText()} AS t FROM users TABLESAMPLE SYSTEM (LEAST(100, 100.0 * ${SAMPLE_ROWS} /
  GREATEST((SELECT reltuples FROM pg_class WHERE oid = 'users'::regclass), 1))) LIMIT ${SAMPLE_ROWS}`;

/**
 * The piece of an account search the index should look up instead of the whole term (trigram-sample.ts), or null:
 * among 100,000 names that share `scale_u`, the search `scale_u4242` looks up `u4242`.
 */
export async function userSearchPiece(db: Sql, term: string): Promise<string | null> {
  return (await trigramFrequencies(db, SEARCH_SAMPLE)).cheapestPiece(term);
}

/**
 * The condition that `like` (an ILIKE pattern, bound as `param`) matches an account's name or address; `alias` is the
 * users table's alias in the statement, if any. A pattern holding a newline could match across the two: it is checked
 * against each alone. Otherwise the two are one text, a newline between, as the trigram index users_search_trgm_idx
 * has them: one index scan instead of a bitmap OR of two (2.6 against 5.3 ms for a name among 100,000 that share its
 * first letters, bench:scale).
 */
function nameOrAddressLike(param: string, like: string, alias = "", narrowParam?: string): string {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  const text = searchText(alias);
  const whole = like.includes("\n")
    ? `(${col("username")} ILIKE ${param} OR ${col("email")} ILIKE ${param})`
    : `${text} ILIKE ${param}`;
  if (!narrowParam) return whole;
  // The index looks up the piece; the whole pattern is checked on what it finds, written so that it is not an index
  // condition too (`|| ''`: not the indexed expression), else the index would look up every trigram again.
  const check = like.includes("\n") ? whole : `(${text} || '') ILIKE ${param}`;
  return `(${text} ILIKE ${narrowParam} AND ${check})`;
}

function userWhere(f: UserListFilter, params: unknown[]): string {
  const where: string[] = [];
  if (f.like !== undefined) {
    const narrow = f.narrow === undefined ? undefined : `$${params.push(f.narrow)}`;
    where.push(nameOrAddressLike(`$${params.push(f.like)}`, f.like, "u", narrow));
  }
  if (f.role !== undefined) where.push(`u.role = $${params.push(f.role)}`);
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/** The ids of the first `limit` matching accounts, newest first (a search reads its matches once: page and total). */
export async function userIdsMatching(db: Sql, f: UserListFilter, limit: number): Promise<number[]> {
  const params: unknown[] = [];
  const where = userWhere(f, params);
  const r = await rows<{ id: number }>(
    db,
    `SELECT u.id FROM users u ${where} ORDER BY u.id DESC LIMIT ${limit}`,
    params,
  );
  return r.map((x) => Number(x.id));
}

/** These accounts, newest first. */
export function usersByIds(db: Sql, ids: number[]): Promise<UserRow[]> {
  return rows<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users WHERE id = ANY($1::int[]) ORDER BY id DESC`, [ids]);
}

/**
 * One page of matching accounts, newest first, and how many match (newestFirstPage: the page's ids from the index,
 * then their rows; the total as pageTotal counts it): at `offset`, or below the id `after` (a keyset page).
 */
export function userListPage(
  db: Sql,
  f: UserListFilter,
  limit: number,
  at: { offset: number } | { after: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const params: unknown[] = [];
  const where = userWhere(f, params);
  return newestFirstPage<UserRow>(db, {
    select: `SELECT ${USER_COLUMNS} FROM users u`,
    alias: "u",
    from: "users u",
    where,
    params,
    limit,
    ...("after" in at ? { offset: 0, after: at.after } : { offset: at.offset }),
  });
}
