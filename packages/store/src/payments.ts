import { count, one, rows, updateGiven, type Sql } from "./sql";

/**
 * The payments domain's tables: `payment_methods` (the EPay merchants an admin configured; the key sealed),
 * `payment_orders` (top-ups: R…, pending until the gateway's verified notify) and `withdrawals` (提现: W…).
 */

export interface PaymentMethodRow {
  id: number;
  name: string;
  channel: string;
  gateway_url: string;
  pid: string;
  key_encrypted: string;
  min_amount_fen: number;
  max_amount_fen: number;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The columns an admin sets; the key only ever sealed. */
export interface PaymentMethodFields {
  name?: string;
  channel?: string;
  gatewayUrl?: string;
  pid?: string;
  keyEncrypted?: string;
  minAmountFen?: number;
  maxAmountFen?: number;
  enabled?: boolean;
}

const METHOD_COLUMNS: Record<keyof PaymentMethodFields, string> = {
  name: "name",
  channel: "channel",
  gatewayUrl: "gateway_url",
  pid: "pid",
  keyEncrypted: "key_encrypted",
  minAmountFen: "min_amount_fen",
  maxAmountFen: "max_amount_fen",
  enabled: "enabled",
};

/** The methods by id; `enabledOnly` for the recharge picker. */
export function listPaymentMethods(db: Sql, enabledOnly: boolean): Promise<PaymentMethodRow[]> {
  return rows<PaymentMethodRow>(
    db,
    `SELECT * FROM payment_methods ${enabledOnly ? "WHERE enabled" : ""} ORDER BY id ASC`,
  );
}

/** One method; `forUpdate` locks its row for the caller's transaction. */
export function paymentMethodById(db: Sql, id: number, forUpdate = false): Promise<PaymentMethodRow | undefined> {
  return one<PaymentMethodRow>(db, `SELECT * FROM payment_methods WHERE id = $1 ${forUpdate ? "FOR UPDATE" : ""}`, [
    id,
  ]);
}

/** The oldest method of this name (the launcher's sandbox is found by its name). */
export function paymentMethodByName(db: Sql, name: string): Promise<PaymentMethodRow | undefined> {
  return one<PaymentMethodRow>(db, `SELECT * FROM payment_methods WHERE name = $1 ORDER BY id ASC LIMIT 1`, [name]);
}

/** Adds a method (every field but `enabled` given; it defaults to on) and answers its row. */
export async function insertPaymentMethod(
  db: Sql,
  f: Required<Omit<PaymentMethodFields, "enabled">> & {
    enabled?: boolean;
  },
): Promise<PaymentMethodRow> {
  return (await one<PaymentMethodRow>(
    db,
    `INSERT INTO payment_methods (name, channel, gateway_url, pid, key_encrypted, min_amount_fen, max_amount_fen, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, true)) RETURNING *`,
    [f.name, f.channel, f.gatewayUrl, f.pid, f.keyEncrypted, f.minAmountFen, f.maxAmountFen, f.enabled ?? null],
  ))!;
}

/** Changes the given fields of one method (the others keep their value) and stamps `updated_at`. */
export async function updatePaymentMethod(db: Sql, id: number, f: PaymentMethodFields): Promise<void> {
  await updateGiven(db, "payment_methods", id, METHOD_COLUMNS, f);
}

export interface PaymentOrderRow {
  id: number;
  order_no: string;
  user_id: number;
  method_id: number;
  channel: string;
  amount_fen: number;
  status: string;
  trade_no: string | null;
  for_order_no: string | null;
  created_at: Date;
  paid_at: Date | null;
  closed_at: Date | null;
}

/**
 * Opens a pending top-up and answers its number: R, the business day (in `timeZone`) and a sequence number.
 * `forOrderNo` is the order it pays once credited (null for a plain recharge).
 */
export async function insertPaymentOrder(
  db: Sql,
  o: {
    timeZone: string;
    userId: number;
    methodId: number;
    channel: string;
    amountFen: number;
    forOrderNo: string | null;
  },
): Promise<string> {
  const r = await one<{ order_no: string }>(
    db,
    `INSERT INTO payment_orders (order_no, user_id, method_id, channel, amount_fen, for_order_no)
     VALUES ('R' || to_char(now() AT TIME ZONE $1, 'YYYYMMDD') || lpad(nextval('payment_order_seq')::text, 8, '0'),
             $2, $3, $4, $5, $6)
     RETURNING order_no`,
    [o.timeZone, o.userId, o.methodId, o.channel, o.amountFen, o.forOrderNo],
  );
  return r!.order_no;
}

/** One top-up by its number; `forUpdate` locks its row for the caller's transaction. */
export function paymentOrderByNo(db: Sql, orderNo: string, forUpdate = false): Promise<PaymentOrderRow | undefined> {
  return one<PaymentOrderRow>(db, `SELECT * FROM payment_orders WHERE order_no = $1 ${forUpdate ? "FOR UPDATE" : ""}`, [
    orderNo,
  ]);
}

/** Marks a top-up paid with the gateway's trade number (unique: another order's number fails with 23505). */
export async function markPaymentOrderPaid(db: Sql, id: number, tradeNo: string): Promise<void> {
  await db.query(`UPDATE payment_orders SET status = 'paid', trade_no = $2, paid_at = now() WHERE id = $1`, [
    id,
    tradeNo,
  ]);
}

/** Numbers of pending top-ups created before `before`, oldest first. */
export async function pendingPaymentOrdersBefore(db: Sql, before: Date, limit: number): Promise<string[]> {
  const r = await rows<{ order_no: string }>(
    db,
    `SELECT order_no FROM payment_orders WHERE status = 'pending' AND created_at < $1 ORDER BY created_at LIMIT $2`,
    [before, limit],
  );
  return r.map((x) => x.order_no);
}

/** Numbers of pending top-ups at least `olderThanSeconds` old (by the database's clock), oldest first. */
export async function pendingPaymentOrdersOlderThan(
  db: Sql,
  olderThanSeconds: number,
  limit: number,
): Promise<string[]> {
  const r = await rows<{ order_no: string }>(
    db,
    `SELECT order_no FROM payment_orders
     WHERE status = 'pending' AND created_at <= now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
    [olderThanSeconds, limit],
  );
  return r.map((x) => x.order_no);
}

/** Closes every pending top-up created before `before`; answers the numbers closed. */
export async function closePendingPaymentOrders(db: Sql, before: Date): Promise<string[]> {
  const r = await rows<{ order_no: string }>(
    db,
    `WITH c AS (UPDATE payment_orders SET status = 'closed', closed_at = now()
                WHERE status = 'pending' AND created_at < $1 RETURNING order_no)
     SELECT order_no FROM c`,
    [before],
  );
  return r.map((x) => x.order_no);
}

/** A top-up as its lists show it: with its owner's name and its method's. */
export interface PaymentOrderListRow {
  order_no: string;
  user_id: number;
  username: string;
  method_id: number;
  method_name: string;
  channel: string;
  amount_fen: number;
  status: string;
  trade_no: string | null;
  created_at: Date;
  paid_at: Date | null;
  closed_at: Date | null;
}

const ORDER_SELECT = `
  SELECT o.order_no, o.user_id, u.username, o.method_id, pm.name AS method_name, o.channel, o.amount_fen, o.status,
         o.trade_no, o.created_at, o.paid_at, o.closed_at
  FROM payment_orders o JOIN users u ON u.id = o.user_id JOIN payment_methods pm ON pm.id = o.method_id`;

/** One user's top-up by its number, for its owner only. */
export function paymentOrderOf(db: Sql, orderNo: string, userId: number): Promise<PaymentOrderListRow | undefined> {
  return one<PaymentOrderListRow>(db, `${ORDER_SELECT} WHERE o.order_no = $1 AND o.user_id = $2`, [orderNo, userId]);
}

/** What a list of top-ups or withdrawals is filtered by (each optional). */
export interface MoneyListFilter {
  userId?: number;
  status?: string;
  /** Exact order or trade number, or username (top-ups). */
  search?: string;
}

/** One page of top-ups, newest first, and how many match. */
export async function paymentOrderPage(
  db: Sql,
  f: MoneyListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: PaymentOrderListRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.userId !== undefined) where.push(`o.user_id = $${params.push(f.userId)}`);
  if (f.status !== undefined) where.push(`o.status = $${params.push(f.status)}`);
  if (f.search)
    where.push(
      `(o.order_no = $${params.push(f.search)} OR o.trade_no = $${params.length} OR u.username = $${params.length})`,
    );
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const page = await rows<PaymentOrderListRow>(
    db,
    `${ORDER_SELECT} ${clause} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const n = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM payment_orders o JOIN users u ON u.id = o.user_id ${clause}`,
    params,
  );
  return { rows: page, total: n!.n };
}

// ---- withdrawals ------------------------------------------------------------------------------------------------

export interface WithdrawalListRow {
  id: number;
  withdraw_no: string;
  user_id: number;
  username: string;
  amount_fen: number;
  channel: string;
  account: string;
  real_name: string;
  status: string;
  payout_ref: string | null;
  review_note: string | null;
  reviewed_by: string | null;
  created_at: Date;
  reviewed_at: Date | null;
}

const WITHDRAWAL_SELECT = `
  SELECT w.id, w.withdraw_no, w.user_id, u.username, w.amount_fen, w.channel, w.account, w.real_name, w.status,
         w.payout_ref, w.review_note, w.reviewed_by, w.created_at, w.reviewed_at
  FROM withdrawals w JOIN users u ON u.id = w.user_id`;

/**
 * Serialises one user's withdrawal requests until the caller's transaction ends (the pending count a request checks
 * must not race with another request).
 */
export async function lockUserWithdrawals(db: Sql, userId: number): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('withdraw'), $1)`, [userId]);
}

/** How many of the user's requests wait for review. */
export async function pendingWithdrawalCount(db: Sql, userId: number): Promise<number> {
  return (await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1 AND status = 'pending'`,
    [userId],
  ))!.n;
}

/** Fen held in the user's pending requests. */
export async function pendingWithdrawalFen(db: Sql, userId: number): Promise<number> {
  const r = await one<{ n: string }>(
    db,
    `SELECT coalesce(sum(amount_fen), 0)::bigint AS n FROM withdrawals WHERE user_id = $1 AND status = 'pending'`,
    [userId],
  );
  return Number(r!.n);
}

/** Records a pending request (W, the business day in `timeZone`, a sequence number); answers its id and number. */
export async function insertWithdrawal(
  db: Sql,
  w: { timeZone: string; userId: number; amountFen: number; channel: string; account: string; realName: string },
): Promise<{ id: number; withdraw_no: string }> {
  return (await one<{ id: number; withdraw_no: string }>(
    db,
    `INSERT INTO withdrawals (withdraw_no, user_id, amount_fen, channel, account, real_name)
     VALUES ('W' || to_char(now() AT TIME ZONE $1, 'YYYYMMDD') || lpad(nextval('withdrawal_no_seq')::text, 6, '0'),
             $2, $3, $4, $5, $6)
     RETURNING id, withdraw_no`,
    [w.timeZone, w.userId, w.amountFen, w.channel, w.account, w.realName],
  ))!;
}

/** A review's outcome: who asked, how much, which request (undefined when it was not pending). */
export interface ReviewedWithdrawal {
  user_id: number;
  amount_fen: number;
  withdraw_no: string;
}

/** Approves a pending request (`payoutRef`: the payout's reference, or null); undefined when it was not pending. */
export function approveWithdrawal(
  db: Sql,
  id: number,
  payoutRef: string | null,
  admin: string,
): Promise<ReviewedWithdrawal | undefined> {
  return one<ReviewedWithdrawal>(
    db,
    `UPDATE withdrawals SET status = 'approved', payout_ref = $2, reviewed_by = $3, reviewed_at = now()
     WHERE id = $1 AND status = 'pending' RETURNING user_id, amount_fen, withdraw_no`,
    [id, payoutRef, admin],
  );
}

/** Rejects a pending request with its reason; undefined when it was not pending. */
export function rejectWithdrawal(
  db: Sql,
  id: number,
  reason: string,
  admin: string,
): Promise<ReviewedWithdrawal | undefined> {
  return one<ReviewedWithdrawal>(
    db,
    `UPDATE withdrawals SET status = 'rejected', review_note = $2, reviewed_by = $3, reviewed_at = now()
     WHERE id = $1 AND status = 'pending' RETURNING user_id, amount_fen, withdraw_no`,
    [id, reason, admin],
  );
}

/** Whether a request with this id exists. */
export async function withdrawalExists(db: Sql, id: number): Promise<boolean> {
  return (await count(db, `SELECT 1 FROM withdrawals WHERE id = $1`, [id])) > 0;
}

/** One request as lists show it (with its owner's name). */
export function withdrawalById(db: Sql, id: number): Promise<WithdrawalListRow | undefined> {
  return one<WithdrawalListRow>(db, `${WITHDRAWAL_SELECT} WHERE w.id = $1`, [id]);
}

/** A reviewed request with its owner's address, for the result mail. */
export function withdrawalForMail(
  db: Sql,
  id: number,
): Promise<
  | {
      user_id: number;
      withdraw_no: string;
      amount_fen: number;
      status: string;
      review_note: string | null;
      username: string;
      email: string | null;
    }
  | undefined
> {
  return one(
    db,
    `SELECT w.user_id, w.withdraw_no, w.amount_fen, w.status, w.review_note, u.username, u.email
     FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE w.id = $1`,
    [id],
  );
}

/**
 * One page of requests, newest first, and how many match. `search`: the exact number, a username pattern (`like`,
 * already escaped) or, all digits, the user id.
 */
export async function withdrawalPage(
  db: Sql,
  f: { userId?: number; status?: string; search?: { text: string; like: string } },
  limit: number,
  offset: number,
): Promise<{ rows: WithdrawalListRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.userId !== undefined) where.push(`w.user_id = $${params.push(f.userId)}`);
  if (f.status) where.push(`w.status = $${params.push(f.status)}`);
  if (f.search) {
    const s = f.search.text;
    const byId = /^\d{1,9}$/.test(s) ? ` OR w.user_id = $${params.push(Number(s))}` : "";
    where.push(`(w.withdraw_no = $${params.push(s)} OR u.username ILIKE $${params.push(f.search.like)}${byId})`);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [page, n] = await Promise.all([
    rows<WithdrawalListRow>(
      db,
      `${WITHDRAWAL_SELECT} ${clause} ORDER BY w.id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    one<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM withdrawals w JOIN users u ON u.id = w.user_id ${clause}`,
      params,
    ),
  ]);
  return { rows: page, total: n!.n };
}
