import { one, result, rows, type Sql } from "./sql";

/**
 * The certificate mall's orders (owner: the mall domain): mall_orders and their mall_order_logs. The catalogue
 * (cert_packages, cert_plans) is mall-catalogue.ts; the fulfilment sources (asc_accounts, cert_suppliers)
 * mall-accounts.ts.
 */

export type MallOrderSource = "asc" | "supplier" | "manual" | "platform";

/** One row of `mall_orders`, as the fulfilment reads it. */
export interface MallOrderRow {
  id: number;
  order_no: string;
  kind: string;
  wallet_order_id: number | null;
  user_id: number | null;
  udid: string;
  package_id: number | null;
  snapshot: { packageName: string; durationDays: number; warrantyDays: number };
  source: MallOrderSource;
  status: string;
  asc_account_id: number | null;
  excluded_accounts: number[];
  asc_device_id: string | null;
  asc_profile_id: string | null;
  supplier_id: number | null;
  supplier_order_id: string | null;
  polls: number;
  certificate_id: number | null;
  lease_until: Date | null;
}

export type MallLogLevel = "info" | "warn" | "error";

/** One line of an order's log (what its detail page shows). */
export async function logMallOrder(
  db: Sql,
  orderId: number,
  message: string,
  level: MallLogLevel = "info",
): Promise<void> {
  await db.query(`INSERT INTO mall_order_logs (order_id, level, message) VALUES ($1, $2, $3)`, [
    orderId,
    level,
    message.slice(0, 2000),
  ]);
}

/**
 * Takes a fulfilment lease on a paid (or fulfilling) order whose lease is free: manual orders go to `waiting`, the
 * others to `fulfilling`. Answers the order with its status before, or undefined when not leased.
 */
export function leaseMallOrder(
  db: Sql,
  orderId: number,
  leaseSeconds: number,
): Promise<(MallOrderRow & { before: string }) | undefined> {
  return one(
    db,
    `UPDATE mall_orders SET status = CASE WHEN source = 'manual' THEN 'waiting' ELSE 'fulfilling' END, attempts = attempts + 1,
            lease_until = now() + make_interval(secs => $2), updated_at = now()
      WHERE id = $1 AND status IN ('paid', 'fulfilling') AND (lease_until IS NULL OR lease_until < now())
      RETURNING *, (SELECT m.status FROM mall_orders m WHERE m.id = $1) AS before`,
    [orderId, leaseSeconds],
  );
}

/** An order's status and lease, or undefined when it is gone. */
export function mallOrderState(
  db: Sql,
  orderId: number,
): Promise<{ status: string; lease_until: Date | null } | undefined> {
  return one(db, `SELECT status, lease_until FROM mall_orders WHERE id = $1`, [orderId]);
}

/**
 * Releases the run's lease; `polls` counts a supplier poll, `lastError` records why the run stops for now.
 */
export async function releaseMallOrder(
  db: Sql,
  orderId: number,
  opts: { polled?: boolean; lastError?: string } = {},
): Promise<void> {
  if (opts.polled)
    await db.query(`UPDATE mall_orders SET lease_until = NULL, polls = polls + 1, updated_at = now() WHERE id = $1`, [
      orderId,
    ]);
  else if (opts.lastError !== undefined)
    await db.query(`UPDATE mall_orders SET lease_until = NULL, last_error = $2, updated_at = now() WHERE id = $1`, [
      orderId,
      opts.lastError.slice(0, 1000),
    ]);
  else await db.query(`UPDATE mall_orders SET lease_until = NULL WHERE id = $1`, [orderId]);
}

