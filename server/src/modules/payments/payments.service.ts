import type { DataSource, EntityManager } from "typeorm";
import type { RateCounter } from "../../common/rate-limit";
import { DomainError } from "../../common/errors";
import { log } from "../../common/logger";
import { guardedFetch } from "@gryx/platform/outbound";
import { MAX_YUAN, optionalText, pageArgs, parseId, queryString, requireText } from "../../common/validate";
import type { Page } from "../../graphql/page";
import { epayVerify, fenToMoney, gatewayBase, moneyToFen, orderQueryUrl, submitUrl } from "./epay";
import {
  PAYMENT_CHANNELS,
  PAYMENT_ORDER_STATUSES,
  type PaymentChannel,
  type PaymentOrderStatus,
} from "@gryx/contracts/orders";
import {
  closePendingPaymentOrders,
  insertPaymentMethod,
  insertPaymentOrder,
  listPaymentMethods,
  markPaymentOrderPaid,
  paymentMethodById,
  paymentMethodByName,
  paymentOrderByNo,
  paymentOrderOf,
  paymentOrderPage,
  pendingPaymentOrdersBefore,
  pendingPaymentOrdersOlderThan,
  updatePaymentMethod,
  type PaymentMethodFields,
  type PaymentMethodRow,
  type PaymentOrderListRow,
  type Sql,
} from "@gryx/store";
import type { Keyring } from "@gryx/platform/secrets";
import type { WalletService } from "../wallet/wallet.service";
import type { Order, OrdersService } from "../wallet/orders.service";

/** What payments needs of the wallet: crediting inside the caller's transaction. */
export type WalletCredit = Pick<WalletService, "credit">;
/** What payments needs of the orders: the recharge's entry in the order list, and paying an order once credited. */
export type OrderBook = Pick<
  OrdersService,
  "create" | "transition" | "payPending" | "mine" | "closePending" | "isPayable"
>;

/** A gateway payment opened for a recharge or an order: its number (R…) and where the payer pays. */
export interface OpenedPayment {
  orderNo: string;
  payUrl: string;
  amountFen: number;
}

/** What paying an order answered: paid from the balance at once, or a gateway page to pay on. */
export type OrderPayment = { paid: true; order: Order } | { paid: false; order: Order; payment: OpenedPayment };

export interface PaymentMethodInput {
  name?: unknown;
  channel?: unknown;
  gatewayUrl?: unknown;
  pid?: unknown;
  /** Write-only: empty or missing on update keeps the stored key. */
  key?: unknown;
  minAmount?: unknown;
  maxAmount?: unknown;
  enabled?: unknown;
}

/** What the admin sees of a method: everything but the key (only whether one is stored). */
export interface PaymentMethodView {
  id: number;
  name: string;
  channel: PaymentChannel;
  gatewayUrl: string;
  pid: string;
  minAmountFen: number;
  maxAmountFen: number;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface RechargeOrderView {
  orderNo: string;
  userId: number;
  username: string;
  methodId: number;
  methodName: string;
  channel: PaymentChannel;
  amountFen: number;
  status: PaymentOrderStatus;
  tradeNo: string | null;
  createdAt: Date;
  paidAt: Date | null;
  closedAt: Date | null;
}

export type NotifyOutcome = "credited" | "already" | "refused";

/** How long a recharge order waits for its payment before it closes. */
const RECHARGE_TTL_MS = 15 * 60_000;
/** Purpose (associated data) the merchant keys are sealed with; also in the domain's `sealed` list for rotation. */
export const MERCHANT_KEY_PURPOSE = "payment_methods.key";

/** The name of the method the launcher's sandbox gateway is configured as. */
const SANDBOX_METHOD_NAME = "沙箱支付";

const QUERY_TIMEOUT_MS = 5000;
/** Recharge orders one user may open per window (unpaid ones close by themselves; this stops floods). */
const RECHARGE_LIMIT = { perUser: 30, windowSeconds: 600 };

/**
 * Top-ups through EPay gateways: the admin's payment methods, recharge orders, the gateway's notify and the
 * scheduled reconciliation. A verified payment marks its order paid and credits the wallet in one transaction, once
 * per order and once per gateway trade number.
 */
export class PaymentsService {
  constructor(
    private readonly db: DataSource,
    private readonly wallet: WalletCredit,
    private readonly orders: OrderBook,
    private readonly rates: RateCounter,
    private readonly secrets: Keyring,
    private readonly opts: {
      publicUrl?: string;
      businessTimeZone: string;
      sandbox?: { url: string; pid: string; key: string };
    },
  ) {}

