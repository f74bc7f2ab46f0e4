import type { Job } from "bullmq";
import { BOUGHT_VALIDITY, mallDeliveredNotice, type JobPayloads } from "@gryx/contracts";
import type { ProcessorContext } from "../context";
import { AscClient, AscError } from "../mall/asc-client";
import {
  certificateInsert,
  DeliveryError,
  inspectDelivery,
  P12_PURPOSE,
  P8_PURPOSE,
  PASSWORD_PURPOSE,
  SUPPLIER_KEY_PURPOSE,
} from "../mall/deliver";
import { SupplierClient, SupplierError } from "../mall/supplier-client";
import { mailUser } from "../mail";

/** A supplier still working is asked again after this long, at most SUPPLIER_POLLS times (about 10 minutes). */
const SUPPLIER_POLL_MS = 3000;
const SUPPLIER_POLLS = 200;

interface OrderRow {
  id: number;
  order_no: string;
  kind: string;
  wallet_order_id: number | null;
  user_id: number | null;
  udid: string;
  package_id: number | null;
  snapshot: { packageName: string; durationDays: number; warrantyDays: number };
  source: "asc" | "supplier" | "manual" | "platform";
  status: string;
  before: string;
  asc_account_id: number | null;
  excluded_accounts: number[];
  asc_device_id: string | null;
  asc_profile_id: string | null;
  supplier_id: number | null;
  supplier_order_id: string | null;
  polls: number;
}

interface Material {
  p12: Buffer;
  password: string;
  profile: Buffer;
  accountId: number | null;
}

/** A failure no retry will mend: the order fails (and is refunded). */
class FinalError extends Error {}

const log = (ctx: ProcessorContext, orderId: number, message: string, level: "info" | "warn" | "error" = "info") =>
  ctx.db.query(`INSERT INTO mall_order_logs (order_id, level, message) VALUES ($1, $2, $3)`, [
    orderId,
    level,
    message.slice(0, 2000),
  ]);

const announce = (ctx: ProcessorContext, o: OrderRow, status: string) =>
  ctx.events
    .publish("mall.order-changed", {
      orderId: o.id,
      orderNo: o.order_no,
      userId: o.user_id,
      status,
      at: new Date().toISOString(),
    })
    .catch((e: Error) => ctx.log(`mall event: ${e.message}`));

/**
 * `mall.fulfil`: delivers one paid mall order. The run takes a lease on the order row (a second job for the same
 * order while one runs does nothing), then by the package's source: App Store Connect (register or reuse the device,
 * the wildcard bundle id, an ad hoc profile with the account's certificate and the device, its content paired with
 * the account's p12), a supplier (place, poll, fetch), or manual (the order waits for an admin). Every step's
 * result is written on the order before the next (device id, profile id, supplier order id), so a run killed
 * halfway resumes where it stopped and never registers the device twice. Transient failures (429, 5xx, timeouts)
 * are retried by BullMQ with back-off; the last attempt, or a failure no retry mends, fails the order and asks the
 * server for the refund (`mall.refund`).
 */
