import {
  buyFromWallet,
  closeExpiredWalletOrders,
  closePendingWalletOrders,
  insertPurchase,
  insertWalletOrder,
  lockWalletOrder,
  markWalletOrderPaid,
  markWalletOrderPaidAndFulfilled,
  moveWalletOrder,
  walletOrder,
  walletOrderExists,
  walletOrderKind,
  walletOrderPage,
  type WalletOrderRef,
  type WalletOrderRow,
  type WalletPurchaseRow,
} from "@gryx/store";
import type { DataSource, EntityManager } from "typeorm";
import type { LedgerType } from "@gryx/contracts/ledger";
import { DomainError } from "../../common/errors";
import { poolOf } from "../../db/prepared";
import { afterArg, likePattern, pageArgs, parseId, queryString } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { PurchasesService } from "../purchases/purchases.service";
import type { PurchaseKind } from "../purchases/purchase-kinds";
import { ORDER_KINDS, ORDER_STATUSES, statesBefore, type OrderKind, type OrderStatus } from "./orders.model";
import type { WalletService } from "./wallet.service";

/** An order as services and edges use it (amount in fen). */
export interface Order {
  id: number;
  orderNo: string;
  userId: number;
  username?: string;
  kind: OrderKind;
  itemId: number | null;
  itemName: string;
  amountFen: number;
  status: OrderStatus;
  payMethod: string;
  note: string;
  createdAt: Date;
  paidAt: Date | null;
  fulfilledAt: Date | null;
  closedAt: Date | null;
  refundedAt: Date | null;
  refundReason: string | null;
}

export interface NewOrder {
  kind: OrderKind;
  amountFen: number;
  itemId?: number | null;
  itemName?: string;
  /** "wallet" for purchases paid from the balance, a gateway name ("epay") for top-ups. */
  payMethod?: string;
  /** A number made elsewhere (a recharge's `R…` number); a fresh one otherwise. */
  orderNo?: string;
  note?: string;
}

export interface OrderFilter {
  status?: unknown;
  kind?: unknown;
  page?: unknown;
  pageSize?: unknown;
  /** Keyset cursor: the id of the last order seen (see afterArg). */
  after?: unknown;
}

export interface AdminOrderFilter extends OrderFilter {
  /** Order number, user id or part of a username or item name. */
  search?: unknown;
}

/**
 * An order kind sold by another domain that is not a catalogue item (the certificate mall's plans): it opens its
 * orders itself (with whatever else the purchase needs, e.g. the device) and is told, inside the paying transaction
 * after the debit, that its order is paid; a throw there undoes the debit with everything else. The order stays
 * `paid` until the domain fulfils (or refunds) it.
 */
export interface OrderKindHandler {
  createOrder(userId: number, rawId: unknown, input: Record<string, unknown>): Promise<Order>;
  paid(m: EntityManager, order: { id: number; orderNo: string; userId: number; amountFen: number }): Promise<void>;
}

/** Unpaid orders close after this long. */
const ORDER_PAY_WINDOW_MS = 15 * 60_000;

/** The purchasable kinds the wallet pays for. */
const PAYABLE: readonly OrderKind[] = ["app", "dylib", "resource-share"];

/**
 * Orders and purchases paid from the wallet. A purchase is one transaction: the purchase row (refused when the user
 * owns the item), the order (paid and fulfilled at once) and the wallet debit; any refusal rolls all of it back.
 * Status changes go through `transition`, which moves an order only from a state the machine allows.
 */
export class OrdersService {
  private readonly handlers = new Map<OrderKind, OrderKindHandler>();

  constructor(
    private readonly db: DataSource,
    private readonly wallet: WalletService,
    private readonly purchases: PurchasesService,
    private readonly timeZone: string,
  ) {}