  // ---- methods -------------------------------------------------------------------------------------------------

  /** Enabled methods, for the recharge picker (never the merchant's pid or key). */
  async listPublicMethods(): Promise<
    Pick<PaymentMethodView, "id" | "name" | "channel" | "minAmountFen" | "maxAmountFen">[]
  > {
    return (await listPaymentMethods(this.db, true)).map((r) => ({
      id: r.id,
      name: r.name,
      channel: r.channel as PaymentChannel,
      minAmountFen: r.min_amount_fen,
      maxAmountFen: r.max_amount_fen,
    }));
  }

  async listMethods(): Promise<PaymentMethodView[]> {
    return (await listPaymentMethods(this.db, false)).map(methodView);
  }

  async getMethod(rawId: unknown): Promise<PaymentMethodView> {
    return methodView(await this.findMethod(this.db, parseId(rawId, "支付方式ID")));
  }

  async createMethod(input: PaymentMethodInput): Promise<PaymentMethodView> {
    const f = validateMethod(input, null);
    const row = await insertPaymentMethod(this.db, {
      name: f.name!,
      channel: f.channel!,
      gatewayUrl: f.gatewayUrl!,
      pid: f.pid!,
      keyEncrypted: this.secrets.seal(MERCHANT_KEY_PURPOSE, f.key!),
      minAmountFen: f.minAmountFen!,
      maxAmountFen: f.maxAmountFen!,
      enabled: f.enabled ?? true,
    });
    return methodView(row);
  }

  async updateMethod(rawId: unknown, input: PaymentMethodInput): Promise<PaymentMethodView> {
    const id = parseId(rawId, "支付方式ID");
    return this.db.transaction(async (m) => {
      const current = await this.findMethod(m, id, true);
      const f = validateMethod(input, current);
      const { key, ...rest } = f;
      const changes: PaymentMethodFields = { ...rest };
      if (key !== undefined) changes.keyEncrypted = this.secrets.seal(MERCHANT_KEY_PURPOSE, key);
      if (Object.keys(changes).length === 0) throw new DomainError("NOTHING_TO_UPDATE");
      await updatePaymentMethod(m, id, changes);
      return methodView(await this.findMethod(m, id));
    });
  }

  setMethodEnabled(rawId: unknown, enabled: boolean): Promise<PaymentMethodView> {
    return this.updateMethod(rawId, { enabled });
  }

  /**
   * The launcher's sandbox gateway as the method 沙箱支付: created on the first start, and on later starts pointed at
   * the sandbox's current address and merchant (the admin's name, limits and enabled flag are kept).
   */
  async configureSandbox(): Promise<void> {
    const sb = this.opts.sandbox;
    if (!sb) return;
    const existing = await paymentMethodByName(this.db, SANDBOX_METHOD_NAME);
    if (!existing) {
      await this.createMethod({
        name: SANDBOX_METHOD_NAME,
        channel: "alipay",
        gatewayUrl: sb.url,
        pid: sb.pid,
        key: sb.key,
        minAmount: 0.01,
        maxAmount: 50000,
        enabled: true,
      });
      log.info("payments: sandbox gateway configured as 沙箱支付", { gateway: sb.url });
    } else if (
      existing.gateway_url !== sb.url ||
      existing.pid !== sb.pid ||
      this.secrets.openText(MERCHANT_KEY_PURPOSE, existing.key_encrypted) !== sb.key
    ) {
      await updatePaymentMethod(this.db, existing.id, {
        gatewayUrl: sb.url,
        pid: sb.pid,
        keyEncrypted: this.secrets.seal(MERCHANT_KEY_PURPOSE, sb.key),
      });
    }
  }

  // ---- recharge ------------------------------------------------------------------------------------------------

