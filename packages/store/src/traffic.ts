import { one, rows, type Sql } from "./sql";

/**
 * The traffic domain's table: `download_grants`, a paid traffic fee (流量费) of one download: unique per quote
 * nonce (one quote charges once), opened by its token (stored hashed) until it expires.
 */

/**
 * A new grant of `ttlSeconds`, its order number set once the order is written (setDownloadGrantOrder); undefined
 * when the quote's nonce has one already (the unique nonce makes a concurrent insert wait for the first one's
 * transaction, and then do nothing if it committed).
 */
export function insertDownloadGrant(
  db: Sql,
  g: {
    userId: number;
    kind: string;
    itemId: number;
    quoteNonce: string;
    tokenHash: string;
    feeFen: number;
    ttlSeconds: number;
  },
): Promise<{ id: number; expires_at: Date } | undefined> {
  return one<{ id: number; expires_at: Date }>(
    db,
    `INSERT INTO download_grants (user_id, item_kind, item_id, quote_nonce, token_hash, fee_fen, order_no, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, '', now() + make_interval(secs => $7))
     ON CONFLICT (quote_nonce) DO NOTHING RETURNING id, expires_at`,
    [g.userId, g.kind, g.itemId, g.quoteNonce, g.tokenHash, g.feeFen, g.ttlSeconds],
  );
}

/** The order that charged a grant. */
export async function setDownloadGrantOrder(db: Sql, id: number, orderNo: string): Promise<void> {
  await db.query(`UPDATE download_grants SET order_no = $2 WHERE id = $1`, [id, orderNo]);
}

/** Whether the token (its hash) opens a live grant of this user and item. */
export async function liveDownloadGrant(
  db: Sql,
  tokenHash: string,
  userId: number,
  kind: string,
  itemId: number,
): Promise<boolean> {
  const r = await rows(
    db,
    `SELECT 1 FROM download_grants
     WHERE token_hash = $1 AND user_id = $2 AND item_kind = $3 AND item_id = $4 AND expires_at > now()`,
    [tokenHash, userId, kind, itemId],
  );
  return r.length > 0;
}

/** The grant a user's quote (its nonce) paid for, or undefined (`fee_fen` a bigint, as text). */
export function downloadGrantByNonce(
  db: Sql,
  quoteNonce: string,
  userId: number,
): Promise<{ order_no: string; expires_at: Date; fee_fen: string } | undefined> {
  return one(db, `SELECT order_no, expires_at, fee_fen FROM download_grants WHERE quote_nonce = $1 AND user_id = $2`, [
    quoteNonce,
    userId,
  ]);
}