/** The order fails for good (while fulfilling or paid); answers false when it was not. */
export async function failMallOrder(db: Sql, orderId: number, message: string): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE mall_orders SET status = 'failed', last_error = $2, lease_until = NULL, updated_at = now() WHERE id = $1 AND status IN ('fulfilling', 'paid') RETURNING id`,
    [orderId, message.slice(0, 1000)],
  );
  return r.length > 0;
}

/** Locks the order row (in the delivery transaction); answers its status and its wallet order's. */
export function lockMallOrder(
  db: Sql,
  orderId: number,
): Promise<{ status: string; wallet_status: string | null } | undefined> {
  return one(
    db,
    `SELECT mo.status, w.status AS wallet_status FROM mall_orders mo LEFT JOIN orders w ON w.id = mo.wallet_order_id WHERE mo.id = $1 FOR UPDATE OF mo`,
    [orderId],
  );
}

/** An admin refunded the wallet order while it was fulfilled: the order is refunded, nothing delivered. */
export async function markMallOrderRefunded(db: Sql, orderId: number): Promise<void> {
  await db.query(
    `UPDATE mall_orders SET status = 'refunded', lease_until = NULL, finished_at = now(), updated_at = now() WHERE id = $1`,
    [orderId],
  );
}

/** The order delivered its certificate (a buyer with an account): warranty and expiry run from now. */
export async function markMallOrderDelivered(
  db: Sql,
  orderId: number,
  certificateId: number,
  days: { warrantyDays: number; durationDays: number },
): Promise<void> {
  await db.query(
    `UPDATE mall_orders SET status = 'delivered', certificate_id = $2, delivered_at = now(), finished_at = now(), lease_until = NULL, last_error = NULL,
            warranty_until = now() + make_interval(days => $3), expires_at = now() + make_interval(days => $4), updated_at = now()
      WHERE id = $1`,
    [orderId, certificateId, days.warrantyDays, days.durationDays],
  );
}

/**
 * A guest's order (no account) delivered: the pair stays sealed on the order for the guest's zip. Answers false when
 * the order was no longer fulfilling.
 */
export async function deliverMallOrderToGuest(
  db: Sql,
  orderId: number,
  sealed: { p12Sealed: string; passwordSealed: string; profile: Buffer },
  days: { warrantyDays: number; durationDays: number },
): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE mall_orders SET status = 'delivered', guest_p12_sealed = $2, guest_password_sealed = $3, guest_profile = $4, delivered_at = now(), finished_at = now(),
            lease_until = NULL, last_error = NULL, warranty_until = now() + make_interval(days => $5), expires_at = now() + make_interval(days => $6), updated_at = now()
      WHERE id = $1 AND status = 'fulfilling' RETURNING id`,
    [orderId, sealed.p12Sealed, sealed.passwordSealed, sealed.profile, days.warrantyDays, days.durationDays],
  );
  return r.length > 0;
}

/** Records a step of the fulfilment on the order, so a run killed halfway resumes after it. */
export async function setMallOrderProgress(
  db: Sql,
  orderId: number,
  step:
    | { ascAccountId: number }
    | { ascDeviceId: string }
    | { ascProfileId: string }
    | { supplierOrderId: string }
    | { excludedAccounts: number[] },
): Promise<void> {
  if ("ascAccountId" in step)
    await db.query(`UPDATE mall_orders SET asc_account_id = $2 WHERE id = $1`, [orderId, step.ascAccountId]);
  else if ("ascDeviceId" in step)
    await db.query(`UPDATE mall_orders SET asc_device_id = $2 WHERE id = $1`, [orderId, step.ascDeviceId]);
  else if ("ascProfileId" in step)
    await db.query(`UPDATE mall_orders SET asc_profile_id = $2 WHERE id = $1`, [orderId, step.ascProfileId]);
  else if ("supplierOrderId" in step)
    await db.query(`UPDATE mall_orders SET supplier_order_id = $2 WHERE id = $1`, [orderId, step.supplierOrderId]);
  else
    await db.query(
      `UPDATE mall_orders SET asc_account_id = NULL, asc_device_id = NULL, asc_profile_id = NULL, excluded_accounts = $2 WHERE id = $1`,
      [orderId, step.excludedAccounts],
    );
}

/**
 * The user's delivered orders whose certificate is still the user's and unexpired (what can become a temporary
 * certificate), newest first.
 */
export function deliveredOrdersWithCertificate(
  db: Sql,
  userId: number,
): Promise<{ id: number; order_no: string; certificate_id: number; name: string }[]> {
  return rows(
    db,
    `SELECT o.id, o.order_no, c.id AS certificate_id, c.name FROM mall_orders o
       JOIN certificates c ON c.id = o.certificate_id AND c.scope = 'user' AND c.user_id = o.user_id
      WHERE o.user_id = $1 AND o.status = 'delivered' AND c.expires_at > now()
      ORDER BY o.id DESC LIMIT 100`,
    [userId],
  );
}

/** Whether the device holds a delivered, unexpired certificate of the package that is not revoked. */
export async function deviceOwnsPackage(db: Sql, udid: string, packageId: number): Promise<boolean> {
  const r = await rows(
    db,
    `SELECT 1 FROM mall_orders d JOIN certificates c ON c.id = d.certificate_id
      WHERE d.udid = $1 AND d.package_id = $2 AND d.status = 'delivered' AND d.expires_at > now() AND c.status <> 'revoked' AND c.expires_at > now() LIMIT 1`,
    [udid, packageId],
  );
  return r.length > 0;
}

