import type { DataSource } from "typeorm";

/** A user's wallet balance and the sum of its ledger, in fen: after every change the two are equal. */
export async function ledgerTotals(db: DataSource, userId: number): Promise<{ sum: number; balance: number }> {
  const [row] = await db.query(
    `SELECT coalesce((SELECT sum(amount_fen) FROM wallet_ledger WHERE user_id = $1), 0)::bigint AS sum,
            coalesce((SELECT balance_fen FROM wallets WHERE user_id = $1), 0)::bigint AS balance`,
    [userId],
  );
  return { sum: Number(row.sum), balance: Number(row.balance) };
}