  /**
   * A pending recharge order and the gateway page to pay it on. `origin` is where the gateway reaches this site
   * (PUBLIC_URL when configured, else the request's own origin).
   */
  async recharge(userId: number, input: { amount: unknown; method: unknown }, origin: string): Promise<OpenedPayment> {
    const amountFen = parseRechargeAmount(input.amount);
    return this.openPayment(userId, input.method, amountFen, null, origin);
  }

  /**
   * Pays one of the user's pending orders (`POST /api/payments/create`): `method` "wallet" (or "balance") pays it from
   * the balance at once; a payment method id opens a gateway payment of exactly the order's amount which, when the
   * gateway confirms it, credits the wallet and pays the order in the same transaction.
   */
  async payOrder(userId: number, rawOrderNo: unknown, rawMethod: unknown, origin: string): Promise<OrderPayment> {
    if (rawMethod === "wallet" || rawMethod === "balance")
      return { paid: true, order: await this.orders.payPending(userId, rawOrderNo) };
    const order = await this.orders.mine(userId, rawOrderNo);
    if (order.status !== "pending") throw new DomainError("ORDER_TRANSITION_INVALID");
    if (!this.orders.isPayable(order.kind, order.itemId)) throw new DomainError("PURCHASE_KIND_INVALID");
    const payment = await this.openPayment(userId, rawMethod, order.amountFen, order.orderNo, origin);
    return { paid: false, order, payment };
  }

  /** A recharge (of `forOrderNo`'s amount when it pays that order) at `rawMethod`'s gateway; its order and pay URL. */
  private async openPayment(
    userId: number,
    rawMethod: unknown,
    amountFen: number,
    forOrderNo: string | null,
    origin: string,
  ): Promise<OpenedPayment> {
    if (rawMethod === undefined || rawMethod === null || rawMethod === "")
      throw new DomainError("PAYMENT_METHOD_NOT_FOUND", "请选择支付方式");
    const methodId = parseMethodId(rawMethod);
    const method = await paymentMethodById(this.db, methodId);
    if (!method) throw new DomainError("PAYMENT_METHOD_NOT_FOUND");
    if (!method.enabled) throw new DomainError("PAYMENT_METHOD_DISABLED");
    if (amountFen < method.min_amount_fen)
      throw new DomainError("PAYMENT_AMOUNT_TOO_SMALL", `充值金额不能低于${fenToMoney(method.min_amount_fen)}元`);
    if (amountFen > method.max_amount_fen)
      throw new DomainError("PAYMENT_AMOUNT_TOO_LARGE", `充值金额不能超过${fenToMoney(method.max_amount_fen)}元`);
    const key = this.methodKey(method);
    const hit = await this.rates.hit(`recharge:user:${userId}`, RECHARGE_LIMIT.windowSeconds);
    if (hit.count > RECHARGE_LIMIT.perUser)
      throw new DomainError("RATE_LIMITED", "充值下单过于频繁，请稍后再试", { retryAfter: hit.retryAfter });

    const name = `账户充值 ${fenToMoney(amountFen)}元`;
    const orderNo = await this.db.transaction(async (m) => {
      const order_no = await insertPaymentOrder(m, {
        timeZone: this.opts.businessTimeZone,
        userId,
        methodId: method.id,
        channel: method.channel,
        amountFen,
        forOrderNo,
      });
      await this.orders.create(
        userId,
        {
          orderNo: order_no,
          kind: "recharge",
          amountFen,
          itemName: "账户充值",
          payMethod: "epay",
          note: forOrderNo ? `支付订单 ${forOrderNo}` : "",
        },
        m,
      );
      return order_no;
    });
    const base = (this.opts.publicUrl ?? origin).replace(/\/+$/, "");
    const returnTo = forOrderNo
      ? `/order/${encodeURIComponent(forOrderNo)}`
      : `/profile?order_no=${encodeURIComponent(orderNo)}`;
    const payUrl = submitUrl(
      method.gateway_url,
      {
        pid: method.pid,
        type: method.channel,
        out_trade_no: orderNo,
        notify_url: `${base}/api/payments/callback/epay`,
        return_url: `${base}${returnTo}`,
        name,
        money: fenToMoney(amountFen),
      },
      key,
    );
    return { orderNo, payUrl, amountFen };
  }

