import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";

export interface DailyCount {
  date: string;
  count: number;
}

/** One business day of the wallet ledger, in fen: money in (recharges), money spent (sales), money given back (refunds). */
export interface DailyRevenue {
  date: string;
  rechargesFen: number;
  salesFen: number;
  refundsFen: number;
}

/** Ledger types that are sales: the wallet paying for something the site sells. */
const SALE_TYPES = ["purchase", "traffic", "signing", "certificate"];

/** Figures for the admin dashboard, computed in SQL. Days are calendar days in the business time zone (BUSINESS_TZ). */
export class AdminStatsService {
  constructor(
    private readonly db: DataSource,
    readonly timeZone: string,
  ) {}

  async userTotals(): Promise<{
    totalUsers: number;
    adminUsers: number;
    disabledUsers: number;
    newUsersToday: number;
  }> {
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
    checkDays(days);
    const rows: { day: string; count: number }[] = await this.db.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(u.id)::int AS count
         FROM generate_series((now() AT TIME ZONE $1)::date - ($2::int - 1), (now() AT TIME ZONE $1)::date, interval '1 day') AS d(day)
         LEFT JOIN users u ON (u.created_at AT TIME ZONE $1)::date = d.day::date
        GROUP BY d.day ORDER BY d.day`,
      [this.timeZone, days],
    );
    return rows.map((r) => ({ date: r.day, count: r.count }));
  }

  /**
   * Revenue per business day for the last `days` days (today included), zero-filled, from the wallet ledger:
   * recharges (type recharge), sales (purchase, traffic, signing and certificate debits, as positive amounts) and
   * refunds (type refund). Admin adjustments and card keys are not revenue and are left out.
   */
  async revenueByDay(days: number): Promise<DailyRevenue[]> {
    checkDays(days);
    const rows: { day: string; recharges: string; sales: string; refunds: string }[] = await this.db.query(
      `WITH d AS (
         SELECT day::date AS day FROM generate_series((now() AT TIME ZONE $1)::date - ($2::int - 1), (now() AT TIME ZONE $1)::date, interval '1 day') AS s(day)
       ), l AS (
         SELECT (created_at AT TIME ZONE $1)::date AS day, type, amount_fen FROM wallet_ledger
          WHERE created_at >= ((now() AT TIME ZONE $1)::date - ($2::int - 1))::timestamp AT TIME ZONE $1
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
              coalesce(sum(l.amount_fen) FILTER (WHERE l.type = 'recharge'), 0) AS recharges,
              coalesce(-sum(l.amount_fen) FILTER (WHERE l.type = ANY($3::text[])), 0) AS sales,
              coalesce(sum(l.amount_fen) FILTER (WHERE l.type = 'refund'), 0) AS refunds
         FROM d LEFT JOIN l ON l.day = d.day
        GROUP BY d.day ORDER BY d.day`,
      [this.timeZone, days, SALE_TYPES],
    );
    return rows.map((r) => ({
      date: r.day,
      rechargesFen: Number(r.recharges),
      salesFen: Number(r.sales),
      refundsFen: Number(r.refunds),
    }));
  }
}

function checkDays(days: number): void {
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new DomainError("STATS_DAYS_INVALID");
}
