import { newestFirstPage, one, rows, type Sql } from "./sql";

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

/** The wallet domain's own statements: `wallets` (one balance per user) and `wallet_ledger` (every change of one). */

/** A user's balance in fen; 0 for a user who never had a wallet. */
export async function walletBalanceFen(db: Sql, userId: number): Promise<number> {
  const r = await one<{ balance_fen: string }>(db, `SELECT balance_fen FROM wallets WHERE user_id = $1`, [userId]);
  return r ? Number(r.balance_fen) : 0;
}

/** What one change of a wallet wrote: its ledger row's id, the balance after it and its time (bigints as text). */
export interface WalletChangeRow {
  id: string;
  balance_after_fen: string;
  created_at: Date;
}

/**
 * One statement: locks, checks and updates (or, on a credit, creates) the wallet row and writes the ledger row.
 * `signedFen` > 0 credits; < 0 debits, and changes nothing (undefined) when the balance cannot cover it.
 */
export function applyWalletChange(
  db: Sql,
  c: { userId: number; signedFen: number; type: string; orderNo: string | null; note: string },
): Promise<WalletChangeRow | undefined> {
  const wallet =
    c.signedFen > 0
      ? `INSERT INTO wallets (user_id, balance_fen) VALUES ($1, $2) ON CONFLICT (user_id)
           DO UPDATE SET balance_fen = wallets.balance_fen + EXCLUDED.balance_fen, updated_at = now()
           RETURNING balance_fen`
      : `UPDATE wallets SET balance_fen = balance_fen + $2, updated_at = now()
           WHERE user_id = $1 AND balance_fen >= -$2::bigint RETURNING balance_fen`;
  return one<WalletChangeRow>(
    db,
    `WITH w AS (${wallet})
     INSERT INTO wallet_ledger (user_id, type, amount_fen, balance_after_fen, order_no, note)
     SELECT $1, $3, $2, w.balance_fen, $4, $5 FROM w RETURNING id, balance_after_fen, created_at`,
    [c.userId, c.signedFen, c.type, c.orderNo, c.note],
  );
}

/** A ledger row with its user's name (bigints as text). */
export interface LedgerRow {
  id: string;
  user_id: number;
  username: string;
  type: string;
  amount_fen: string;
  balance_after_fen: string;
  order_no: string | null;
  note: string;
  created_at: Date;
}

/** Which ledger rows: all checked by the caller (`fromDay`/`toDay` are business days "YYYY-MM-DD" in `timeZone`). */
export interface LedgerRowFilter {
  userId?: number;
  type?: string;
  /** A user id (digits: that id, or a username matching `userPattern`), else a username matching `userPattern`. */
  user?: string;
  /** The ILIKE pattern of `user`. */
  userPattern?: string;
  orderNo?: string;
  fromDay?: string;
  toDay?: string;
  timeZone: string;
}

const LEDGER_SELECT = `SELECT l.id, l.user_id, u.username, l.type, l.amount_fen, l.balance_after_fen, l.order_no,
    l.note, l.created_at
  FROM wallet_ledger l JOIN users u ON u.id = l.user_id`;

function ledgerWhere(f: LedgerRowFilter): { where: string; params: unknown[] } {
  const conds: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    conds.push(sql.replace("?", `$${params.length}`));
  };
  if (f.userId !== undefined) add("l.user_id = ?", f.userId);
  if (f.type) add("l.type = ?", f.type);
  if (f.user) {
    if (/^\d{1,9}$/.test(f.user)) {
      params.push(Number(f.user), f.userPattern);
      conds.push(`(l.user_id = $${params.length - 1} OR u.username ILIKE $${params.length})`);
    } else add("u.username ILIKE ?", f.userPattern);
  }
  if (f.orderNo) add("l.order_no = ?", f.orderNo);
  // Business days, both inclusive: from the start of `fromDay` to the end of `toDay` in the business time zone.
  if (f.fromDay) {
    params.push(f.fromDay, f.timeZone);
    conds.push(`l.created_at >= ($${params.length - 1}::date)::timestamp AT TIME ZONE $${params.length}`);
  }
  if (f.toDay) {
    params.push(f.toDay, f.timeZone);
    conds.push(`l.created_at < ($${params.length - 1}::date + 1)::timestamp AT TIME ZONE $${params.length}`);
  }
  return { where: conds.length ? `WHERE ${conds.join(" AND ")}` : "", params };
}

