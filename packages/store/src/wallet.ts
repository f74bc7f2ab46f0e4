import type { Sql } from "./sql";

/** What other domains change of the wallet's `orders` (owner: the wallet domain's OrdersService). */

/** A paid order is fulfilled (its goods delivered); a no-op unless it is paid. */
export async function fulfilWalletOrder(db: Sql, orderId: number): Promise<void> {
  await db.query(`UPDATE orders SET status = 'fulfilled', fulfilled_at = now() WHERE id = $1 AND status = 'paid'`, [
    orderId,
  ]);
}
