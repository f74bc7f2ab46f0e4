import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from "typeorm";
import { eventIterator, type EventBus } from "@gryx/platform";
import { mallDeliveredNotice, type MallOrderChangedPayload } from "@gryx/contracts";
import type { Keyring } from "@gryx/platform/secrets";
import {
  boundDevice,
  capBoughtValidity,
  closeAbandonedMallOrders,
  deliveredOrderOfCertificate,
  deviceOwnsPackage,
  fulfilWalletOrder,
  insertMail,
  guestOrderAccess,
  guestOrderSecrets,
  hasUnfinishedMallOrder,
  hasWarrantyReissue,
  insertCardKeyOrder,
  insertMallOrder,
  insertWarrantyOrder,
  lockMallOrderRow,
  logMallOrder,
  mallOrderByRef,
  mallOrderLogs,
  mallOrderPage,
  markMallOrderDelivered,
  markMallOrderPaid,
  markMallOrderRefundedAfterFailure,
  notifyUser,
  openMallOrder,
  pendingMallOrder,
  requeueMallOrder,
  SEALING,
  unattendedMallOrders,
  unrefundedMallOrders,
  closeMallOrder,
  countPlanSold,
  lockDeviceOrders,
  planOnSale,
  planWithPackage,
  returnPlanStock,
  takePlanStock,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { pageArgs, parseId, queryString } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { JobQueue } from "../../jobs/enqueue";
import type { CertificatesService } from "../certificates/certificates.service";
import type { CardKeysService } from "../card-keys/card-keys.service";
import type { DevicesService } from "../devices/devices.service";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Order, OrdersService } from "../wallet/orders.service";
import type { WalletService } from "../wallet/wallet.service";
import { MALL_ORDER_STATUSES, type MallOrderStatus } from "@gryx/contracts/orders";

const MALL_STATUSES = MALL_ORDER_STATUSES;
export type MallStatus = MallOrderStatus;

/** What was bought, frozen at purchase (a plan edited or deleted later does not change it). */
interface OrderSnapshot {
  packageName: string;
  packageKind: string;
  planName: string;
  durationDays: number;
  warrantyDays: number;
  priceFen: number;
  deviceType: string;
}

export interface MallOrderView {
  id: number;
  orderNo: string;
  kind: string;
  userId: number | null;
  username: string | null;
  deviceId: number | null;
  udid: string;
  packageId: number | null;
  planId: number | null;
  snapshot: OrderSnapshot;
  source: string;
  amountFen: number;
  status: MallStatus;
  parentOrderId: number | null;
  certificateId: number | null;
  ascAccountId: number | null;
  attempts: number;
  lastError: string | null;
  warrantyUntil: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  paidAt: Date | null;
  deliveredAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
}

export interface MallLogView {
  id: number;
  level: string;
  message: string;
  createdAt: Date;
}

function orderView(r: Record<string, any>): MallOrderView {
  return {
    id: r.id,
    orderNo: r.order_no,
    kind: r.kind,
    userId: r.user_id,
    username: r.username ?? null,
    deviceId: r.device_id,
    udid: r.udid,
    packageId: r.package_id,
    planId: r.plan_id,
    snapshot: r.snapshot,
    source: r.source,
    amountFen: Number(r.amount_fen),
    status: r.status,
    parentOrderId: r.parent_order_id,
    certificateId: r.certificate_id,
    ascAccountId: r.asc_account_id,
    attempts: r.attempts,
    lastError: r.last_error,
    warrantyUntil: r.warranty_until,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
    paidAt: r.paid_at,
    deliveredAt: r.delivered_at,
    finishedAt: r.finished_at,
    updatedAt: r.updated_at,
  };
}

/** Work to do once a transaction commits (enqueue the fulfilment, announce the order), forgotten on rollback. */
class AfterCommit implements EntitySubscriberInterface {
  private readonly pending = new WeakMap<QueryRunner, (() => void)[]>();

  add(m: EntityManager, fn: () => void): void {
    const runner = m.queryRunner;
    if (!runner || !runner.isTransactionActive) return fn();
    const list = this.pending.get(runner);
    if (list) list.push(fn);
    else this.pending.set(runner, [fn]);
  }

