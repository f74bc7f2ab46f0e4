import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { ledgerByDay, registrationsByDay, userTotals } from "@gryx/store";

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
    const row = await userTotals(this.db, this.timeZone);
    return { totalUsers: row.total, adminUsers: row.admins, disabledUsers: row.disabled, newUsersToday: row.today };
  }

  /** One entry per day for the last `days` days (today included), zero-filled. */
  async registrationsByDay(days: number): Promise<DailyCount[]> {
    checkDays(days);
    const rows = await registrationsByDay(this.db, this.timeZone, days);
    return rows.map((r) => ({ date: r.day, count: r.count }));
  }

  /**
   * Revenue per business day for the last `days` days (today included), zero-filled, from the wallet ledger:
   * recharges (type recharge), sales (purchase, traffic, signing and certificate debits, as positive amounts) and
   * refunds (type refund). Admin adjustments and card keys are not revenue and are left out.
   */
  async revenueByDay(days: number): Promise<DailyRevenue[]> {
    checkDays(days);
    const rows = await ledgerByDay(this.db, this.timeZone, days, SALE_TYPES);
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
