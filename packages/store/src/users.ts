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