/** The filtered ledger, newest first, at most `limit` rows (the CSV export). */
export function ledgerRows(db: Sql, f: LedgerRowFilter, limit: number): Promise<LedgerRow[]> {
  const { where, params } = ledgerWhere(f);
  return rows<LedgerRow>(db, `${LEDGER_SELECT} ${where} ORDER BY l.id DESC LIMIT ${Number(limit)}`, params);
}

/**
 * A page of the filtered ledger, newest first, and its total (see pageTotal). `after`: a keyset cursor, the id of the
 * last row seen (the page continues below it, an index range, instead of skipping `offset` rows).
 */
export function ledgerPage(
  db: Sql,
  f: LedgerRowFilter,
  page: { limit: number; offset: number; after?: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  const { where, params } = ledgerWhere(f);
  // Every row has its user (a foreign key): the ids are chosen joining users only when the filter reads a username.
  const from = f.user ? "wallet_ledger l JOIN users u ON u.id = l.user_id" : "wallet_ledger l";
  return newestFirstPage<LedgerRow>(db, { select: LEDGER_SELECT, alias: "l", from, where, params, ...page });
}

/** An order (`orders`, the wallet's list of what was bought and topped up) with its user's name. */
export interface WalletOrderRow {
  id: number;
  order_no: string;
  user_id: number;
  username: string;
  kind: string;
  item_id: number | null;
  item_name: string;
  /** bigint, as text. */
  amount_fen: string;
  status: string;
  pay_method: string;
  note: string;
  created_at: Date;
  paid_at: Date | null;
  fulfilled_at: Date | null;
  closed_at: Date | null;
  refunded_at: Date | null;
  refund_reason: string | null;
}

/** How an order is found: by its number or its id. */
export type WalletOrderRef = { orderNo: string } | { id: number };

function refWhere(ref: WalletOrderRef, alias = ""): { where: string; key: string | number } {
  return "orderNo" in ref
    ? { where: `${alias}order_no = $1`, key: ref.orderNo }
    : { where: `${alias}id = $1`, key: ref.id };
}

const ORDER_SELECT = `SELECT o.id, o.order_no, o.user_id, u.username, o.kind, o.item_id, o.item_name, o.amount_fen,
    o.status, o.pay_method, o.note, o.created_at, o.paid_at, o.fulfilled_at, o.closed_at, o.refunded_at, o.refund_reason
  FROM orders o JOIN users u ON u.id = o.user_id`;

/** One order, or undefined. */
export function walletOrder(db: Sql, ref: WalletOrderRef): Promise<WalletOrderRow | undefined> {
  const { where, key } = refWhere(ref, "o.");
  return one<WalletOrderRow>(db, `${ORDER_SELECT} WHERE ${where}`, [key]);
}

/** One order, its row locked for the caller's transaction (without its user's name). */
export function lockWalletOrder(db: Sql, ref: WalletOrderRef): Promise<Omit<WalletOrderRow, "username"> | undefined> {
  const { where, key } = refWhere(ref);
  return one(db, `SELECT * FROM orders WHERE ${where} FOR UPDATE`, [key]);
}

/** Whether the order exists. */
export async function walletOrderExists(db: Sql, ref: WalletOrderRef): Promise<boolean> {
  const { where, key } = refWhere(ref);
  return (await rows(db, `SELECT 1 FROM orders WHERE ${where}`, [key])).length > 0;
}

/** An order's kind, or undefined when there is none. */
export async function walletOrderKind(db: Sql, id: number): Promise<string | undefined> {
  return (await one<{ kind: string }>(db, `SELECT kind FROM orders WHERE id = $1`, [id]))?.kind;
}

/** A pending order paid (its goods not yet delivered), by `payMethod`. */
export async function markWalletOrderPaid(db: Sql, id: number, payMethod: string): Promise<void> {
  await db.query(`UPDATE orders SET status = 'paid', paid_at = now(), pay_method = $2 WHERE id = $1`, [id, payMethod]);
}

/** A pending order paid and delivered at once, by `payMethod`. */
export async function markWalletOrderPaidAndFulfilled(db: Sql, id: number, payMethod: string): Promise<void> {
  await db.query(
    `UPDATE orders SET status = 'fulfilled', paid_at = now(), fulfilled_at = now(), pay_method = $2 WHERE id = $1`,
    [id, payMethod],
  );
}

/**
 * Moves an order to `to` from one of `from`, stamping `stampColumn` (a column name the caller chose from its own
 * list) and keeping `refundReason` when given; answers its id, or undefined when it is not there or not in `from`.
 */
export async function moveWalletOrder(
  db: Sql,
  ref: WalletOrderRef,
  to: string,
  from: readonly string[],
  stampColumn: "paid_at" | "fulfilled_at" | "closed_at" | "refunded_at" | null,
  refundReason: string | null,
): Promise<number | undefined> {
  const { where, key } = refWhere(ref);
  const r = await one<{ id: number }>(
    db,
    `UPDATE orders SET status = $2${stampColumn ? `, ${stampColumn} = now()` : ""},
       refund_reason = coalesce($4, refund_reason)
     WHERE ${where} AND status = ANY($3) RETURNING id`,
    [key, to, from, refundReason],
  );
  return r?.id;
}

/** Closes the non-recharge orders still pending that were made before `before`; answers how many. */
export async function closeExpiredWalletOrders(db: Sql, before: Date): Promise<number> {
  const r = await rows(
    db,
    `UPDATE orders SET status = 'closed', closed_at = now()
     WHERE status = 'pending' AND kind <> 'recharge' AND created_at < $1 RETURNING id`,
    [before],
  );
  return r.length;
}

/** Closes these orders if they are still pending. */
export async function closePendingWalletOrders(db: Sql, orderNos: string[]): Promise<void> {
  await db.query(
    `UPDATE orders SET status = 'closed', closed_at = now() WHERE order_no = ANY($1) AND status = 'pending'`,
    [orderNos],
  );
}

/**
 * A new order numbered by the business date (in `timeZone`) and a global sequence of at least 6 digits
 * (20261123000123), or numbered `orderNo`; a fulfilled one is stamped paid and fulfilled now.
 */
export async function insertWalletOrder(
  db: Sql,
  o: {
    timeZone: string;
    orderNo: string | null;
    userId: number;
    kind: string;
    itemId: number | null;
    itemName: string;
    amountFen: number;
    status: "pending" | "fulfilled";
    payMethod: string;
    note: string;
  },
): Promise<{ id: number; order_no: string; created_at: Date; paid_at: Date | null; fulfilled_at: Date | null }> {
  const done = o.status === "fulfilled" ? "now()" : "NULL";
  const r = await one<{
    id: number;
    order_no: string;
    created_at: Date;
    paid_at: Date | null;
    fulfilled_at: Date | null;
  }>(
    db,
    `WITH n AS (SELECT nextval('order_no_seq')::text AS s)
     INSERT INTO orders (order_no, user_id, kind, item_id, item_name, amount_fen, status, pay_method, note, paid_at,
                         fulfilled_at)
     SELECT coalesce($10, to_char(now() AT TIME ZONE $1, 'YYYYMMDD') || lpad(n.s, greatest(6, length(n.s)), '0')),
            $2, $3, $4, $5, $6, $7, $8, $9, ${done}, ${done}
     FROM n RETURNING id, order_no, created_at, paid_at, fulfilled_at`,
    [o.timeZone, o.userId, o.kind, o.itemId, o.itemName, o.amountFen, o.status, o.payMethod, o.note, o.orderNo],
  );
  return r!;
}

/** What a purchase from the wallet wrote: its order and its ledger row. */
export interface WalletPurchaseRow {
  id: number;
  order_no: string;
  created_at: Date;
  paid_at: Date;
  fulfilled_at: Date;
  ledger_id: string;
  balance_after_fen: string;
}

/**
 * Buys an item from the wallet in one statement (one atomic transaction and one round trip, named: on a pg pool it is
 * prepared once per connection, where planning this CTE costs more than running it). The debit locks the wallet row
 * and checks the balance (the same conditional UPDATE as applyWalletChange); only when it succeeded do the purchase
 * row, the order (paid and fulfilled) and the ledger row get written. Undefined when the balance is short; rejects
 * with 23505 when the user owns the item already (the purchases unique key undoes the whole statement).
 */
export function buyFromWallet(
  db: Sql,
  p: {
    userId: number;
    amountFen: number;
    kind: string;
    itemId: number;
    timeZone: string;
    itemName: string;
    note: string;
  },
): Promise<WalletPurchaseRow | undefined> {
  return one<WalletPurchaseRow>(
    db,
    `WITH w AS (
       UPDATE wallets SET balance_fen = balance_fen - $2, updated_at = now()
       WHERE user_id = $1 AND balance_fen >= $2 RETURNING balance_fen
     ), p AS (
       INSERT INTO purchases (user_id, item_kind, item_id, amount_fen) SELECT $1, $3, $4, $2 FROM w RETURNING id
     ), n AS (
       SELECT nextval('order_no_seq')::text AS s FROM w
     ), o AS (
       INSERT INTO orders (order_no, user_id, kind, item_id, item_name, amount_fen, status, pay_method, paid_at,
                           fulfilled_at)
       SELECT to_char(now() AT TIME ZONE $5, 'YYYYMMDD') || lpad(n.s, greatest(6, length(n.s)), '0'), $1, $3, $4, $6,
              $2, 'fulfilled', 'wallet', now(), now()
       FROM n RETURNING id, order_no, created_at, paid_at, fulfilled_at
     ), l AS (
       INSERT INTO wallet_ledger (user_id, type, amount_fen, balance_after_fen, order_no, note)
       SELECT $1, 'purchase', -$2::bigint, w.balance_fen, o.order_no, $7 FROM w, o
       RETURNING id, balance_after_fen, created_at
     )
     SELECT o.id, o.order_no, o.created_at, o.paid_at, o.fulfilled_at, l.id AS ledger_id, l.balance_after_fen
     FROM o, l`,
    [p.userId, p.amountFen, p.kind, p.itemId, p.timeZone, p.itemName, p.note],
    "orders_pay_from_wallet",
  );
}

/** Which orders a page holds (all checked by the caller). */
export interface WalletOrderFilter {
  userId?: number;
  status?: string;
  kind?: string;
  /** An order number, a user id (digits), or part of a username or item name (`searchPattern`, ILIKE). */
  search?: string;
  searchPattern?: string;
}

/**
 * A page of orders, newest first, and its total (see pageTotal). `after`: a keyset cursor, the id of the last order
 * seen (the page continues below it, an index range, instead of skipping `offset` rows).
 */
export function walletOrderPage(
  db: Sql,
  f: WalletOrderFilter,
  page: { limit: number; offset: number; after?: number },
): Promise<{ rows: WalletOrderRow[]; total: number }> {
  const conds: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...v: unknown[]) => {
    const base = params.length;
    params.push(...v);
    conds.push(sql.replace(/\$(\d)/g, (_, i) => `$${base + Number(i)}`));
  };
  if (f.userId !== undefined) add("o.user_id = $1", f.userId);
  if (f.status) add("o.status = $1", f.status);
  if (f.kind) add("o.kind = $1", f.kind);
  if (f.search) {
    if (/^\d{1,9}$/.test(f.search))
      add(
        "(o.order_no = $1 OR o.user_id = $2 OR u.username ILIKE $3 OR o.item_name ILIKE $3)",
        f.search,
        Number(f.search),
        f.searchPattern,
      );
    else add("(o.order_no = $1 OR u.username ILIKE $2 OR o.item_name ILIKE $2)", f.search, f.searchPattern);
  }
  const where = conds.length ? `WHERE ${conds.join(" AND ")}` : "";
  // Every order has its user (a foreign key), so the ids are chosen joining users only when the filter reads a name.
  const from = f.search ? "orders o JOIN users u ON u.id = o.user_id" : "orders o";
  return newestFirstPage<WalletOrderRow>(db, { select: ORDER_SELECT, alias: "o", from, where, params, ...page });
}
