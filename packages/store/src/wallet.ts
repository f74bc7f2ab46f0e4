import { rows, type Sql } from "./sql";

/** What other domains change of the wallet's `orders` (owner: the wallet domain's OrdersService). */

/** A paid order is fulfilled (its goods delivered); a no-op unless it is paid. */
export async function fulfilWalletOrder(db: Sql, orderId: number): Promise<void> {
  await db.query(`UPDATE orders SET status = 'fulfilled', fulfilled_at = now() WHERE id = $1 AND status = 'paid'`, [
    orderId,
  ]);
}

/**
 * The ledger per business day, the last `days` days (today included), zero-filled: recharges, sales (debits of
 * `saleTypes`, as positive amounts) and refunds, in fen (as PostgreSQL's numeric text).
 */
export function ledgerByDay(
  db: Sql,
  timeZone: string,
  days: number,
  saleTypes: readonly string[],
): Promise<{ day: string; recharges: string; sales: string; refunds: string }[]> {
  return rows(
    db,
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
    [timeZone, days, saleTypes],
  );
}