  /** A recharge order of its owner (another user's order is "not found", never "forbidden"). */
  async orderOf(userId: number, rawOrderNo: unknown): Promise<RechargeOrderView> {
    const orderNo = typeof rawOrderNo === "string" ? rawOrderNo.trim() : "";
    if (!/^R\d{8,24}$/.test(orderNo)) throw new DomainError("PAYMENT_ORDER_NOT_FOUND");
    const row = await paymentOrderOf(this.db, orderNo, userId);
    if (!row) throw new DomainError("PAYMENT_ORDER_NOT_FOUND");
    return orderView(row);
  }

  /** The user's own recharge orders, newest first. */
  myOrders(
    userId: number,
    args: { page?: unknown; pageSize?: unknown; status?: unknown },
  ): Promise<Page<RechargeOrderView>> {
    return this.orderPage(args, userId);
  }

  /** Every recharge order (admin), newest first; filters: status, a search over order number, trade number, user. */
  listOrders(args: {
    page?: unknown;
    pageSize?: unknown;
    status?: unknown;
    search?: unknown;
  }): Promise<Page<RechargeOrderView>> {
    return this.orderPage(args);
  }

  private async orderPage(
    args: { page?: unknown; pageSize?: unknown; status?: unknown; search?: unknown },
    userId?: number,
  ): Promise<Page<RechargeOrderView>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const status = queryString(args.status ?? undefined, 16);
    if (status !== undefined && !(PAYMENT_ORDER_STATUSES as readonly string[]).includes(status))
      throw new DomainError("PAYMENT_ORDER_STATUS_INVALID");
    const search = queryString(args.search ?? undefined, 64)?.trim();
    const { rows, total } = await paymentOrderPage(this.db, { userId, status, search }, pageSize, offset);
    return { items: rows.map(orderView), total, page, pageSize };
  }

  // ---- the gateway's notify ------------------------------------------------------------------------------------

  /**
   * The gateway's asynchronous notify (GET query or POST form). Credits the order's amount once when the signature
   * (under the order's method key), the merchant pid, `trade_status=TRADE_SUCCESS` and the money all check out;
   * a repeat of the same payment is acknowledged without crediting again. Anything else changes nothing and is logged.
   */
  async handleNotify(params: Record<string, string>): Promise<NotifyOutcome> {
    const outTradeNo = params.out_trade_no ?? "";
    const tradeNo = params.trade_no ?? "";
    const refuse = (reason: string): NotifyOutcome => {
      log.warn("payments: EPay notify refused", {
        reason,
        out_trade_no: outTradeNo.slice(0, 64),
        trade_no: tradeNo.slice(0, 64),
        pid: (params.pid ?? "").slice(0, 64),
      });
      return "refused";
    };
    if (!/^R\d{8,24}$/.test(outTradeNo)) return refuse("unknown order");
    const order = await paymentOrderByNo(this.db, outTradeNo);
    if (!order) return refuse("unknown order");
    const method = await paymentMethodById(this.db, order.method_id);
    if (!method) return refuse("method gone");
    const key = this.secrets.openText(MERCHANT_KEY_PURPOSE, method.key_encrypted);
    if (key === null) return refuse("merchant key unreadable");
    if (!epayVerify(params, key)) return refuse("bad signature");
    if (params.pid !== method.pid) return refuse("wrong pid");
    if (params.trade_status !== "TRADE_SUCCESS")
      return refuse(`trade_status ${String(params.trade_status).slice(0, 32)}`);
    if (moneyToFen(params.money) !== order.amount_fen)
      return refuse(`money ${String(params.money).slice(0, 32)} ≠ ${fenToMoney(order.amount_fen)}`);
    if (!/^[\x21-\x7e]{1,64}$/.test(tradeNo)) return refuse("bad trade_no");
    const outcome = await this.settle(order.order_no, tradeNo);
    return outcome === "refused" ? refuse("order not payable") : outcome;
  }