/** The device's unfinished order of the package (pending, paid, fulfilling or waiting) with its wallet order's state. */
export function openMallOrder(
  db: Sql,
  udid: string,
  packageId: number,
): Promise<
  | {
      id: number;
      status: string;
      user_id: number | null;
      plan_id: number;
      wallet_order_id: number | null;
      wallet_status: string | null;
      order_no: string | null;
    }
  | undefined
> {
  return one(
    db,
    `SELECT mo.id, mo.status, mo.user_id, mo.plan_id, mo.wallet_order_id, w.status AS wallet_status, w.order_no
       FROM mall_orders mo LEFT JOIN orders w ON w.id = mo.wallet_order_id
      WHERE mo.udid = $1 AND mo.package_id = $2 AND mo.status IN ('pending', 'paid', 'fulfilling', 'waiting')`,
    [udid, packageId],
  );
}

/** The device's unpaid order of the package, with its wallet order's number. */
export function pendingMallOrder(
  db: Sql,
  udid: string,
  packageId: number,
): Promise<{ id: number; order_no: string | null } | undefined> {
  return one(
    db,
    `SELECT mo.id, w.order_no FROM mall_orders mo LEFT JOIN orders w ON w.id = mo.wallet_order_id WHERE mo.udid = $1 AND mo.package_id = $2 AND mo.status = 'pending'`,
    [udid, packageId],
  );
}

/** Unpaid orders whose wallet order closed (15 minutes unpaid) close too. */
export async function closeAbandonedMallOrders(db: Sql): Promise<void> {
  await db.query(
    `UPDATE mall_orders mo SET status = 'closed', finished_at = now(), updated_at = now() FROM orders w
      WHERE w.id = mo.wallet_order_id AND mo.status = 'pending' AND w.status = 'closed'`,
  );
}

/** The delivered order of a certificate (locked, in the caller's transaction), with the buyer's address. */
export function deliveredOrderOfCertificate(
  db: Sql,
  certificateId: number,
): Promise<(Record<string, any> & { email: string | null; username: string | null }) | undefined> {
  return one(
    db,
    `SELECT o.*, u.email, u.username FROM mall_orders o JOIN certificates c ON c.mall_order_id = o.id LEFT JOIN users u ON u.id = o.user_id
      WHERE c.id = $1 AND o.status = 'delivered' FOR UPDATE OF o`,
    [certificateId],
  );
}

// ---- the server's side: orders made, paid, read, retried, refunded --------------------------------------------------

/** An order with its buyer's name (what views show). */
export type MallOrderWithUser = Record<string, any> & { username: string | null };

/** A new mall order of a wallet purchase (pending until its wallet order is paid). */
export async function insertMallOrder(
  db: Sql,
  o: {
    orderNo: string;
    kind: string;
    walletOrderId: number;
    userId: number;
    deviceId: number;
    udid: string;
    packageId: number;
    planId: number;
    snapshot: unknown;
    source: string;
    amountFen: number;
    supplierId: number | null;
    parentOrderId: number | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO mall_orders (order_no, kind, wallet_order_id, user_id, device_id, udid, package_id, plan_id, snapshot, source, amount_fen, supplier_id, parent_order_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      o.orderNo,
      o.kind,
      o.walletOrderId,
      o.userId,
      o.deviceId,
      o.udid,
      o.packageId,
      o.planId,
      JSON.stringify(o.snapshot),
      o.source,
      o.amountFen,
      o.supplierId,
      o.parentOrderId,
    ],
  );
}

/** A free order of a redeemed card key, paid at once (number K + date + sequence); `userId` null for a guest. */
export async function insertCardKeyOrder(
  db: Sql,
  o: {
    userId: number | null;
    deviceId: number;
    udid: string;
    packageId: number;
    planId: number;
    snapshot: unknown;
    source: string;
    supplierId: number | null;
    guestTokenHash: string | null;
  },
): Promise<{ id: number; order_no: string }> {
  return (await one<{ id: number; order_no: string }>(
    db,
    `INSERT INTO mall_orders (order_no, kind, user_id, device_id, udid, package_id, plan_id, snapshot, source, amount_fen, status, supplier_id, paid_at, guest_token_hash)
     SELECT 'K' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 6, '0'), 'card_key', $1, $2, $3, $4, $5, $6, $7, 0, 'paid', $8, now(), $9
     RETURNING id, order_no`,
    [
      o.userId,
      o.deviceId,
      o.udid,
      o.packageId,
      o.planId,
      JSON.stringify(o.snapshot),
      o.source,
      o.supplierId,
      o.guestTokenHash,
    ],
  ))!;
}