export async function mallFulfilProcessor(
  job: Job<JobPayloads["mall.fulfil"]>,
  ctx: ProcessorContext,
): Promise<{ status: string }> {
  const orderId = Number(job.data?.orderId);
  if (!Number.isInteger(orderId) || orderId <= 0) return { status: "gone" };
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const { rows } = await ctx.db.query<OrderRow>(
    `UPDATE mall_orders SET status = CASE WHEN source = 'manual' THEN 'waiting' ELSE 'fulfilling' END, attempts = attempts + 1,
            lease_until = now() + make_interval(secs => $2), updated_at = now()
      WHERE id = $1 AND status IN ('paid', 'fulfilling') AND (lease_until IS NULL OR lease_until < now())
      RETURNING *, (SELECT m.status FROM mall_orders m WHERE m.id = $1) AS before`,
    [orderId, ctx.mallLeaseSeconds],
  );
  const order = rows[0];
  if (!order) {
    const now = await ctx.db.query<{ status: string; lease_until: Date | null }>(
      `SELECT status, lease_until FROM mall_orders WHERE id = $1`,
      [orderId],
    );
    const cur = now.rows[0];
    return { status: !cur ? "gone" : cur.status === "fulfilling" ? "busy" : cur.status };
  }
  if (order.source === "manual") {
    await ctx.db.query(`UPDATE mall_orders SET lease_until = NULL WHERE id = $1`, [orderId]);
    await log(ctx, orderId, "人工交付套餐：等待管理员上传证书与描述文件");
    await announce(ctx, order, "waiting");
    return { status: "waiting" };
  }
  if (order.before === "paid") await announce(ctx, order, "fulfilling");

  try {
    if (!ctx.secrets) throw new FinalError("worker 未配置密钥（SECRETS_KEY/JWT_SECRET），无法打开证书");
    const material =
      order.source === "asc"
        ? await viaAsc(ctx, order)
        : order.source === "platform"
          ? await viaPlatform(ctx, order)
          : await viaSupplier(ctx, order);
    if (material === "waiting") {
      await ctx.db.query(
        `UPDATE mall_orders SET lease_until = NULL, polls = polls + 1, updated_at = now() WHERE id = $1`,
        [orderId],
      );
      await ctx.enqueue("mall.fulfil", { orderId }, { delayMs: SUPPLIER_POLL_MS });
      return { status: "fulfilling" };
    }
    return await deliver(ctx, order, material);
  } catch (e) {
    const err = e as Error;
    const transient = (e instanceof AscError || e instanceof SupplierError) && e.failure === "transient";
    if (transient && !lastAttempt) {
      await ctx.db.query(
        `UPDATE mall_orders SET lease_until = NULL, last_error = $2, updated_at = now() WHERE id = $1`,
        [orderId, err.message.slice(0, 1000)],
      );
      await log(ctx, orderId, `第 ${job.attemptsMade + 1} 次交付未成功，稍后重试：${err.message}`, "warn");
      throw err;
    }
    if (!(e instanceof FinalError || e instanceof DeliveryError || e instanceof AscError || e instanceof SupplierError))
      ctx.log(`mall.fulfil ${orderId}: ${err.stack ?? err.message}`);
    return fail(ctx, order, transient ? `多次重试仍未成功：${err.message}` : err.message);
  }
}

/** The order fails for good: its money goes back (the server's `mall.refund`). */
async function fail(ctx: ProcessorContext, order: OrderRow, message: string): Promise<{ status: string }> {
  const { rows } = await ctx.db.query(
    `UPDATE mall_orders SET status = 'failed', last_error = $2, lease_until = NULL, updated_at = now() WHERE id = $1 AND status IN ('fulfilling', 'paid') RETURNING id`,
    [order.id, message.slice(0, 1000)],
  );
  if (!rows.length) return { status: "gone" };
  await log(ctx, order.id, `交付失败：${message}`, "error");
  await announce(ctx, order, "failed");
  if (order.wallet_order_id !== null) await ctx.enqueue("mall.refund", { orderId: order.id });
  return { status: "failed" };
}

