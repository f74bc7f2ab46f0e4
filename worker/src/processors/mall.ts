import type { Job } from "bullmq";
import { mallDeliveredNotice, type JobPayloads } from "@gryx/contracts";
import {
  capBoughtValidity,
  countAscDelivery,
  deliverMallOrderToGuest,
  failMallOrder,
  fulfilWalletOrder,
  insertCertificate,
  insertMail,
  leaseMallOrder,
  lockMallOrder,
  logMallOrder,
  mallOrderState,
  markAscAccount,
  markMallOrderDelivered,
  markMallOrderRefunded,
  nextAscAccount,
  notifyAdmins,
  notifyUser,
  packagePlatformCertificate,
  releaseMallOrder,
  SEALING,
  setMallOrderProgress,
  supplierOf,
  type AscAccountRow as AccountRow,
  type MallLogLevel,
  type MallOrderRow,
} from "@gryx/store";
import type { ProcessorContext } from "../context";
import { AscClient, AscError } from "../mall/asc-client";
import { deliveredCertificate, DeliveryError, inspectDelivery } from "../mall/deliver";
import { SupplierClient, SupplierError } from "../mall/supplier-client";
import { mailUser } from "../mail";

/** A supplier still working is asked again after this long, at most SUPPLIER_POLLS times (about 10 minutes). */
const SUPPLIER_POLL_MS = 3000;
const SUPPLIER_POLLS = 200;

type OrderRow = MallOrderRow & { before: string };

interface Material {
  p12: Buffer;
  password: string;
  profile: Buffer;
  accountId: number | null;
}

/** A failure no retry will mend: the order fails (and is refunded). */
class FinalError extends Error {}