  afterTransactionCommit(event: { queryRunner: QueryRunner }): void {
    if (event.queryRunner.isTransactionActive) return;
    const list = this.pending.get(event.queryRunner);
    if (!list) return;
    this.pending.delete(event.queryRunner);
    for (const fn of list) fn();
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }): void {
    if (!event.queryRunner.isTransactionActive) this.pending.delete(event.queryRunner);
  }
}

/** One line of an order's log (the mall orders' owner in @gryx/store writes it, for the worker too). */
const log = logMallOrder;

/**
 * Certificate-mall orders: a purchase is a wallet order of kind `certificate` (OrdersService pays it and calls
 * `paid` in its transaction) plus a mall order holding the snapshot, the device and the fulfilment's state. Once
 * paid, the worker's `mall.fulfil` delivers it (App Store Connect, a supplier) or it waits for an admin (manual);
 * delivery makes the certificate an ordinary certificate of the buyer. A fulfilment that finally fails is refunded
 * here (`mall.refund`), since wallet changes are the server's.
 *
 * Races: one unfinished order per device and package (a unique partial index, and creation serialised per UDID);
 * payment locks the wallet order row, so one order is paid once; stock is taken in the paying transaction.
 */
export class MallService {
  private readonly afterCommit = new AfterCommit();

  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly events: EventBus,
    private readonly orders: OrdersService,
    private readonly wallet: WalletService,
    private readonly certificates: CertificatesService,
    private readonly cardKeys: CardKeysService,
    private readonly devices: DevicesService,
    private readonly secrets: Keyring,
  ) {
    db.subscribers.push(this.afterCommit);
    orders.registerKind("certificate", {
      createOrder: (userId, rawId, input) => this.createOrder(userId, rawId, input.device_id ?? input.deviceId),
      paid: (m, order) => this.paid(m, order),
    });
  }

  // ---- buying ---------------------------------------------------------------------------------------------------

  /**
   * A pending order for a plan and one of the user's bound devices (`POST /api/payments/create-order {kind:
   * "certificate", id: planId, device_id}`). The same user's unpaid order for the same device and plan is answered
   * again (a double tap, 50 taps at once); one for another plan of the package is closed and replaced. A paid one
   * still being fulfilled refuses (MALL_ORDER_IN_PROGRESS).
   */
  async createOrder(
    userId: number,
    rawPlanId: unknown,
    rawDeviceId: unknown,
    kind: "purchase" | "renewal" = "purchase",
    parentOrderId: number | null = null,
  ): Promise<Order> {
    const planId = parseId(rawPlanId, "方案ID");
    if (rawDeviceId === undefined || rawDeviceId === null || rawDeviceId === "")
      throw new DomainError("MALL_DEVICE_REQUIRED");
    const deviceId = parseId(rawDeviceId, "设备ID");
    return this.db.transaction(async (m) => {
      const device = await boundDevice(m, deviceId, userId);
      if (!device) throw new DomainError("UDID_DEVICE_NOT_FOUND");
      const plan = await this.sellablePlan(m, planId);
      // One buyer at a time per device: the checks below and the insert cannot interleave.
      await lockDeviceOrders(m, device.udid);
      const open = await openMallOrder(m, device.udid, plan.package_id);
      if (open) {
        const stale = open.status === "pending" && open.wallet_status !== "pending";
        if (open.status !== "pending" || (!stale && open.user_id !== userId))
          throw new DomainError("MALL_ORDER_IN_PROGRESS");
        if (!stale && open.plan_id === planId) return this.orders.mine(userId, open.order_no!, m);
        await closeMallOrder(m, open.id);
        if (!stale) await this.orders.closePending([open.order_no!], m);
      }
      if (kind === "purchase") {
        if (await deviceOwnsPackage(m, device.udid, plan.package_id)) throw new DomainError("MALL_ALREADY_OWNED");
      }
      const amountFen =
        kind === "renewal"
          ? Math.max(1, Math.round((Number(plan.price_fen) * (100 - plan.renewal_discount_pct)) / 100))
          : Number(plan.price_fen);
      const itemName = `${plan.package_name} · ${plan.name}`.slice(0, 200);
      const order = await this.orders.create(
        userId,
        {
          kind: "certificate",
          itemId: planId,
          itemName,
          amountFen,
          note: `${kind === "renewal" ? "续费" : "购买"}证书 ${itemName}（${device.udid}）`,
        },
        m,
      );
      const snapshot: OrderSnapshot = {
        packageName: plan.package_name,
        packageKind: plan.package_kind,
        planName: plan.name,
        durationDays: plan.duration_days,
        warrantyDays: plan.warranty_days,
        priceFen: amountFen,
        deviceType: plan.device_type,
      };
      await insertMallOrder(m, {
        orderNo: order.orderNo,
        kind,
        walletOrderId: order.id,
        userId,
        deviceId: device.id,
        udid: device.udid,
        packageId: plan.package_id,
        planId,
        snapshot,
        source: plan.source,
        amountFen,
        supplierId: plan.supplier_id,
        parentOrderId,
      });
      return order;
    });
  }

  /**
   * 卡密兑换: a certificate card key (an admin's batch for a plan) redeemed for one of the user's bound devices. The
   * code is marked used and a free `card_key` order (paid) opened in one transaction, then fulfilled like a purchase.
   * Refused like a purchase (device, an unfinished order, a valid certificate of the package) and like a balance key
   * (unknown, used, disabled, expired, rate limits); a refusal leaves the code unused.
   */
  async redeemCardKey(userId: number, ip: string, rawCode: unknown, rawDeviceId: unknown): Promise<MallOrderView> {
    if (rawDeviceId === undefined || rawDeviceId === null || rawDeviceId === "")
      throw new DomainError("MALL_DEVICE_REQUIRED");
    const deviceId = parseId(rawDeviceId, "设备ID");
    const device = await boundDevice(this.db, deviceId, userId);
    if (!device) throw new DomainError("UDID_DEVICE_NOT_FOUND");
    // The order as the redemption committed it (paid): the worker may already be fulfilling it.
    return (await this.redeemFor(userId, ip, rawCode, device, null)).order;
  }

  /**
   * A guest's 卡密兑换: the device is the one a guest UDID capture (`rawSession`, relayed) found. The order has no
   * account: the certificate is kept sealed on the order and downloaded as a zip with the token answered here (only
   * its hash is stored); `guestOrder` follows it with the same token.
   */
  async redeemCardKeyAsGuest(
    ip: string,
    rawCode: unknown,
    rawSession: unknown,
  ): Promise<{ order: MallOrderView; token: string }> {
    if (rawSession === undefined || rawSession === null || rawSession === "")
      throw new DomainError("MALL_DEVICE_REQUIRED");
    const captured = await this.devices.consume(rawSession, null);
    if (!captured.relayed || !captured.device)
      throw new DomainError("MALL_DEVICE_REQUIRED", "设备信息尚未获取完成，请先完成 UDID 获取");
    const token = randomBytes(24).toString("base64url");
    const { order } = await this.redeemFor(
      null,
      ip,
      rawCode,
      { id: captured.device.id, udid: captured.device.udid },
      createHash("sha256").update(token).digest("hex"),
    );
    return { order, token };
  }

  /** A guest's order by its number and token (a wrong token is the same 404 as an unknown order). */
  async guestOrder(rawNo: unknown, rawToken: unknown): Promise<MallOrderView & { guestReady: boolean }> {
    const token = typeof rawToken === "string" ? rawToken : "";
    const o = typeof rawNo === "string" && /^K\d{8,31}$/.test(rawNo) ? await this.find(rawNo) : null;
    const row = o ? await guestOrderAccess(this.db, o.id) : undefined;
    const want = row?.guest_token_hash ? Buffer.from(row.guest_token_hash, "hex") : null;
    const got = createHash("sha256").update(token).digest();
    if (!o || o.userId !== null || !want || !timingSafeEqual(want, got)) throw new DomainError("MALL_ORDER_NOT_FOUND");
    return { ...o, guestReady: row!.ready };
  }

  /** The delivered certificate of a guest's order (p12, password, profile) for the zip. */
  async guestBundle(
    rawNo: unknown,
    rawToken: unknown,
  ): Promise<{ id: number; name: string; p12: Buffer; password: string; profile: Buffer }> {
    const o = await this.guestOrder(rawNo, rawToken);
    if (o.status !== "delivered" || !o.guestReady) throw new DomainError("MALL_ORDER_STATE_INVALID", "证书尚未交付");
    const row = (await guestOrderSecrets(this.db, o.id))!;
    const p12 = this.secrets.open(SEALING.certificateP12, row.guest_p12_sealed);
    const password = this.secrets.openText(SEALING.certificatePassword, row.guest_password_sealed);
    if (!p12 || password === null) throw new DomainError("CERT_SEALED_UNREADABLE");
    return { id: o.id, name: o.snapshot.packageName, p12, password, profile: row.guest_profile };
  }

  /** The core of both redemptions: the code claimed and the free order opened in one transaction. */
  private async redeemFor(
    userId: number | null,
    ip: string,
    rawCode: unknown,
    device: { id: number; udid: string },
    guestTokenHash: string | null,
  ): Promise<{ order: MallOrderView }> {
    const order = await this.cardKeys.redeemCertificate(userId, ip, rawCode, async (m, key) => {
      if (key.planId === null) throw new DomainError("CERT_PLAN_UNAVAILABLE", "该卡密对应的价格方案已删除，请联系客服");
      const plan = await planWithPackage(m, key.planId);
      if (!plan) throw new DomainError("CERT_PLAN_UNAVAILABLE");
      await lockDeviceOrders(m, device.udid);
      if (await hasUnfinishedMallOrder(m, device.udid, plan.package_id))
        throw new DomainError("MALL_ORDER_IN_PROGRESS");
      if (await deviceOwnsPackage(m, device.udid, plan.package_id)) throw new DomainError("MALL_ALREADY_OWNED");
      // An unpaid order of this device and package gives way to the key.
      const pending = await pendingMallOrder(m, device.udid, plan.package_id);
      if (pending) {
        await closeMallOrder(m, pending.id);
        if (pending.order_no) await this.orders.closePending([pending.order_no], m);
      }
      const snapshot: OrderSnapshot = {
        packageName: plan.package_name,
        packageKind: plan.package_kind,
        planName: plan.name,
        durationDays: plan.duration_days,
        warrantyDays: plan.warranty_days,
        priceFen: 0,
        deviceType: plan.device_type,
      };
      const row = await insertCardKeyOrder(m, {
        userId,
        deviceId: device.id,
        udid: device.udid,
        packageId: plan.package_id,
        planId: plan.id,
        snapshot,
        source: plan.source,
        supplierId: plan.supplier_id,
        guestTokenHash,
      });
      await countPlanSold(m, plan.id);
      await log(m, row.id, `卡密 ${key.hint} 兑换（批次 ${key.batchId}），等待交付`);
      this.afterCommit.add(m, () => {
        this.announce(row.id, row.order_no, userId, "paid");
        void this.jobs.add("mall.fulfil", { orderId: row.id }).catch(() => undefined);
      });
      return (await this.find(row.order_no, m))!;
    });
    return { order };
  }

  /** The plan with its package, when both are on sale and in stock; inside `m`. */
  private async sellablePlan(m: EntityManager, planId: number): Promise<Record<string, any>> {
    const plan = await planWithPackage(m, planId);
    if (!plan) throw new DomainError("CERT_PLAN_NOT_FOUND");
    if (!plan.enabled || !plan.package_enabled) throw new DomainError("CERT_PLAN_UNAVAILABLE");
    if (plan.stock !== null && plan.stock <= 0) throw new DomainError("CERT_PLAN_SOLD_OUT");
    return plan;
  }

  /**
   * Inside the paying transaction, after the debit: the mall order becomes paid, the plan must still be on sale and
   * in stock (one taken); any refusal undoes the debit. Once committed, the fulfilment is enqueued.
   */
  private async paid(m: EntityManager, order: { id: number; orderNo: string; userId: number }): Promise<void> {
    const mo = await markMallOrderPaid(m, order.id);
    if (!mo) throw new DomainError("MALL_ORDER_STATE_INVALID");
    if (mo.plan_id === null) throw new DomainError("CERT_PLAN_UNAVAILABLE");
    if (!(await planOnSale(m, mo.plan_id))) throw new DomainError("CERT_PLAN_UNAVAILABLE");
    if (!(await takePlanStock(m, mo.plan_id))) throw new DomainError("CERT_PLAN_SOLD_OUT");
    await log(m, mo.id, "已从钱包支付，等待交付");
    this.afterCommit.add(m, () => {
      this.announce(mo.id, order.orderNo, order.userId, "paid");
      void this.jobs.add("mall.fulfil", { orderId: mo.id }).catch(() => undefined);
    });
  }

  /** Buys in one call: the order (or the user's unpaid one for the same device and plan) paid from the wallet. */
  async buy(userId: number, rawPlanId: unknown, rawDeviceId: unknown): Promise<MallOrderView> {
    const order = await this.createOrder(userId, rawPlanId, rawDeviceId);
    await this.orders.payPending(userId, order.orderNo);
    return this.mine(userId, order.orderNo);
  }

  announce(orderId: number, orderNo: string, userId: number | null, status: string): void {
    const payload: MallOrderChangedPayload = { orderId, orderNo, userId, status, at: new Date().toISOString() };
    this.events.publish("mall.order-changed", payload).catch(() => undefined);
  }

  // ---- reading --------------------------------------------------------------------------------------------------

  private async find(ref: unknown, m: EntityManager | DataSource = this.db): Promise<MallOrderView | null> {
    const s = typeof ref === "number" ? String(ref) : typeof ref === "string" ? ref.trim() : "";
    if (!/^[A-Z]?\d{1,31}$/.test(s)) throw new DomainError("MALL_ORDER_NOT_FOUND");
    const byNo = s.length >= 12 || /^[A-Z]/.test(s);
    if (!byNo && Number(s) > 2_147_483_647) throw new DomainError("MALL_ORDER_NOT_FOUND");
    const row = await mallOrderByRef(m, byNo, byNo ? s : Number(s));
    return row ? orderView(row) : null;
  }

  /** One of the user's mall orders by number or id; another user's is MALL_ORDER_NOT_FOUND. */
  async mine(userId: number, ref: unknown): Promise<MallOrderView> {
    const o = await this.find(ref);
    if (!o || o.userId !== userId) throw new DomainError("MALL_ORDER_NOT_FOUND");
    return o;
  }

  async myOrders(userId: number, rawPage: unknown, rawPageSize: unknown): Promise<Page<MallOrderView>> {
    return this.page({ userId }, rawPage, rawPageSize);
  }

  async adminOrder(ref: unknown): Promise<MallOrderView> {
    const o = await this.find(ref);
    if (!o) throw new DomainError("MALL_ORDER_NOT_FOUND");
    return o;
  }

  async adminOrders(f: {
    status?: unknown;
    search?: unknown;
    page?: unknown;
    pageSize?: unknown;
  }): Promise<Page<MallOrderView>> {
    let status: MallStatus | undefined;
    if (f.status !== undefined && f.status !== null && f.status !== "") {
      if (!MALL_STATUSES.includes(f.status as MallStatus)) throw new DomainError("BAD_REQUEST", "状态无效");
      status = f.status as MallStatus;
    }
    return this.page({ status, search: queryString(f.search ?? undefined, 64) }, f.page, f.pageSize);
  }

  private async page(
    f: { userId?: number; status?: MallStatus; search?: string },
    rawPage: unknown,
    rawPageSize: unknown,
  ): Promise<Page<MallOrderView>> {
    const { page, pageSize, offset } = pageArgs(rawPage, rawPageSize);
    const { rows, total } = await mallOrderPage(this.db, f, pageSize, offset);
    return { items: rows.map(orderView), total, page, pageSize };
  }

  async logs(rawId: unknown): Promise<MallLogView[]> {
    const id = parseId(rawId, "订单ID");
    const rows = await mallOrderLogs(this.db, id);
    return rows.map((r) => ({
      id: Number(r.id),
      level: r.level,
      message: r.message,
      createdAt: r.created_at,
    }));
  }

  /** The user's order now, then again each time it moves (paid → fulfilling → delivered, or failed → refunded). */
  watchMine(userId: number, ref: unknown): AsyncIterableIterator<MallOrderView> {
    const events = eventIterator(this.events, "mall.order-changed");
    let first: MallOrderView | null = null;
    let started = false;
    const it: AsyncIterableIterator<MallOrderView> = {
      next: async () => {
        if (!started) {
          started = true;
          first = await this.mine(userId, ref);
          return { done: false, value: first };
        }
        for (;;) {
          const r = await events.next();
          if (r.done) return { done: true, value: undefined };
          if (r.value.orderId === first!.id) return { done: false, value: await this.mine(userId, first!.id) };
        }
      },
      return: async () => {
        await events.return?.();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]: () => it,
    };
    return it;
  }

  // ---- the back office ------------------------------------------------------------------------------------------

  /** 重试: a failed (not yet refunded) or waiting order goes back to the queue with its attempts reset. */
  async retry(rawId: unknown, adminName: string): Promise<MallOrderView> {
    const id = parseId(rawId, "订单ID");
    const moved = await requeueMallOrder(this.db, id);
    if (!moved) {
      if (!(await this.find(id))) throw new DomainError("MALL_ORDER_NOT_FOUND");
      throw new DomainError("MALL_ORDER_STATE_INVALID");
    }
    await log(this.db, id, `管理员 ${adminName} 重新提交交付`);
    this.announce(id, moved.order_no, moved.user_id, "paid");
    await this.jobs.add("mall.fulfil", { orderId: id });
    return this.adminOrder(id);
  }

  /**
   * 人工交付: an admin uploads the p12 and profile for an unfinished order; checked like an upload (and the profile
   * must provision the order's device), it becomes the buyer's certificate and the order is delivered.
   */
  async manualDeliver(
    rawId: unknown,
    adminName: string,
    input: { p12?: Buffer; profile?: Buffer; password?: unknown },
  ): Promise<MallOrderView> {
    const id = parseId(rawId, "订单ID");
    if (!input.p12?.length) throw new DomainError("UPLOAD_FILE_MISSING", "请选择 .p12 证书文件");
    if (!input.profile?.length) throw new DomainError("UPLOAD_FILE_MISSING", "请选择 .mobileprovision 描述文件");
    const password = typeof input.password === "string" ? input.password : "";
    const done = await this.db.transaction(async (m) => {
      const o = await lockMallOrderRow(m, id);
      if (!o) throw new DomainError("MALL_ORDER_NOT_FOUND");
      if (!["paid", "fulfilling", "waiting", "failed"].includes(o.status) || o.user_id === null)
        throw new DomainError("MALL_ORDER_STATE_INVALID");
      const cert = await this.certificates.deliverBought(m, o.user_id, o.id, {
        p12: input.p12!,
        password,
        profile: input.profile!,
        name: (o.snapshot as OrderSnapshot).packageName,
        udid: o.udid,
      });
      await this.markDelivered(m, o, cert.id);
      await log(m, id, `管理员 ${adminName} 人工交付证书 #${cert.id}`);
      return o;
    });
    this.announce(id, done.order_no, done.user_id, "delivered");
    return this.adminOrder(id);
  }

  private async markDelivered(m: EntityManager, o: Record<string, any>, certificateId: number): Promise<void> {
    const snap = o.snapshot as OrderSnapshot;
    await markMallOrderDelivered(m, o.id, certificateId, snap);
    // The certificate is the user's for what they bought (e.g. 30 days), not for the certificate's own lifetime.
    await capBoughtValidity(m, o.id, certificateId);
    if (o.wallet_order_id !== null) await fulfilWalletOrder(m, o.wallet_order_id);
    if (o.user_id !== null)
      await notifyUser(m, o.user_id, mallDeliveredNotice(o.order_no, snap.packageName, certificateId));
  }

  /**
   * `mall.refund`: an order whose fulfilment finally failed gets its money back: the mall order and the wallet order
   * refunded, the wallet credited, the stock returned, in one transaction (a second run finds it refunded already).
   */
  async refund(rawId: unknown): Promise<{ status: string }> {
    const id = parseId(rawId, "订单ID");
    const r = await this.db.transaction(async (m) => {
      const o = await lockMallOrderRow(m, id);
      if (!o) return { status: "gone" };
      if (o.status !== "failed") return { status: o.status as string };
      await markMallOrderRefundedAfterFailure(m, id);
      if (o.plan_id !== null && o.kind !== "warranty") await returnPlanStock(m, o.plan_id);
      if (o.wallet_order_id !== null && Number(o.amount_fen) > 0) {
        const reason = `证书交付失败：${(o.last_error ?? "").slice(0, 100)}`.slice(0, 200);
        await this.orders.transition({ id: o.wallet_order_id }, "refunded", m, { refundReason: reason });
        await this.wallet.credit(
          o.user_id,
          Number(o.amount_fen),
          { type: "refund", orderNo: o.order_no, note: reason },
          m,
        );
        await log(m, id, `交付失败，已退款 ${(Number(o.amount_fen) / 100).toFixed(2)} 元到钱包`, "warn");
      } else {
        await log(m, id, "交付失败，订单已关闭", "warn");
      }
      this.afterCommit.add(m, () => this.announce(id, o.order_no, o.user_id, "refunded"));
      return { status: "refunded" };
    });
    return r;
  }

  /**
   * `mall.sweep` (every minute): unpaid orders whose wallet order closed are closed; paid orders nobody works on (the enqueue after the payment was lost, a worker died
   * holding the lease) go back to the queue; failed orders not yet refunded get their refund job.
   */
  async sweep(): Promise<{ enqueued: number }> {
    // Unpaid orders whose wallet order closed (15 minutes, orders.close-expired) close too.
    await closeAbandonedMallOrders(this.db);
    const work = await unattendedMallOrders(this.db);
    for (const orderId of work) await this.jobs.add("mall.fulfil", { orderId });
    const refunds = await unrefundedMallOrders(this.db);
    for (const orderId of refunds) await this.jobs.add("mall.refund", { orderId });
    return { enqueued: work.length + refunds.length };
  }

  // ---- warranty and renewal -------------------------------------------------------------------------------------

  /**
   * A delivered certificate found revoked: within the plan's warranty a re-issue order (free, on another account)
   * starts and the user is told; outside it the user is told a discounted renewal is offered. Once per certificate.
   */
  async onRevoked(certificateId: number): Promise<"reissued" | "renewal" | "none"> {
    const outcome = await this.db.transaction(async (m) => {
      const o = await deliveredOrderOfCertificate(m, certificateId);
      if (!o || o.user_id === null) return null;
      if (await hasWarrantyReissue(m, o.id)) return null;
      const within = o.warranty_until !== null && new Date(o.warranty_until).getTime() > Date.now();
      const snap = o.snapshot as OrderSnapshot;
      let reissueId: number | null = null;
      let reissueNo = "";
      if (within) {
        const excluded = o.asc_account_id
          ? [o.asc_account_id, ...(o.excluded_accounts ?? [])]
          : (o.excluded_accounts ?? []);
        const reissue = await insertWarrantyOrder(m, o.id, o.order_no, excluded);
        if (!reissue) return null;
        reissueId = reissue.id;
        reissueNo = reissue.order_no;
        await log(m, reissueId, `质保补发：原订单 ${o.order_no} 的证书已被吊销`);
        await log(m, o.id, `证书已被吊销，质保期内，已创建补发订单 #${reissueId}`, "warn");
      } else {
        await log(m, o.id, "证书已被吊销，已超出质保期，已提示用户优惠续费", "warn");
      }
      const title = within
        ? `证书「${snap.packageName}」已吊销，正在为您免费补发`
        : `证书「${snap.packageName}」已吊销，可优惠续费`;
      const body = within
        ? `您购买的证书（订单 ${o.order_no}）被苹果吊销，仍在质保期内，系统已为您免费补发新证书，完成后会出现在证书管理中。`
        : `您购买的证书（订单 ${o.order_no}）被苹果吊销，已超出质保期。您可在证书商城以优惠价续费。`;
      const link = within ? `/certificate-mall?order=${reissueNo}` : `/certificate-mall?renew=${o.id}`;
      const inserted = await notifyUser(m, o.user_id, {
        kind: "certificate-warranty",
        title,
        body,
        link,
        dedupeKey: `mall-revoked:${o.id}`,
      });
      let outboxId: number | null = null;
      if (inserted && o.email) {
        outboxId = await insertMail(m, {
          to: o.email,
          subject: title,
          body: `${o.username ?? ""}，您好：\n\n${body}\n`,
          kind: "certificate-warranty",
        });
      }
      this.afterCommit.add(m, () => {
        if (outboxId !== null) void this.jobs.add("email.send", { outboxId }).catch(() => undefined);
        if (reissueId !== null) {
          this.announce(reissueId, reissueNo, o.user_id, "paid");
          void this.jobs.add("mall.fulfil", { orderId: reissueId }).catch(() => undefined);
        }
      });
      return within ? ("reissued" as const) : ("renewal" as const);
    });
    return outcome ?? "none";
  }

  /** A discounted renewal of one of the user's delivered orders (same plan, same device, the plan's discount). */
  async renew(userId: number, rawOrderId: unknown): Promise<Order> {
    const o = await this.mine(userId, rawOrderId);
    if (
      o.kind === "card_key" ||
      o.planId === null ||
      o.deviceId === null ||
      !["delivered", "refunded"].includes(o.status)
    )
      throw new DomainError("MALL_RENEWAL_INVALID");
    return this.createOrder(userId, o.planId, o.deviceId, "renewal", o.id);
  }
}