  /**
   * Marks a pending order paid with the gateway's trade number and credits the wallet, in one transaction with the
   * order row locked. A paid order with the same trade number is "already"; a closed or otherwise paid order, or a
   * trade number another order already has, is refused. Any failure rolls both back (the order stays pending).
   */
  private async settle(orderNo: string, tradeNo: string): Promise<NotifyOutcome> {
    try {
      return await this.db.transaction(async (m) => {
        const row = await paymentOrderByNo(m, orderNo, true);
        if (!row) return "refused";
        if (row.status === "paid" || row.status === "refunded") return row.trade_no === tradeNo ? "already" : "refused";
        if (row.status !== "pending") return "refused";
        await markPaymentOrderPaid(m, row.id, tradeNo);
        await this.wallet.credit(
          row.user_id,
          row.amount_fen,
          { type: "recharge", orderNo, note: `充值（${tradeNo}）` },
          m,
        );
        await this.orders.transition({ orderNo }, "paid", m);
        await this.orders.transition({ orderNo }, "fulfilled", m);
        if (row.for_order_no) await this.payFromCredit(m, row.user_id, row.for_order_no, orderNo);
        return "credited";
      });
    } catch (e) {
      if ((e as { code?: string }).code === "23505") {
        log.warn("payments: trade number already used by another order", { order_no: orderNo, trade_no: tradeNo });
        return "refused";
      }
      throw e;
    }
  }

  /**
   * Pays the order a gateway payment was for, from the amount just credited, inside the settling transaction. When
   * the order can no longer be paid (closed meanwhile, the item bought another way, gone), the money stays in the
   * wallet and the payment still counts: only the order's part is undone (a savepoint).
   */
  private async payFromCredit(m: EntityManager, userId: number, forOrderNo: string, paymentNo: string): Promise<void> {
    await m.query(`SAVEPOINT pay_order`);
    try {
      await this.orders.payPending(userId, forOrderNo, "epay", m);
      await m.query(`RELEASE SAVEPOINT pay_order`);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      await m.query(`ROLLBACK TO SAVEPOINT pay_order`);
      log.warn("payments: paid order could not be fulfilled; the amount stays in the wallet", {
        order_no: forOrderNo,
        payment: paymentNo,
        code: e.code,
      });
    }
  }

  // ---- scheduled -----------------------------------------------------------------------------------------------

  /**
   * Asks each pending order's gateway (EPay `api.php?act=order`) whether it was paid, and settles those it says
   * are (a notify that never arrived). `olderThanMs` skips orders just created. Returns how many were credited.
   */
  async reconcilePending(
    opts: { olderThanMs?: number; limit?: number } = {},
  ): Promise<{ asked: number; credited: number }> {
    const orderNos = await pendingPaymentOrdersOlderThan(
      this.db,
      (opts.olderThanMs ?? 30_000) / 1000,
      opts.limit ?? 200,
    );
    let credited = 0;
    for (const orderNo of orderNos) if ((await this.queryGateway(orderNo)) === "credited") credited++;
    return { asked: orderNos.length, credited };
  }

  /**
   * Closes pending orders older than 15 minutes (each asked at its gateway once more first, so a payment whose
   * notify was lost is credited rather than closed). Returns how many closed.
   */
  async closeExpired(now: Date = new Date()): Promise<{ closed: number; credited: number }> {
    const cutoff = new Date(now.getTime() - RECHARGE_TTL_MS);
    let credited = 0;
    for (const orderNo of await pendingPaymentOrdersBefore(this.db, cutoff, 500))
      if ((await this.queryGateway(orderNo)) === "credited") credited++;
    const closed = await this.db.transaction(async (m) => {
      const orderNos = await closePendingPaymentOrders(m, cutoff);
      await this.orders.closePending(orderNos, m);
      return orderNos.length;
    });
    return { closed, credited };
  }

  /** Whether a gateway URL is the launcher's sandbox (same origin as PAYMENT_SANDBOX_URL). */
  private isSandbox(gatewayUrl: string): boolean {
    const sb = this.opts.sandbox;
    if (!sb) return false;
    try {
      return new URL(gatewayUrl).origin === new URL(sb.url).origin;
    } catch {
      return false;
    }
  }

