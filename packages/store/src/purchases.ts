import { rows, type Sql } from "./sql";

/** Reads of `purchases` (owner: the purchases domain) that other domains make, and the wallet's record of a sale. */

/** Whether a user bought an item (one indexed lookup). Inside a transaction pass its manager. */
export async function hasPurchased(db: Sql, userId: number, kind: string, itemId: number): Promise<boolean> {
  const r = await rows(db, `SELECT 1 FROM purchases WHERE user_id = $1 AND item_kind = $2 AND item_id = $3 LIMIT 1`, [
    userId,
    kind,
    itemId,
  ]);
  return r.length > 0;
}

/** How many apps a user bought. */
export async function appsBought(db: Sql, userId: number): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM purchases WHERE user_id = $1 AND item_kind = 'app'`,
    [userId],
  );
  return r[0]?.n ?? 0;
}

/** The ids of the apps a user bought. */
export async function appIdsBought(db: Sql, userId: number): Promise<number[]> {
  const r = await rows<{ item_id: number }>(
    db,
    `SELECT item_id FROM purchases WHERE user_id = $1 AND item_kind = 'app'`,
    [userId],
  );
  return r.map((x) => x.item_id);
}

/** Takes a purchase back (a refunded order): the item is no longer the user's. */
export async function deletePurchase(db: Sql, userId: number, kind: string, itemId: number): Promise<void> {
  await db.query(`DELETE FROM purchases WHERE user_id = $1 AND item_kind = $2 AND item_id = $3`, [
    userId,
    kind,
    itemId,
  ]);
}

/** Records a bought item; rejects with 23505 when the user owns it already (the purchases unique key). */
export async function insertPurchase(
  db: Sql,
  userId: number,
  kind: string,
  itemId: number,
  amountFen: number,
): Promise<void> {
  await db.query(`INSERT INTO purchases (user_id, item_kind, item_id, amount_fen) VALUES ($1, $2, $3, $4)`, [
    userId,
    kind,
    itemId,
    amountFen,
  ]);
}