/** The material becomes the buyer's certificate; the order is delivered and its wallet order fulfilled, in one transaction. */
async function deliver(ctx: ProcessorContext, order: OrderRow, m: Material): Promise<{ status: string }> {
  const bundle = await inspectDelivery(m.p12, m.password, m.profile, order.udid, ctx.appleExtraRoots);
  if (order.user_id === null) return deliverToGuest(ctx, order, m, bundle.commonName);
  const insert = certificateInsert(ctx.secrets!, order.user_id, order.id, order.snapshot.packageName, m, bundle);
  const delivered = await ctx.transaction(async (q) => {
    const locked = await q.query<{ status: string; wallet_status: string | null }>(
      `SELECT mo.status, w.status AS wallet_status FROM mall_orders mo LEFT JOIN orders w ON w.id = mo.wallet_order_id WHERE mo.id = $1 FOR UPDATE OF mo`,
      [order.id],
    );
    if (locked.rows[0]?.status !== "fulfilling") return false;
    // An admin refunded the wallet order meanwhile (订单管理): the money went back, so nothing is delivered.
    if (locked.rows[0].wallet_status === "refunded") {
      await q.query(
        `UPDATE mall_orders SET status = 'refunded', lease_until = NULL, finished_at = now(), updated_at = now() WHERE id = $1`,
        [order.id],
      );
      await q.query(
        `INSERT INTO mall_order_logs (order_id, level, message) VALUES ($1, 'warn', '订单已由管理员退款，停止交付')`,
        [order.id],
      );
      return "refunded" as const;
    }
    const cert = await q.query<{ id: number }>(insert);
    await q.query(
      `UPDATE mall_orders SET status = 'delivered', certificate_id = $2, delivered_at = now(), finished_at = now(), lease_until = NULL, last_error = NULL,
              warranty_until = now() + make_interval(days => $3), expires_at = now() + make_interval(days => $4), updated_at = now()
        WHERE id = $1`,
      [order.id, cert.rows[0].id, order.snapshot.warrantyDays, order.snapshot.durationDays],
    );
    await q.query(BOUGHT_VALIDITY, [order.id, cert.rows[0].id]);
    if (order.wallet_order_id !== null)
      await q.query(`UPDATE orders SET status = 'fulfilled', fulfilled_at = now() WHERE id = $1 AND status = 'paid'`, [
        order.wallet_order_id,
      ]);
    if (m.accountId !== null)
      await q.query(`UPDATE asc_accounts SET deliveries = deliveries + 1 WHERE id = $1`, [m.accountId]);
    const n = mallDeliveredNotice(order.order_no, order.snapshot.packageName, cert.rows[0].id);
    await q.query(
      `INSERT INTO user_notifications (user_id, kind, title, body, link, dedupe_key) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
      [order.user_id, n.kind, n.title, n.body, n.link, n.dedupeKey],
    );
    await q.query(`INSERT INTO mall_order_logs (order_id, message) VALUES ($1, $2)`, [
      order.id,
      `已交付：证书 #${cert.rows[0].id}（${bundle.commonName}，描述文件 ${bundle.profileName}）`,
    ]);
    return true;
  });
  if (!delivered) return { status: "gone" };
  if (delivered === "refunded") {
    await announce(ctx, order, "refunded");
    return { status: "refunded" };
  }
  await announce(ctx, order, "delivered");
  // Only the run whose transaction delivered gets here, so the buyer is told once.
  await mailUser(ctx, order.user_id, "mall-delivery", {
    order_no: order.order_no,
    package_name: order.snapshot.packageName,
  });
  return { status: "delivered" };
}

/** A guest's order (a card key redeemed without an account): the pair stays sealed on the order, for the guest's zip. */
async function deliverToGuest(
  ctx: ProcessorContext,
  order: OrderRow,
  m: Material,
  commonName: string,
): Promise<{ status: string }> {
  const secrets = ctx.secrets!;
  const { rows } = await ctx.db.query(
    `UPDATE mall_orders SET status = 'delivered', guest_p12_sealed = $2, guest_password_sealed = $3, guest_profile = $4, delivered_at = now(), finished_at = now(),
            lease_until = NULL, last_error = NULL, warranty_until = now() + make_interval(days => $5), expires_at = now() + make_interval(days => $6), updated_at = now()
      WHERE id = $1 AND status = 'fulfilling' RETURNING id`,
    [
      order.id,
      secrets.seal(P12_PURPOSE, m.p12),
      secrets.seal(PASSWORD_PURPOSE, m.password),
      m.profile,
      order.snapshot.warrantyDays,
      order.snapshot.durationDays,
    ],
  );
  if (!rows.length) return { status: "gone" };
  if (m.accountId !== null)
    await ctx.db.query(`UPDATE asc_accounts SET deliveries = deliveries + 1 WHERE id = $1`, [m.accountId]);
  await log(ctx, order.id, `已交付（免登录兑换）：${commonName}，待用户下载`);
  await announce(ctx, order, "delivered");
  return { status: "delivered" };
}