/** An unpaid order gives way (another plan, a card key): closed. */
export async function closeMallOrder(db: Sql, id: number): Promise<void> {
  await db.query(`UPDATE mall_orders SET status = 'closed', finished_at = now(), updated_at = now() WHERE id = $1`, [
    id,
  ]);
}

/** Whether the device has a paid order of the package not yet delivered (paid, fulfilling or waiting). */
export async function hasUnfinishedMallOrder(db: Sql, udid: string, packageId: number): Promise<boolean> {
  const r = await rows(
    db,
    `SELECT 1 FROM mall_orders WHERE udid = $1 AND package_id = $2 AND status IN ('paid', 'fulfilling', 'waiting')`,
    [udid, packageId],
  );
  return r.length > 0;
}

/** The pending order of a wallet order becomes paid; answers it, or undefined when it was not pending. */
export async function markMallOrderPaid(
  db: Sql,
  walletOrderId: number,
): Promise<{ id: number; plan_id: number | null; source: string } | undefined> {
  return (
    await result<{ id: number; plan_id: number | null; source: string }>(
      db,
      `UPDATE mall_orders SET status = 'paid', paid_at = now(), updated_at = now() WHERE wallet_order_id = $1 AND status = 'pending' RETURNING id, plan_id, source`,
      [walletOrderId],
    )
  ).rows[0];
}

/** One order by number (`byNo`) or id, with its buyer's name. */
export function mallOrderByRef(db: Sql, byNo: boolean, ref: string | number): Promise<MallOrderWithUser | undefined> {
  return one(
    db,
    `SELECT o.*, u.username FROM mall_orders o LEFT JOIN users u ON u.id = o.user_id WHERE ${byNo ? "o.order_no" : "o.id"} = $1`,
    [ref],
  );
}

/** A page of orders, newest first: a buyer's (closed ones left out unless asked), of a status, or matching `search`. */
export async function mallOrderPage(
  db: Sql,
  f: { userId?: number; status?: string; search?: string },
  limit: number,
  offset: number,
): Promise<{ rows: MallOrderWithUser[]; total: number }> {
  const conds: string[] = [];
  const params: unknown[] = [];
  if (f.userId !== undefined) conds.push(`o.user_id = $${params.push(f.userId)}`);
  if (f.status) conds.push(`o.status = $${params.push(f.status)}`);
  else if (f.userId !== undefined) conds.push(`o.status <> 'closed'`);
  if (f.search)
    conds.push(
      `(o.order_no = $${params.push(f.search)} OR o.udid ILIKE $${params.push(`%${f.search.replace(/[\\%_]/g, "\\$&")}%`)} OR u.username = $${params.push(f.search)})`,
    );
  const where = conds.length ? `WHERE ${conds.join(" AND ")}` : "";
  const [page, count] = await Promise.all([
    rows<MallOrderWithUser>(
      db,
      `SELECT o.*, u.username FROM mall_orders o LEFT JOIN users u ON u.id = o.user_id ${where} ORDER BY o.id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      params,
    ),
    one<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM mall_orders o LEFT JOIN users u ON u.id = o.user_id ${where}`,
      params,
    ),
  ]);
  return { rows: page, total: count?.n ?? 0 };
}

/** An order's log, oldest first. */
export function mallOrderLogs(
  db: Sql,
  orderId: number,
): Promise<{ id: string; level: string; message: string; created_at: Date }[]> {
  return rows(db, `SELECT id, level, message, created_at FROM mall_order_logs WHERE order_id = $1 ORDER BY id`, [
    orderId,
  ]);
}

/** A guest order's token hash and whether its pair was delivered. */
export function guestOrderAccess(
  db: Sql,
  id: number,
): Promise<{ guest_token_hash: string | null; ready: boolean } | undefined> {
  return one(db, `SELECT guest_token_hash, guest_p12_sealed IS NOT NULL AS ready FROM mall_orders WHERE id = $1`, [id]);
}