  /** One order's status at its gateway; settles it when the gateway reports it paid with the right pid and money. */
  private async queryGateway(orderNo: string): Promise<NotifyOutcome | "unpaid" | "error"> {
    const order = await paymentOrderByNo(this.db, orderNo);
    if (!order || order.status !== "pending") return "refused";
    const method = await paymentMethodById(this.db, order.method_id);
    const key = method ? this.secrets.openText(MERCHANT_KEY_PURPOSE, method.key_encrypted) : null;
    if (!method || key === null) return "error";
    let answer: Record<string, unknown>;
    try {
      // Through the address guard: an admin's gateway must be public; only the launcher's own sandbox (configured by
      // the operator's environment, PAYMENT_SANDBOX_URL) may be on this machine. Never link-local, no redirects.
      const res = await guardedFetch(orderQueryUrl(method.gateway_url, method.pid, key, orderNo), {
        maxBytes: 64 * 1024,
        timeoutMs: QUERY_TIMEOUT_MS,
        maxRedirects: 0,
        allowPrivate: this.isSandbox(method.gateway_url),
      });
      answer = JSON.parse(res.notModified ? "" : res.body) as Record<string, unknown>;
    } catch (e) {
      log.warn("payments: order query failed", {
        order_no: orderNo,
        gateway: gatewayBase(method.gateway_url),
        error: (e as Error).message,
      });
      return "error";
    }
    const paid = Number(answer.code) === 1 && String(answer.status) === "1";
    if (!paid) return "unpaid";
    if (
      String(answer.out_trade_no) !== orderNo ||
      String(answer.pid) !== method.pid ||
      moneyToFen(answer.money) !== order.amount_fen
    ) {
      log.warn("payments: order query answer does not match the order", {
        order_no: orderNo,
        answer: JSON.stringify(answer).slice(0, 500),
      });
      return "refused";
    }
    const tradeNo = String(answer.trade_no ?? "");
    if (!/^[\x21-\x7e]{1,64}$/.test(tradeNo)) return "refused";
    return this.settle(orderNo, tradeNo);
  }

  // ---- helpers -------------------------------------------------------------------------------------------------

  /** One method (`forUpdate`: locked for the caller's transaction); PAYMENT_METHOD_NOT_FOUND without it. */
  private async findMethod(db: Sql, id: number, forUpdate = false): Promise<PaymentMethodRow> {
    const row = await paymentMethodById(db, id, forUpdate);
    if (!row) throw new DomainError("PAYMENT_METHOD_NOT_FOUND");
    return row;
  }

  private methodKey(method: PaymentMethodRow): string {
    const key = this.secrets.openText(MERCHANT_KEY_PURPOSE, method.key_encrypted);
    if (key === null) {
      log.error("payments: merchant key cannot be decrypted (SECRETS_KEY changed?)", { method: method.id });
      throw new DomainError("PAYMENT_KEY_UNREADABLE");
    }
    return key;
  }
}

function orderView(r: PaymentOrderListRow): RechargeOrderView {
  return {
    orderNo: r.order_no,
    userId: r.user_id,
    username: r.username,
    methodId: r.method_id,
    methodName: r.method_name,
    channel: r.channel as PaymentChannel,
    amountFen: Number(r.amount_fen),
    status: r.status as PaymentOrderStatus,
    tradeNo: r.trade_no,
    createdAt: r.created_at,
    paidAt: r.paid_at,
    closedAt: r.closed_at,
  };
}

function methodView(r: PaymentMethodRow): PaymentMethodView {
  return {
    id: r.id,
    name: r.name,
    channel: r.channel as PaymentChannel,
    gatewayUrl: r.gateway_url,
    pid: r.pid,
    minAmountFen: r.min_amount_fen,
    maxAmountFen: r.max_amount_fen,
    enabled: r.enabled,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function parseMethodId(raw: unknown): number {
  const s = typeof raw === "number" ? String(raw) : raw;
  if (typeof s !== "string" || !/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647)
    throw new DomainError("PAYMENT_METHOD_NOT_FOUND");
  return Number(s);
}

/**
 * A recharge amount in yuan (a number or a numeric string): a finite number, above zero, with at most two decimals.
 * Returns fen. Whether it is within a method's limits is the caller's check (10^12 fails there).
 */
function parseRechargeAmount(raw: unknown): number {
  return parseYuanAmount(raw, "PAYMENT_AMOUNT_INVALID", "充值金额");
}

/** An amount in yuan typed by a user (number or numeric string): finite, above zero, ≤ 2 decimals; in fen. */
export function parseYuanAmount(
  raw: unknown,
  code: "PAYMENT_AMOUNT_INVALID" | "WITHDRAW_AMOUNT_INVALID",
  label: string,
): number {
  const n = typeof raw === "string" && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isFinite(n)) throw new DomainError(code, `${label}无效，请输入数字`);
  if (n <= 0) throw new DomainError(code, `${label}必须大于0`);
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6 * Math.max(1, n))
    throw new DomainError(code, `${label}最多保留两位小数`);
  return Math.round(n * 100);
}