const log = (ctx: ProcessorContext, orderId: number, message: string, level: MallLogLevel = "info") =>
  logMallOrder(ctx.db, orderId, message, level);

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
  const order = await leaseMallOrder(ctx.db, orderId, ctx.mallLeaseSeconds);
  if (!order) {
    const cur = await mallOrderState(ctx.db, orderId);
    return { status: !cur ? "gone" : cur.status === "fulfilling" ? "busy" : cur.status };
  }
  if (order.source === "manual") {
    await releaseMallOrder(ctx.db, orderId);
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
      await releaseMallOrder(ctx.db, orderId, { polled: true });
      await ctx.enqueue("mall.fulfil", { orderId }, { delayMs: SUPPLIER_POLL_MS });
      return { status: "fulfilling" };
    }
    return await deliver(ctx, order, material);
  } catch (e) {
    const err = e as Error;
    const transient = (e instanceof AscError || e instanceof SupplierError) && e.failure === "transient";
    if (transient && !lastAttempt) {
      await releaseMallOrder(ctx.db, orderId, { lastError: err.message });
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
  if (!(await failMallOrder(ctx.db, order.id, message))) return { status: "gone" };
  await log(ctx, order.id, `交付失败：${message}`, "error");
  await announce(ctx, order, "failed");
  if (order.wallet_order_id !== null) await ctx.enqueue("mall.refund", { orderId: order.id });
  return { status: "failed" };
}

/** The material becomes the buyer's certificate; the order is delivered and its wallet order fulfilled, in one transaction. */
async function deliver(ctx: ProcessorContext, order: OrderRow, m: Material): Promise<{ status: string }> {
  const bundle = await inspectDelivery(m.p12, m.password, m.profile, order.udid, ctx.appleExtraRoots);
  if (order.user_id === null) return deliverToGuest(ctx, order, m, bundle.commonName);
  const certificate = deliveredCertificate(
    ctx.secrets!,
    order.user_id,
    order.id,
    order.snapshot.packageName,
    m,
    bundle,
  );
  const delivered = await ctx.transaction(async (q) => {
    const locked = await lockMallOrder(q, order.id);
    if (locked?.status !== "fulfilling") return false;
    // An admin refunded the wallet order meanwhile (订单管理): the money went back, so nothing is delivered.
    if (locked.wallet_status === "refunded") {
      await markMallOrderRefunded(q, order.id);
      await logMallOrder(q, order.id, "订单已由管理员退款，停止交付", "warn");
      return "refunded" as const;
    }
    const certificateId = await insertCertificate(q, certificate);
    await markMallOrderDelivered(q, order.id, certificateId, order.snapshot);
    await capBoughtValidity(q, order.id, certificateId);
    if (order.wallet_order_id !== null) await fulfilWalletOrder(q, order.wallet_order_id);
    if (m.accountId !== null) await countAscDelivery(q, m.accountId);
    const n = mallDeliveredNotice(order.order_no, order.snapshot.packageName, certificateId);
    await notifyUser(q, order.user_id!, n);
    await logMallOrder(
      q,
      order.id,
      `已交付：证书 #${certificateId}（${bundle.commonName}，描述文件 ${bundle.profileName}）`,
    );
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
  const sealed = {
    p12Sealed: secrets.seal(SEALING.certificateP12, m.p12),
    passwordSealed: secrets.seal(SEALING.certificatePassword, m.password),
    profile: m.profile,
  };
  if (!(await deliverMallOrderToGuest(ctx.db, order.id, sealed, order.snapshot))) return { status: "gone" };
  if (m.accountId !== null) await countAscDelivery(ctx.db, m.accountId);
  await log(ctx, order.id, `已交付（免登录兑换）：${commonName}，待用户下载`);
  await announce(ctx, order, "delivered");
  return { status: "delivered" };
}

// ---- App Store Connect ---------------------------------------------------------------------------------------------

async function nextAccount(ctx: ProcessorContext, order: OrderRow): Promise<AccountRow | null> {
  return (await nextAscAccount(ctx.db, order.asc_account_id, order.excluded_accounts ?? [])) ?? null;
}

/** The account cannot serve (key refused, device limit): marked, and the order moves on to the next account. */
async function dropAccount(
  ctx: ProcessorContext,
  order: OrderRow,
  account: AccountRow,
  status: "bad" | "full",
  reason: string,
): Promise<void> {
  await markAscAccount(ctx.db, account.id, status, reason);
  order.excluded_accounts = [...(order.excluded_accounts ?? []), account.id];
  order.asc_account_id = null;
  order.asc_device_id = null;
  order.asc_profile_id = null;
  await setMallOrderProgress(ctx.db, order.id, { excludedAccounts: order.excluded_accounts });
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
  const admins = await notifyAdmins(ctx.db, {
    kind: "mall-account-bad",
    title,
    body,
    link: "/admin/certificate-mall?tab=accounts",
    dedupeKey: `mall-account-bad:${account.id}:${new Date().toISOString().slice(0, 10)}`,
  });
  for (const r of admins) {
    if (!r.email) continue;
    const mail = await insertMail(ctx.db, {
      to: r.email,
      subject: title,
      body: `${r.username}，您好：\n\n${body}\n`,
      kind: "mall-account-bad",
    });
    await ctx.enqueue("email.send", { outboxId: mail });
  }
}

async function viaAsc(ctx: ProcessorContext, order: OrderRow): Promise<Material> {
  const secrets = ctx.secrets!;
  for (;;) {
    const account = await nextAccount(ctx, order);
    if (!account) throw new FinalError("没有可用的 App Store Connect 账号（均已满额、失效或停用）");
    if (order.asc_account_id !== account.id) {
      order.asc_account_id = account.id;
      await setMallOrderProgress(ctx.db, order.id, { ascAccountId: account.id });
      await log(ctx, order.id, `使用开发者账号「${account.name}」`);
    }
    const pem = secrets.open(SEALING.p8PrivateKey, account.private_key_sealed)?.toString("utf8").trim();
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
        await setMallOrderProgress(ctx.db, order.id, { ascDeviceId: device.id });
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
        await setMallOrderProgress(ctx.db, order.id, { ascProfileId: profile.id });
      }
      let content: unknown = profile.attributes?.profileContent;
      if (typeof content !== "string" || !content)
        content = (await asc.getProfile(profile.id)).attributes?.profileContent;
      if (typeof content !== "string" || !content) throw new AscError("transient", 200, "描述文件内容为空，稍后重试");
      const p12 = secrets.open(SEALING.certificateP12, account.p12_sealed);
      const password = secrets.open(SEALING.certificatePassword, account.password_sealed)?.toString("utf8");
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
  const c = await packagePlatformCertificate(ctx.db, order.package_id);
  if (!c) throw new FinalError("套餐的平台证书不存在或已删除");
  // A revoked one would be delivered dead (and a warranty re-issue would hand out the same): an admin must replace it.
  if (c.status === "revoked") throw new FinalError(`平台证书「${c.name}」已被吊销，请管理员更换套餐的证书`);
  const p12 = ctx.secrets!.open(SEALING.certificateP12, c.p12_sealed);
  const password = ctx.secrets!.open(SEALING.certificatePassword, c.password_sealed)?.toString("utf8");
  if (!p12 || password === undefined) throw new FinalError(`平台证书「${c.name}」无法解密`);
  await log(ctx, order.id, `使用平台证书「${c.name}」`);
  return { p12, password, profile: c.profile, accountId: null };
}

// ---- suppliers -----------------------------------------------------------------------------------------------------

async function viaSupplier(ctx: ProcessorContext, order: OrderRow): Promise<Material | "waiting"> {
  const s = await supplierOf(ctx.db, order.supplier_id);
  if (!s || !s.enabled) throw new FinalError("套餐的供应商接口不存在或已停用");
  const product = order.package_id !== null ? s.product_map?.[String(order.package_id)] : undefined;
  if (!product) throw new FinalError(`供应商「${s.name}」没有为该套餐配置商品编码`);
  const key = ctx.secrets!.open(SEALING.supplierApiKey, s.api_key_sealed)?.toString("utf8");
  if (!key) throw new FinalError(`供应商「${s.name}」的密钥无法解密`);
  const client = new SupplierClient(s.base_url, key, s.timeout_ms, ctx.signal, s.allow_private === true);
  try {
    if (!order.supplier_order_id) {
      const placed = await client.place(order.order_no, product, order.udid);
      order.supplier_order_id = placed.orderId;
      await setMallOrderProgress(ctx.db, order.id, { supplierOrderId: placed.orderId });
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