/** A guest order's delivered pair (sealed with SEALING's certificate purposes). */
export function guestOrderSecrets(
  db: Sql,
  id: number,
): Promise<{ guest_p12_sealed: string; guest_password_sealed: string; guest_profile: Buffer } | undefined> {
  return one(db, `SELECT guest_p12_sealed, guest_password_sealed, guest_profile FROM mall_orders WHERE id = $1`, [id]);
}

/** A failed, waiting or stuck order (not a manual one) goes back to paid, its attempts reset; answers it or undefined. */
export async function requeueMallOrder(
  db: Sql,
  id: number,
): Promise<{ id: number; order_no: string; user_id: number | null } | undefined> {
  return (
    await result<{ id: number; order_no: string; user_id: number | null }>(
      db,
      `UPDATE mall_orders SET status = 'paid', attempts = 0, last_error = NULL, lease_until = NULL, finished_at = NULL, updated_at = now()
        WHERE id = $1 AND status IN ('failed', 'waiting', 'fulfilling') AND source <> 'manual' RETURNING id, order_no, user_id`,
      [id],
    )
  ).rows[0];
}

/** One order's row, locked (in the caller's transaction). */
export function lockMallOrderRow(db: Sql, id: number): Promise<Record<string, any> | undefined> {
  return one(db, `SELECT * FROM mall_orders WHERE id = $1 FOR UPDATE`, [id]);
}

/** A failed order is refunded (the caller gives the money back in the same transaction). */
export async function markMallOrderRefundedAfterFailure(db: Sql, id: number): Promise<void> {
  await db.query(`UPDATE mall_orders SET status = 'refunded', finished_at = now(), updated_at = now() WHERE id = $1`, [
    id,
  ]);
}

/** Orders nobody works on (paid or fulfilling, the lease run out or never taken for a minute), at most 500. */
export async function unattendedMallOrders(db: Sql): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    `SELECT id FROM mall_orders WHERE status IN ('paid', 'fulfilling')
        AND (lease_until < now() OR (lease_until IS NULL AND updated_at < now() - interval '1 minute')) LIMIT 500`,
  );
  return r.map((x) => x.id);
}

/** Failed paid orders not yet refunded (a minute after failing), at most 500. */
export async function unrefundedMallOrders(db: Sql): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    `SELECT id FROM mall_orders WHERE status = 'failed' AND wallet_order_id IS NOT NULL AND updated_at < now() - interval '1 minute' LIMIT 500`,
  );
  return r.map((x) => x.id);
}

/** Whether an order already has its warranty re-issue. */
export async function hasWarrantyReissue(db: Sql, orderId: number): Promise<boolean> {
  return (
    (await rows(db, `SELECT 1 FROM mall_orders WHERE parent_order_id = $1 AND kind = 'warranty'`, [orderId])).length > 0
  );
}

/**
 * A free re-issue of a delivered order within its warranty (number W + the order's + a counter), paid at once, for
 * what is left of the warranty and the bought period, on other accounts than `excluded`. Undefined when one exists.
 */
export async function insertWarrantyOrder(
  db: Sql,
  orderId: number,
  orderNo: string,
  excluded: number[],
): Promise<{ id: number; order_no: string } | undefined> {
  return (
    await result<{ id: number; order_no: string }>(
      db,
      `INSERT INTO mall_orders (order_no, kind, user_id, device_id, udid, package_id, plan_id, snapshot, source, amount_fen, status, parent_order_id, supplier_id, excluded_accounts, paid_at)
       SELECT 'W' || $2 || lpad((SELECT count(*) + 1 FROM mall_orders WHERE parent_order_id = $1)::text, 2, '0'), 'warranty', user_id, device_id, udid, package_id, plan_id,
              snapshot || jsonb_build_object('warrantyDays', greatest(0, ceil(extract(epoch FROM warranty_until - now()) / 86400))::int,
                                             'durationDays', greatest(1, ceil(extract(epoch FROM expires_at - now()) / 86400))::int),
              source, 0, 'paid', id, supplier_id, $3, now()
         FROM mall_orders WHERE id = $1
       ON CONFLICT DO NOTHING RETURNING id, order_no`,
      [orderId, orderNo, excluded],
    )
  ).rows[0];
}

/** One buyer at a time per device: taken in the ordering transaction before its checks. */
export async function lockDeviceOrders(db: Sql, udid: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('mall-order:' || $1))`, [udid]);
}
