import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";

export interface DailyCount {
  date: string;
  count: number;
}

/** Figures for the admin dashboard, computed in SQL. Days are calendar days in the business time zone (BUSINESS_TZ). */
export class AdminStatsService {
  constructor(
    private readonly db: DataSource,
    readonly timeZone: string,
  ) {}

  async userTotals(): Promise<{ totalUsers: number; adminUsers: number; disabledUsers: number; newUsersToday: number }> {
    const [row] = await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE role = 'admin')::int AS admins,
              count(*) FILTER (WHERE disabled)::int AS disabled,
              count(*) FILTER (WHERE (created_at AT TIME ZONE $1)::date = (now() AT TIME ZONE $1)::date)::int AS today
         FROM users`,
      [this.timeZone],
    );
    return { totalUsers: row.total, adminUsers: row.admins, disabledUsers: row.disabled, newUsersToday: row.today };
  }

  /** One entry per day for the last `days` days (today included), zero-filled. */
  async registrationsByDay(days: number): Promise<DailyCount[]> {
    if (!Number.isInteger(days) || days < 1 || days > 366) throw new DomainError("STATS_DAYS_INVALID");
    const rows: { day: string; count: number }[] = await this.db.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(u.id)::int AS count
         FROM generate_series((now() AT TIME ZONE $1)::date - ($2::int - 1), (now() AT TIME ZONE $1)::date, interval '1 day') AS d(day)
         LEFT JOIN users u ON (u.created_at AT TIME ZONE $1)::date = d.day::date
        GROUP BY d.day ORDER BY d.day`,
      [this.timeZone, days],
    );
    return rows.map((r) => ({ date: r.day, count: r.count }));
  }
}
