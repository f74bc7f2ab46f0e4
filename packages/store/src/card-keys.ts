import { one, result, rows, type Sql } from "./sql";

/**
 * The card-keys domain's tables (卡密): `card_key_batches`, what an admin generated (kind, face value in fen, count,
 * prefix, expiry, the mall plan of a certificate key), and `card_keys`, its one-time codes (a keyed hash and a hint).
 */

/** Kinds of card keys: `balance` credits the wallet, `certificate` opens a mall order of its batch's plan. */
export const CARD_KEY_KINDS = ["balance", "certificate"] as const;
export type CardKeyKind = (typeof CARD_KEY_KINDS)[number];
/** A code's status as the back office shows it. */
export type CardKeyStatus = "unused" | "redeemed" | "disabled" | "expired";

/** A batch as the back office lists it: its creator's username and how many of its codes are used or disabled. */
export interface CardKeyBatchRow {
  id: number;
  kind: CardKeyKind;
  plan_id: number | null;
  amount_fen: number;
  count: number;
  prefix: string;
  expires_at: Date | null;
  disabled: boolean;
  created_at: Date;
  /** The creator's username. */
  created_by: string | null;
  redeemed_count: number;
  disabled_count: number;
}

/** A code as the back office lists it: its hint, its status and who redeemed it (the hash stays here). */
export interface CardKeyRow {
  id: number;
  batch_id: number;
  hint: string;
  disabled: boolean;
  redeemed_by: number | null;
  redeemed_at: Date | null;
  redeemed_by_username: string | null;
  status: CardKeyStatus;
}

const BATCH_SELECT = `
  SELECT b.id, b.kind, b.plan_id, b.amount_fen, b.count, b.prefix, b.expires_at, b.disabled, b.created_at,
         u.username AS created_by,
         (SELECT count(*) FROM card_keys k
           WHERE k.batch_id = b.id AND k.redeemed_at IS NOT NULL)::int AS redeemed_count,
         (SELECT count(*) FROM card_keys k
           WHERE k.batch_id = b.id AND k.disabled AND k.redeemed_at IS NULL)::int AS disabled_count
  FROM card_key_batches b LEFT JOIN users u ON u.id = b.created_by`;

const CODE_SELECT = `
  SELECT k.id, k.batch_id, k.hint, k.disabled, k.redeemed_by, k.redeemed_at, u.username AS redeemed_by_username,
         CASE WHEN k.redeemed_at IS NOT NULL THEN 'redeemed'
              WHEN k.disabled OR b.disabled THEN 'disabled'
              WHEN b.expires_at IS NOT NULL AND b.expires_at <= now() THEN 'expired'
              ELSE 'unused' END AS status
  FROM card_keys k JOIN card_key_batches b ON b.id = k.batch_id LEFT JOIN users u ON u.id = k.redeemed_by`;

/**
 * Stores a batch and its codes (the keyed hashes and hints, in generation order); answers the batch's id. Run it in
 * one transaction.
 */
export async function insertCardKeyBatch(
  tx: Sql,
  b: {
    kind: CardKeyKind;
    amountFen: number;
    prefix: string;
    expiresAt: Date | null;
    createdBy: number | null;
    planId: number | null;
    hashes: string[];
    hints: string[];
  },
): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    `INSERT INTO card_key_batches (kind, amount_fen, count, prefix, expires_at, created_by, plan_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [b.kind, b.amountFen, b.hashes.length, b.prefix, b.expiresAt, b.createdBy, b.planId],
  );
  await tx.query(
    `INSERT INTO card_keys (batch_id, code_hash, hint) SELECT $1, h, t FROM unnest($2::text[], $3::text[]) AS x(h, t)`,
    [row!.id, b.hashes, b.hints],
  );
  return row!.id;
}

/**
 * Marks the code with this hash redeemed by `userId` (null: a guest) if it is unused, enabled, of `kind`, and its
 * batch enabled and unexpired; answers its batch, plan, face value and hint, or undefined when none qualifies. The one
 * conditional statement makes concurrent redemptions of one code end with exactly one success.
 */
export function claimCardKey(
  tx: Sql,
  hash: string,
  userId: number | null,
  kind: CardKeyKind,
): Promise<{ batch_id: number; plan_id: number | null; amount_fen: number; hint: string } | undefined> {
  return one(
    tx,
    `UPDATE card_keys k SET redeemed_by = $2, redeemed_at = now()
       FROM card_key_batches b
      WHERE k.code_hash = $1 AND b.id = k.batch_id AND b.kind = $3
        AND k.redeemed_at IS NULL AND NOT k.disabled
        AND NOT b.disabled AND (b.expires_at IS NULL OR b.expires_at > now())
      RETURNING k.batch_id, b.plan_id, b.amount_fen, k.hint`,
    [hash, userId, kind],
  );
}

/** The state of the code with this hash (why it could not be claimed), or undefined when there is none. */
export function cardKeyState(
  db: Sql,
  hash: string,
): Promise<{ kind: CardKeyKind; redeemed: boolean; disabled: boolean; expired: boolean } | undefined> {
  return one(
    db,
    `SELECT b.kind, k.redeemed_at IS NOT NULL AS redeemed, (k.disabled OR b.disabled) AS disabled,
            (b.expires_at IS NOT NULL AND b.expires_at <= now()) AS expired
       FROM card_keys k JOIN card_key_batches b ON b.id = k.batch_id WHERE k.code_hash = $1`,
    [hash],
  );
}

/** A page of the batches, newest first. */
export function cardKeyBatches(db: Sql, limit: number, offset: number): Promise<CardKeyBatchRow[]> {
  return rows(db, `${BATCH_SELECT} ORDER BY b.id DESC LIMIT $1 OFFSET $2`, [limit, offset]);
}

/** How many batches there are. */
export async function cardKeyBatchCount(db: Sql): Promise<number> {
  return (await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM card_key_batches`))!.n;
}

/** One batch, or undefined when there is none. */
export function cardKeyBatch(db: Sql, id: number): Promise<CardKeyBatchRow | undefined> {
  return one(db, `${BATCH_SELECT} WHERE b.id = $1`, [id]);
}

/** A batch's codes in generation order: a page of them, or all when no `page` is given. */
export function cardKeysOfBatch(
  db: Sql,
  batchId: number,
  page?: { limit: number; offset: number },
): Promise<CardKeyRow[]> {
  return page
    ? rows(db, `${CODE_SELECT} WHERE k.batch_id = $1 ORDER BY k.id LIMIT $2 OFFSET $3`, [
        batchId,
        page.limit,
        page.offset,
      ])
    : rows(db, `${CODE_SELECT} WHERE k.batch_id = $1 ORDER BY k.id`, [batchId]);
}

/** One code, or undefined when there is none. */
export function cardKey(db: Sql, id: number): Promise<CardKeyRow | undefined> {
  return one(db, `${CODE_SELECT} WHERE k.id = $1`, [id]);
}

/** Disables (or enables again) a whole batch; answers whether there was one. */
export async function setCardKeyBatchDisabled(db: Sql, id: number, disabled: boolean): Promise<boolean> {
  return (await result(db, `UPDATE card_key_batches SET disabled = $2 WHERE id = $1`, [id, disabled])).count > 0;
}

/** Disables (or enables again) one code; answers whether there was one. */
export async function setCardKeyDisabled(db: Sql, id: number, disabled: boolean): Promise<boolean> {
  return (await result(db, `UPDATE card_keys SET disabled = $2 WHERE id = $1`, [id, disabled])).count > 0;
}