// ---- App Store Connect ---------------------------------------------------------------------------------------------

interface AccountRow {
  id: number;
  name: string;
  key_id: string;
  issuer_id: string;
  private_key_sealed: string;
  certificate_id: number;
  serial_number: string;
  p12_sealed: string;
  password_sealed: string;
}

async function nextAccount(ctx: ProcessorContext, order: OrderRow): Promise<AccountRow | null> {
  const { rows } = await ctx.db.query<AccountRow>(
    `SELECT a.id, a.name, k.key_id, k.issuer_id, k.private_key_sealed, a.certificate_id, c.serial_number, c.p12_sealed, c.password_sealed
       FROM asc_accounts a JOIN p8_keys k ON k.id = a.p8_key_id JOIN certificates c ON c.id = a.certificate_id
      WHERE a.enabled AND a.status = 'ok' AND NOT (a.id = ANY($2::int[]))
      ORDER BY (a.id = $1) DESC, a.deliveries, a.id LIMIT 1`,
    [order.asc_account_id ?? 0, order.excluded_accounts ?? []],
  );
  return rows[0] ?? null;
}

/** The account cannot serve (key refused, device limit): marked, and the order moves on to the next account. */
async function dropAccount(
  ctx: ProcessorContext,
  order: OrderRow,
  account: AccountRow,
  status: "bad" | "full",
  reason: string,
): Promise<void> {
  await ctx.db.query(
    `UPDATE asc_accounts SET status = $2, status_reason = $3, updated_at = now() WHERE id = $1 AND status = 'ok'`,
    [account.id, status, reason.slice(0, 500)],
  );
  order.excluded_accounts = [...(order.excluded_accounts ?? []), account.id];
  order.asc_account_id = null;
  order.asc_device_id = null;
  order.asc_profile_id = null;
  await ctx.db.query(
    `UPDATE mall_orders SET asc_account_id = NULL, asc_device_id = NULL, asc_profile_id = NULL, excluded_accounts = $2 WHERE id = $1`,
    [order.id, order.excluded_accounts],
  );
  await log(
    ctx,
    order.id,
    `账号「${account.name}」${status === "bad" ? "API 密钥失效，已标记为不可用" : "设备数已满"}，改用下一个账号：${reason}`,
    "warn",
  );
  if (status === "bad") await tellAdmins(ctx, account, reason);
}

/** Every admin gets a site message (and an email when they have an address): a key was refused. Once per account and day. */
async function tellAdmins(ctx: ProcessorContext, account: AccountRow, reason: string): Promise<void> {
  const title = `开发者账号「${account.name}」的 API 密钥已失效`;
  const body = `App Store Connect 拒绝了账号「${account.name}」的 API 密钥（Key ID ${account.key_id}），该账号已停止用于证书交付。\n${reason}\n请在证书商城的开发者账号中更换密钥后恢复。`;
  const { rows } = await ctx.db.query<{ email: string | null; username: string }>(
    `WITH n AS (
       INSERT INTO user_notifications (user_id, kind, title, body, link, dedupe_key)
       SELECT id, 'mall-account-bad', $1, $2, '/admin/certificate-mall?tab=accounts', $3 FROM users WHERE role = 'admin'
       ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING user_id
     ) SELECT u.email, u.username FROM n JOIN users u ON u.id = n.user_id`,
    [title, body, `mall-account-bad:${account.id}:${new Date().toISOString().slice(0, 10)}`],
  );
  for (const r of rows) {
    if (!r.email) continue;
    const mail = await ctx.db.query<{ id: number }>(
      `INSERT INTO email_outbox (to_address, subject, body, kind) VALUES ($1, $2, $3, 'mall-account-bad') RETURNING id`,
      [r.email, title, `${r.username}，您好：\n\n${body}\n`],
    );
    await ctx.enqueue("email.send", { outboxId: mail.rows[0].id });
  }
}