const LIMITS_INVALID = "金额限制无效：最低金额须大于0且不高于最高金额";

/** Yuan typed by an admin for a method's limits: positive, ≤ 2 decimals, at most MAX_YUAN. */
function limitFen(raw: unknown): number {
  const n = typeof raw === "string" && /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isFinite(n) || n <= 0 || n > MAX_YUAN)
    throw new DomainError("PAYMENT_METHOD_INVALID", LIMITS_INVALID);
  const fen = Math.round(n * 100);
  if (Math.abs(fen - n * 100) > 1e-6) throw new DomainError("PAYMENT_METHOD_INVALID", "金额限制最多保留两位小数");
  return fen;
}

interface MethodFields {
  name?: string;
  channel?: PaymentChannel;
  gatewayUrl?: string;
  pid?: string;
  key?: string;
  minAmountFen?: number;
  maxAmountFen?: number;
  enabled?: boolean;
}

/** Validates a create (`current` null: every field but `enabled` required) or an update (given fields only). */
function validateMethod(input: PaymentMethodInput, current: PaymentMethodRow | null): MethodFields {
  const creating = current === null;
  const has = (v: unknown) => v !== undefined && v !== null;
  const out: MethodFields = {};
  if (creating || has(input.name)) out.name = requireText(input.name, "支付方式名称", 50);
  if (creating || has(input.channel)) {
    if (typeof input.channel !== "string" || !(PAYMENT_CHANNELS as readonly string[]).includes(input.channel))
      throw new DomainError("PAYMENT_METHOD_INVALID", "支付渠道无效，可选 alipay、wxpay、qqpay");
    out.channel = input.channel as PaymentChannel;
  }
  if (creating || has(input.gatewayUrl)) {
    const s = typeof input.gatewayUrl === "string" ? input.gatewayUrl.trim() : "";
    let ok = false;
    try {
      const u = new URL(s);
      ok =
        (u.protocol === "http:" || u.protocol === "https:") &&
        !u.username &&
        !u.password &&
        !u.search &&
        !u.hash &&
        s.length <= 500;
    } catch {
      ok = false;
    }
    if (!ok) throw new DomainError("PAYMENT_METHOD_INVALID", "网关地址无效，须为 http(s) 地址");
    out.gatewayUrl = s;
  }
  if (creating || has(input.pid)) {
    const pid = typeof input.pid === "number" ? String(input.pid) : optionalText(input.pid, "商户号", 64);
    if (!/^[\x21-\x7e]{1,64}$/.test(pid)) throw new DomainError("PAYMENT_METHOD_INVALID", "商户号无效");
    out.pid = pid;
  }
  // The key is write-only: on update, missing or "" keeps the stored one.
  if (creating || (has(input.key) && input.key !== "")) {
    const key = typeof input.key === "string" ? input.key.trim() : "";
    if (!/^[\x21-\x7e]{1,256}$/.test(key)) throw new DomainError("PAYMENT_METHOD_INVALID", "商户密钥无效");
    out.key = key;
  }
  if (creating || has(input.minAmount)) out.minAmountFen = limitFen(input.minAmount);
  if (creating || has(input.maxAmount)) out.maxAmountFen = limitFen(input.maxAmount);
  const min = out.minAmountFen ?? current?.min_amount_fen ?? 0;
  const max = out.maxAmountFen ?? current?.max_amount_fen ?? 0;
  if (min > max) throw new DomainError("PAYMENT_METHOD_INVALID", LIMITS_INVALID);
  if (has(input.enabled)) {
    if (typeof input.enabled !== "boolean") throw new DomainError("BAD_REQUEST", "enabled必须是布尔值");
    out.enabled = input.enabled;
  }
  return out;
}
