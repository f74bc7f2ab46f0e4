import { one, rows, type Sql } from "./sql";

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
  if (r.searchLike) add("(username ILIKE ? OR email ILIKE ?)", r.searchLike);
  if (r.role) add("role = ?", r.role);
  if (r.registeredAfter) add("created_at >= ?", r.registeredAfter);
  if (r.registeredBefore) add("created_at < ?", r.registeredBefore);
  return rows(
    db,
    `SELECT id, username, email FROM users WHERE ${where.join(" AND ")} ORDER BY id LIMIT ${Number(limit)}`,
    params,
  );
}