async function viaAsc(ctx: ProcessorContext, order: OrderRow): Promise<Material> {
  const secrets = ctx.secrets!;
  for (;;) {
    const account = await nextAccount(ctx, order);
    if (!account) throw new FinalError("没有可用的 App Store Connect 账号（均已满额、失效或停用）");
    if (order.asc_account_id !== account.id) {
      order.asc_account_id = account.id;
      await ctx.db.query(`UPDATE mall_orders SET asc_account_id = $2 WHERE id = $1`, [order.id, account.id]);
      await log(ctx, order.id, `使用开发者账号「${account.name}」`);
    }
    const pem = secrets.open(P8_PURPOSE, account.private_key_sealed)?.toString("utf8").trim();
    if (!pem) throw new FinalError(`账号「${account.name}」的 API 密钥无法解密`);
    const asc = new AscClient(
      ctx.ascBaseUrl,
      { keyId: account.key_id, issuerId: account.issuer_id, pem },
      { signal: ctx.signal },
    );
    try {
      if (!order.asc_device_id) {
        let device = await asc.findDevice(order.udid);
        if (device) await log(ctx, order.id, `设备 ${order.udid} 已在该账号注册，直接复用`);
        else {
          try {
            device = await asc.registerDevice(order.udid, `GRYX ${order.order_no}`.slice(0, 50));
            await log(ctx, order.id, `已注册设备 ${order.udid}`);
          } catch (e) {
            if (!(e instanceof AscError) || e.failure !== "duplicate") throw e;
            device = await asc.findDevice(order.udid);
            if (!device) throw new AscError("transient", 409, "设备已注册但查询不到，稍后重试");
            await log(ctx, order.id, `设备 ${order.udid} 已在该账号注册，直接复用`);
          }
        }
        order.asc_device_id = device.id;
        await ctx.db.query(`UPDATE mall_orders SET asc_device_id = $2 WHERE id = $1`, [order.id, device.id]);
      }
      const bundleId = await asc.wildcardBundleId();
      const certificate = await asc.findCertificate(account.serial_number.toUpperCase());
      if (!certificate) throw new AscError("auth", 404, "账号中找不到平台证书（可能已被吊销或删除）");
      let profile = order.asc_profile_id ? await asc.getProfile(order.asc_profile_id) : null;
      const profileName = `GRYX ${order.order_no}`;
      if (!profile) {
        profile = await asc.findProfile(profileName);
        if (!profile) {
          profile = await asc.createProfile(profileName, bundleId.id, certificate.id, order.asc_device_id!);
          await log(ctx, order.id, `已创建描述文件 ${profileName}`);
        }
        order.asc_profile_id = profile.id;
        await ctx.db.query(`UPDATE mall_orders SET asc_profile_id = $2 WHERE id = $1`, [order.id, profile.id]);
      }
      let content: unknown = profile.attributes?.profileContent;
      if (typeof content !== "string" || !content)
        content = (await asc.getProfile(profile.id)).attributes?.profileContent;
      if (typeof content !== "string" || !content) throw new AscError("transient", 200, "描述文件内容为空，稍后重试");
      const p12 = secrets.open(P12_PURPOSE, account.p12_sealed);
      const password = secrets.open(PASSWORD_PURPOSE, account.password_sealed)?.toString("utf8");
      if (!p12 || password === undefined) throw new FinalError(`账号「${account.name}」的平台证书无法解密`);
      return { p12, password, profile: Buffer.from(content, "base64"), accountId: account.id };
    } catch (e) {
      if (e instanceof AscError && e.failure === "auth") await dropAccount(ctx, order, account, "bad", e.message);
      else if (e instanceof AscError && e.failure === "device-limit")
        await dropAccount(ctx, order, account, "full", e.message);
      else throw e;
    }
  }
}