  /** Lets a domain sell an order kind of its own (see OrderKindHandler); once per kind. */
  registerKind(kind: OrderKind, handler: OrderKindHandler): void {
    if (this.handlers.has(kind) || PAYABLE.includes(kind)) throw new Error(`order kind ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  /**
   * Creates a pending order with a fresh order number, or with `o.orderNo` (a recharge keeps its payment's number);
   * inside `manager`'s transaction when given.
   */
  async create(userId: number, o: NewOrder, manager?: EntityManager): Promise<Order> {
    return this.insert(manager ?? this.db.manager, userId, o, "pending");
  }

  /**
   * An unpaid order for an item at its current resource fee (`POST /api/payments/create-order`), to be paid later
   * from the wallet or through a gateway (`payPending`); it closes by itself after 15 minutes. Refused like `pay`:
   * unknown kind, free item, an item the user owns.
   */
  async createForItem(
    userId: number,
    rawKind: unknown,
    rawId: unknown,
    input: Record<string, unknown> = {},
  ): Promise<Order> {
    const handler = this.handlers.get(rawKind as OrderKind);
    if (handler) return handler.createOrder(userId, rawId, input);
    const { kind, itemId, item } = await this.payableItem(rawKind, rawId);
    if (await this.purchases.hasPurchased(userId, kind, itemId)) throw new DomainError("ORDER_ALREADY_PURCHASED");
    const name = item.name.slice(0, 200);
    return this.create(userId, { kind, itemId, itemName: name, amountFen: item.priceFen, note: `购买 ${name}` });
  }

  /**
   * Pays one of the user's pending item orders from the wallet at the order's amount: the debit, the purchase row and
   * the order (paid and fulfilled) in one transaction (the caller's with `manager`, e.g. a gateway payment crediting
   * the same amount first). Refused: another user's or unknown order (ORDER_NOT_FOUND), an order no longer pending
   * (ORDER_TRANSITION_INVALID), a kind the wallet does not pay for, an owned item, a short balance.
   */
  /** Whether an order of this kind (and item) can be paid: a registered kind (the mall), or a catalogue item. */
  isPayable(kind: OrderKind, itemId: number | null): boolean {
    return this.handlers.has(kind) || (PAYABLE.includes(kind) && itemId !== null);
  }

  async payPending(userId: number, rawOrderNo: unknown, payMethod = "wallet", manager?: EntityManager): Promise<Order> {
    const run = async (m: EntityManager): Promise<Order> => {
      const row = await lockWalletOrder(m, orderRef(rawOrderNo));
      if (!row || row.user_id !== userId) throw new DomainError("ORDER_NOT_FOUND");
      if (row.status !== "pending") throw new DomainError("ORDER_TRANSITION_INVALID");
      const kind = row.kind as OrderKind;
      const handler = this.handlers.get(kind);
      if (handler) {
        const amountFen = Number(row.amount_fen);
        await this.wallet.debit(
          userId,
          amountFen,
          { type: kind as LedgerType, orderNo: row.order_no, note: `购买 ${row.item_name}` },
          m,
        );
        await markWalletOrderPaid(m, row.id, payMethod.slice(0, 16));
        await handler.paid(m, { id: row.id, orderNo: row.order_no, userId, amountFen });
        return this.byId(m, row.id);
      }
      if (!this.isPayable(kind, row.item_id)) throw new DomainError("PURCHASE_KIND_INVALID");
      const amountFen = Number(row.amount_fen);
      await this.wallet.debit(
        userId,
        amountFen,
        { type: "purchase", orderNo: row.order_no, note: `购买 ${row.item_name}` },
        m,
      );
      // Owning the item already breaks the purchases unique key; the throw rolls back the debit with the rest.
      try {
        await insertPurchase(m, userId, kind, row.item_id!, amountFen);
      } catch (e) {
        if ((e as { code?: string }).code === "23505") throw new DomainError("ORDER_ALREADY_PURCHASED");
        throw e;
      }
      await markWalletOrderPaidAndFulfilled(m, row.id, payMethod.slice(0, 16));
      return this.byId(m, row.id);
    };
    return manager ? run(manager) : this.db.transaction(run);
  }

  /** Records an order paid and delivered at once inside the caller's transaction (e.g. a traffic fee debited with it). */
  async createFulfilled(userId: number, o: NewOrder, manager: EntityManager): Promise<Order> {
    return this.insert(manager, userId, o, "fulfilled");
  }

  /**
   * Buys an item at its resource fee from the wallet: returns the order (fulfilled). Free items need no order
   * (ORDER_ITEM_FREE); an owned item is refused (ORDER_ALREADY_PURCHASED); a short balance WALLET_INSUFFICIENT_BALANCE.
   */
  async pay(userId: number, rawKind: unknown, rawId: unknown): Promise<Order> {
    const { kind, itemId, item } = await this.payableItem(rawKind, rawId);
    const name = item.name.slice(0, 200);
    // One statement, prepared once per connection on the pool (buyFromWallet); owning the item already undoes it.
    let r: WalletPurchaseRow | undefined;
    try {
      r = await buyFromWallet(poolOf(this.db), {
        userId,
        amountFen: item.priceFen,
        kind,
        itemId,
        timeZone: this.timeZone,
        itemName: name,
        note: `购买 ${name}`,
      });
    } catch (e) {
      const err = e as { code?: string; driverError?: { code?: string } };
      if ((err.code ?? err.driverError?.code) === "23505") throw new DomainError("ORDER_ALREADY_PURCHASED");
      throw e;
    }
    if (!r) {
      if (await this.purchases.hasPurchased(userId, kind, itemId)) throw new DomainError("ORDER_ALREADY_PURCHASED");
      throw new DomainError("WALLET_INSUFFICIENT_BALANCE");
    }
    this.wallet.announce([
      {
        ledgerId: Number(r.ledger_id),
        userId,
        amountFen: -item.priceFen,
        balanceFen: Number(r.balance_after_fen),
        type: "purchase",
        orderNo: r.order_no,
        at: r.created_at,
      },
    ]);
    return {
      id: r.id,
      orderNo: r.order_no,
      userId,
      kind,
      itemId,
      itemName: name,
      amountFen: item.priceFen,
      status: "fulfilled",
      payMethod: "wallet",
      note: "",
      createdAt: r.created_at,
      paidAt: r.paid_at,
      fulfilledAt: r.fulfilled_at,
      closedAt: null,
      refundedAt: null,
      refundReason: null,
    };
  }

  /** The item a purchase is for: a kind the wallet pays for, an existing item, not free. */
  private async payableItem(
    rawKind: unknown,
    rawId: unknown,
  ): Promise<{ kind: PurchaseKind & OrderKind; itemId: number; item: { priceFen: number; name: string } }> {
    if (!PAYABLE.includes(rawKind as OrderKind)) throw new DomainError("PURCHASE_KIND_INVALID");
    const kind = rawKind as PurchaseKind & OrderKind;
    const itemId = parseId(rawId, "商品ID");
    const item = await this.purchases.item(kind, itemId);
    if (item.priceFen === 0) throw new DomainError("ORDER_ITEM_FREE");
    // Nothing is sold without something to deliver.
    if (!item.hasPackage) throw new DomainError("CATALOG_ITEM_NO_PACKAGE");
    return { kind, itemId, item };
  }

  /**
   * Moves an order to `to` if its state allows it (ORDER_TRANSITION_INVALID otherwise), stamping the time; inside
   * `manager`'s transaction when given. Returns the updated order.
   */
  async transition(
    ref: { id?: number; orderNo?: string },
    to: OrderStatus,
    manager?: EntityManager,
    extra: { refundReason?: string } = {},
  ): Promise<Order> {
    const m = manager ?? this.db.manager;
    const stamp = (
      {
        paid: "paid_at",
        fulfilled: "fulfilled_at",
        closed: "closed_at",
        refunded: "refunded_at",
        pending: null,
      } as const
    )[to];
    const key: WalletOrderRef = ref.orderNo !== undefined ? { orderNo: ref.orderNo } : { id: ref.id! };
    const id = await moveWalletOrder(m, key, to, statesBefore(to), stamp, extra.refundReason ?? null);
    if (id === undefined) {
      if (!(await walletOrderExists(m, key))) throw new DomainError("ORDER_NOT_FOUND");
      throw new DomainError("ORDER_TRANSITION_INVALID");
    }
    return this.byId(m, id);
  }

  /**
   * An admin's refund of a paid or fulfilled order: the order becomes refunded, the amount goes back to the wallet
   * and a bought item is no longer the user's, all in one transaction.
   */
  async refund(rawId: unknown, rawReason: unknown): Promise<Order> {
    const id = parseId(rawId, "订单ID");
    const reason = (typeof rawReason === "string" ? rawReason.trim() : "").slice(0, 200) || "管理员退款";
    return this.db.transaction(async (m) => {
      // A top-up's money came from outside: it goes back through the gateway, not into the balance it was paid into.
      if ((await walletOrderKind(m, id)) === "recharge") throw new DomainError("ORDER_REFUND_KIND");
      const order = await this.transition({ id }, "refunded", m, { refundReason: reason });
      if (order.amountFen > 0)
        await this.wallet.credit(
          order.userId,
          order.amountFen,
          { type: "refund", orderNo: order.orderNo, note: `退款：${reason}` },
          m,
        );
      if (PAYABLE.includes(order.kind) && order.itemId !== null)
        await this.purchases.revoke(m, order.userId, order.kind as PurchaseKind, order.itemId);
      return order;
    });
  }

  /** An admin's status action on an order: close (pending) or fulfil (paid); refunds go through `refund`. */
  async adminSetStatus(rawId: unknown, rawStatus: unknown): Promise<Order> {
    const id = parseId(rawId, "订单ID");
    if (rawStatus !== "closed" && rawStatus !== "fulfilled")
      throw new DomainError("ORDER_STATUS_INVALID", "只能关闭待支付订单或将已支付订单标记为已完成");
    return this.transition({ id }, rawStatus);
  }

  /**
   * Closes orders still pending after the pay window; returns how many. (The scheduled job `orders.close-expired`.)
   * Recharge orders are closed by payments, which asks their gateway first.
   */
  async closeExpired(now = new Date()): Promise<number> {
    return closeExpiredWalletOrders(this.db, new Date(now.getTime() - ORDER_PAY_WINDOW_MS));
  }

  /** Closes these orders if still pending, inside the caller's transaction (recharges whose payment closed). */
  async closePending(orderNos: string[], m: EntityManager): Promise<void> {
    if (orderNos.length) await closePendingWalletOrders(m, orderNos);
  }

  /** One of the user's orders by its number (or id); another user's order is ORDER_NOT_FOUND. Inside `manager`'s transaction when given. */
  async mine(userId: number, ref: unknown, manager?: EntityManager): Promise<Order> {
    const order = await this.find(ref, manager);
    if (!order || order.userId !== userId) throw new DomainError("ORDER_NOT_FOUND");
    return order;
  }

  async adminGet(ref: unknown): Promise<Order> {
    const order = await this.find(ref);
    if (!order) throw new DomainError("ORDER_NOT_FOUND");
    return order;
  }

  /** The user's orders, newest first. */
  list(userId: number, f: OrderFilter): Promise<Page<Order>> {
    return this.page({ ...f, userId });
  }

  adminList(f: AdminOrderFilter): Promise<Page<Order>> {
    return this.page(f);
  }

  parseStatus(raw: unknown): OrderStatus | undefined {
    if (raw === undefined || raw === null || raw === "") return undefined;
    if (!(ORDER_STATUSES as readonly unknown[]).includes(raw)) throw new DomainError("ORDER_STATUS_INVALID");
    return raw as OrderStatus;
  }

  parseKind(raw: unknown): OrderKind | undefined {
    if (raw === undefined || raw === null || raw === "") return undefined;
    if (!(ORDER_KINDS as readonly unknown[]).includes(raw)) throw new DomainError("ORDER_KIND_INVALID");
    return raw as OrderKind;
  }

  private async page(f: AdminOrderFilter & { userId?: number }): Promise<Page<Order>> {
    const { page, pageSize, offset } = pageArgs(f.page, f.pageSize);
    const status = this.parseStatus(f.status);
    const kind = this.parseKind(f.kind);
    const search = queryString(f.search ?? undefined, 64);
    // A keyset cursor continues below the last order seen (an index range) instead of skipping `offset` rows.
    const after = afterArg(f.after);
    const { rows, total } = await walletOrderPage(
      this.db,
      {
        userId: f.userId,
        status,
        kind,
        search: search || undefined,
        searchPattern: search ? likePattern(search) : undefined,
      },
      { limit: pageSize, offset, after },
    );
    return { items: rows.map(toOrder), total, page, pageSize };
  }

  /** By order number or id. */
  private async find(ref: unknown, manager?: EntityManager): Promise<Order | null> {
    const row = await walletOrder(manager ?? this.db, orderRef(ref));
    return row ? toOrder(row) : null;
  }

  private async byId(m: EntityManager, id: number): Promise<Order> {
    return toOrder((await walletOrder(m, { id }))!);
  }

  /** Order number: the business date and a global sequence of at least 6 digits (20261123000123). */
  private async insert(m: EntityManager, userId: number, o: NewOrder, status: "pending" | "fulfilled"): Promise<Order> {
    if (!ORDER_KINDS.includes(o.kind)) throw new DomainError("ORDER_KIND_INVALID");
    if (!Number.isSafeInteger(o.amountFen) || o.amountFen < 0) throw new DomainError("WALLET_AMOUNT_INVALID");
    const r = await insertWalletOrder(m, {
      timeZone: this.timeZone,
      orderNo: o.orderNo ?? null,
      userId,
      kind: o.kind,
      itemId: o.itemId ?? null,
      itemName: (o.itemName ?? "").slice(0, 200),
      amountFen: o.amountFen,
      status,
      payMethod: o.payMethod ?? "wallet",
      note: (o.note ?? "").slice(0, 500),
    });
    return {
      id: r.id,
      orderNo: r.order_no,
      userId,
      kind: o.kind,
      itemId: o.itemId ?? null,
      itemName: o.itemName ?? "",
      amountFen: o.amountFen,
      status,
      payMethod: o.payMethod ?? "wallet",
      note: o.note ?? "",
      createdAt: r.created_at,
      paidAt: r.paid_at,
      fulfilledAt: r.fulfilled_at,
      closedAt: null,
      refundedAt: null,
      refundReason: null,
    };
  }
}

/**
 * Where to find an order by what a client gave: an order number (the business date and a sequence, 12 digits or
 * more, or a recharge's `R` number) or an id. Anything else is ORDER_NOT_FOUND.
 */
function orderRef(ref: unknown): WalletOrderRef {
  const s = typeof ref === "number" ? String(ref) : typeof ref === "string" ? ref.trim() : "";
  if (!/^R?\d{1,31}$/.test(s)) throw new DomainError("ORDER_NOT_FOUND");
  if (s.startsWith("R") || s.length >= 12) return { orderNo: s };
  if (Number(s) > 2_147_483_647) throw new DomainError("ORDER_NOT_FOUND");
  return { id: Number(s) };
}

function toOrder(r: WalletOrderRow): Order {
  return {
    id: r.id,
    orderNo: r.order_no,
    userId: r.user_id,
    username: r.username,
    kind: r.kind as OrderKind,
    itemId: r.item_id,
    itemName: r.item_name,
    amountFen: Number(r.amount_fen),
    status: r.status as OrderStatus,
    payMethod: r.pay_method,
    note: r.note,
    createdAt: r.created_at,
    paidAt: r.paid_at,
    fulfilledAt: r.fulfilled_at,
    closedAt: r.closed_at,
    refundedAt: r.refunded_at,
    refundReason: r.refund_reason,
  };
}