// ---- a platform certificate (an in-house one for every device) ---------------------------------------------------------

/** A copy of the package's platform certificate (its profile provisions all devices, so it fits the buyer's device). */
async function viaPlatform(ctx: ProcessorContext, order: OrderRow): Promise<Material> {
  const { rows } = await ctx.db.query<{
    name: string;
    status: string;
    p12_sealed: string;
    password_sealed: string;
    profile: Buffer;
  }>(
    `SELECT c.name, c.status, c.p12_sealed, c.password_sealed, c.profile FROM cert_packages k JOIN certificates c ON c.id = k.certificate_id AND c.scope = 'platform' WHERE k.id = $1`,
    [order.package_id ?? 0],
  );
  const c = rows[0];
  if (!c) throw new FinalError("套餐的平台证书不存在或已删除");
  // A revoked one would be delivered dead (and a warranty re-issue would hand out the same): an admin must replace it.
  if (c.status === "revoked") throw new FinalError(`平台证书「${c.name}」已被吊销，请管理员更换套餐的证书`);
  const p12 = ctx.secrets!.open(P12_PURPOSE, c.p12_sealed);
  const password = ctx.secrets!.open(PASSWORD_PURPOSE, c.password_sealed)?.toString("utf8");
  if (!p12 || password === undefined) throw new FinalError(`平台证书「${c.name}」无法解密`);
  await log(ctx, order.id, `使用平台证书「${c.name}」`);
  return { p12, password, profile: c.profile, accountId: null };
}

// ---- suppliers -----------------------------------------------------------------------------------------------------

async function viaSupplier(ctx: ProcessorContext, order: OrderRow): Promise<Material | "waiting"> {
  const { rows } = await ctx.db.query<{
    name: string;
    base_url: string;
    api_key_sealed: string;
    product_map: Record<string, string>;
    timeout_ms: number;
    enabled: boolean;
    allow_private: boolean;
  }>(
    `SELECT name, base_url, api_key_sealed, product_map, timeout_ms, enabled, allow_private FROM cert_suppliers WHERE id = $1`,
    [order.supplier_id ?? 0],
  );
  const s = rows[0];
  if (!s || !s.enabled) throw new FinalError("套餐的供应商接口不存在或已停用");
  const product = order.package_id !== null ? s.product_map?.[String(order.package_id)] : undefined;
  if (!product) throw new FinalError(`供应商「${s.name}」没有为该套餐配置商品编码`);
  const key = ctx.secrets!.open(SUPPLIER_KEY_PURPOSE, s.api_key_sealed)?.toString("utf8");
  if (!key) throw new FinalError(`供应商「${s.name}」的密钥无法解密`);
  const client = new SupplierClient(s.base_url, key, s.timeout_ms, ctx.signal, s.allow_private === true);
  try {
    if (!order.supplier_order_id) {
      const placed = await client.place(order.order_no, product, order.udid);
      order.supplier_order_id = placed.orderId;
      await ctx.db.query(`UPDATE mall_orders SET supplier_order_id = $2 WHERE id = $1`, [order.id, placed.orderId]);
      await log(ctx, order.id, `已向供应商「${s.name}」下单：${placed.orderId}`);
    }
    const state = await client.poll(order.supplier_order_id);
    if (state.status === "failed") throw new FinalError(`供应商处理失败：${state.message ?? "未说明原因"}`);
    if (state.status === "processing") {
      if (order.polls >= SUPPLIER_POLLS) throw new FinalError("供应商长时间未完成订单");
      return "waiting";
    }
    const got = await client.certificate(order.supplier_order_id);
    await log(ctx, order.id, `已从供应商「${s.name}」取得证书与描述文件`);
    return { ...got, accountId: null };
  } catch (e) {
    if (e instanceof SupplierError && e.failure === "auth") throw new FinalError(`供应商拒绝了密钥：${e.message}`);
    if (e instanceof SupplierError && e.failure === "refused") throw new FinalError(e.message);
    throw e;
  }
}
