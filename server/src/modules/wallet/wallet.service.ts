import {
  applyWalletChange,
  ledgerPage,
  ledgerRows,
  walletBalanceFen,
  type LedgerRow,
  type LedgerRowFilter,
} from "@gryx/store";
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from "typeorm";
import { eventIterator, type EventBus } from "@gryx/platform";
import type { WalletChangedPayload } from "./wallet.events";
import { DomainError } from "../../common/errors";
import { log } from "../../common/logger";
import { afterArg, fenToYuan, likePattern, pageArgs, parseId, queryString } from "../../common/validate";
import type { Page } from "../../graphql/page";
import { LEDGER_TYPES, type LedgerType } from "@gryx/contracts/ledger";
import { notifyUser, type UserNotice } from "../certificate-checks/notify";
import { userExists } from "@gryx/store";

/** What a change of a wallet is about; `type` goes in the ledger. */
export interface MoneyChange {
  type: LedgerType;
  orderNo?: string | null;
  note?: string;
}

/** A committed (or, inside a caller's transaction, pending) change. */
export interface WalletChange {
  ledgerId: number;
  userId: number;
  /** Signed fen. */
  amountFen: number;
  balanceFen: number;
  type: LedgerType;
  orderNo: string | null;
  at: Date;
}

/** What walletChanged delivers: the balance after a change (type null for the first value, the balance now). */
export interface WalletChangedView {
  balanceFen: number;
  amountFen: number;
  type: string | null;
  orderNo: string | null;
  at: Date;
}

/** A ledger row as the pages show it (amounts in fen; the edges turn them into yuan). */
export interface LedgerEntry {
  id: number;
  userId: number;
  username?: string;
  type: LedgerType;
  amountFen: number;
  balanceAfterFen: number;
  orderNo: string | null;
  note: string;
  createdAt: Date;
}

export interface LedgerFilter {
  type?: unknown;
  page?: unknown;
  pageSize?: unknown;
  /** Keyset cursor: the id of the last row seen (see afterArg). */
  after?: unknown;
}

export interface AdminLedgerFilter extends LedgerFilter {
  /** A user id, or part of a username. */
  user?: unknown;
  orderNo?: unknown;
  /** ISO dates (inclusive from, exclusive to). */
  from?: unknown;
  to?: unknown;
}

/** Largest single change: 10 million yuan. */
const MAX_CHANGE_FEN = 1_000_000_000;

/**
 * The changes of a transaction, announced once it commits (and forgotten if it rolls back). A TypeORM subscriber
 * sees every commit of the data source, so a caller's own transaction (`credit(..., manager)`) announces too.
 */
class CommitAnnouncer implements EntitySubscriberInterface {
  private readonly pending = new WeakMap<QueryRunner, WalletChange[]>();

  constructor(private readonly publish: (changes: WalletChange[]) => void) {}

  add(runner: QueryRunner, change: WalletChange): void {
    const list = this.pending.get(runner);
    if (list) list.push(change);
    else this.pending.set(runner, [change]);
  }

  afterTransactionCommit(event: { queryRunner: QueryRunner }): void {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return; // a savepoint was released; the outer transaction may still roll back
    const list = this.pending.get(runner);
    if (!list) return;
    this.pending.delete(runner);
    this.publish(list);
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }): void {
    if (!event.queryRunner.isTransactionActive) this.pending.delete(event.queryRunner);
  }
}

/**
 * Wallets and their ledger. Every change is one transaction: one statement locks the wallet row (creating it on a
 * first credit), checks the balance, updates it and writes the ledger row, so the ledger of a wallet always sums
 * to its balance. A debit that the balance cannot cover changes nothing and throws WALLET_INSUFFICIENT_BALANCE.
 * After the commit `wallet.changed` is published so the owner's pages show the new balance.
 */
export class WalletService {
  private readonly announcer: CommitAnnouncer;

  constructor(
    private readonly db: DataSource,
    private readonly events: EventBus,
    /** BUSINESS_TZ: the days of the ledger filters (from, to) are business days. */
    private readonly timeZone = "Asia/Shanghai",
  ) {
    this.announcer = new CommitAnnouncer((changes) => this.announce(changes));
    db.subscribers.push(this.announcer);
  }

  /** Adds `amountFen` (> 0) to the wallet. With `manager`, runs inside the caller's transaction. */
  async credit(userId: number, amountFen: number, change: MoneyChange, manager?: EntityManager): Promise<WalletChange> {
    return this.change(userId, checkAmount(amountFen), change, manager);
  }

  /** Takes `amountFen` (> 0) from the wallet, or throws WALLET_INSUFFICIENT_BALANCE changing nothing. */
  async debit(userId: number, amountFen: number, change: MoneyChange, manager?: EntityManager): Promise<WalletChange> {
    return this.change(userId, -checkAmount(amountFen), change, manager);
  }

  /** A user id from an argument. */
  userIdOf(raw: unknown): number {
    return parseId(raw, "用户ID");
  }

  /** Balance in fen (0 for a user who never had a wallet). */
  async balanceFen(userId: number): Promise<number> {
    return walletBalanceFen(this.db, userId);
  }

  /**
   * The owner's wallet now (amount 0, type null), then again after each committed change of it, wherever it was
   * made (any server instance publishes `wallet.changed` on the bus).
   */
  watch(userId: number): AsyncIterableIterator<WalletChangedView> {
    const events = eventIterator(this.events, "wallet.changed");
    let first = true;
    const it: AsyncIterableIterator<WalletChangedView> = {
      next: async () => {
        if (first) {
          first = false;
          return {
            done: false,
            value: {
              balanceFen: await this.balanceFen(userId),
              amountFen: 0,
              type: null,
              orderNo: null,
              at: new Date(),
            },
          };
        }
        for (;;) {
          const r = await events.next();
          if (r.done) return { done: true, value: undefined };
          if (r.value.userId === userId) return { done: false, value: { ...r.value, at: new Date(r.value.at) } };
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

  /** An admin's correction: signed yuan amount, a required reason (kept as the ledger note). */
  async adminAdjust(
    adminUsername: string,
    rawUserId: unknown,
    rawAmountYuan: unknown,
    rawReason: unknown,
  ): Promise<WalletChange> {
    const userId = parseId(rawUserId, "用户ID");
    const fen = signedYuanToFen(rawAmountYuan);
    const reason = typeof rawReason === "string" ? rawReason.trim() : "";
    if (!reason) throw new DomainError("WALLET_REASON_REQUIRED");
    if (reason.length > 200) throw new DomainError("WALLET_REASON_REQUIRED", "调整原因不能超过200个字符");
    if (!(await userExists(this.db, userId))) throw new DomainError("USER_NOT_FOUND");
    const change = { type: "admin_adjust" as const, note: `${reason}（管理员 ${adminUsername}）` };
    return fen > 0 ? this.credit(userId, fen, change) : this.debit(userId, -fen, change);
  }

  /** Parses a ledger type filter: undefined for none, WALLET_LEDGER_TYPE_INVALID for anything unknown. */
  parseType(raw: unknown): LedgerType | undefined {
    if (raw === undefined || raw === null || raw === "") return undefined;
    if (!(LEDGER_TYPES as readonly unknown[]).includes(raw)) throw new DomainError("WALLET_LEDGER_TYPE_INVALID");
    return raw as LedgerType;
  }

  /** One user's ledger, newest first. */
  transactions(userId: number, f: LedgerFilter): Promise<Page<LedgerEntry>> {
    return this.ledgerPage({ ...f, userId });
  }

  /** Every user's ledger for the back office, newest first. */
  adminLedger(f: AdminLedgerFilter): Promise<Page<LedgerEntry>> {
    return this.ledgerPage(f);
  }

  /** The whole filtered ledger (at most 50,000 rows), for the CSV export. */
  async adminLedgerAll(f: AdminLedgerFilter): Promise<LedgerEntry[]> {
    return (await ledgerRows(this.db, this.ledgerFilter(f), 50000)).map(toEntry);
  }

  private async ledgerPage(f: AdminLedgerFilter & { userId?: number }): Promise<Page<LedgerEntry>> {
    const { page, pageSize, offset } = pageArgs(f.page, f.pageSize);
    const filter = this.ledgerFilter(f);
    // A keyset cursor continues below the last row seen (an index range) instead of skipping `offset` rows.
    const after = afterArg(f.after);
    const { rows, total } = await ledgerPage(this.db, filter, { limit: pageSize, offset, after });
    return { items: rows.map(toEntry), total, page, pageSize };
  }

  /** The checked filter: a bad type or day is refused here. */
  private ledgerFilter(f: AdminLedgerFilter & { userId?: number }): LedgerRowFilter {
    const type = this.parseType(f.type);
    const user = queryString(f.user ?? undefined, 64);
    const orderNo = queryString(f.orderNo ?? undefined, 32);
    // Business days, both inclusive: from the start of `from` to the end of `to` in the business time zone.
    const fromDay = parseDay(f.from, "开始日期");
    const toDay = parseDay(f.to, "结束日期");
    return {
      userId: f.userId,
      type,
      user: user || undefined,
      userPattern: user ? likePattern(user) : undefined,
      orderNo: orderNo || undefined,
      fromDay,
      toDay,
      timeZone: this.timeZone,
    };
  }

  private async change(
    userId: number,
    signedFen: number,
    change: MoneyChange,
    manager?: EntityManager,
  ): Promise<WalletChange> {
    if (!LEDGER_TYPES.includes(change.type)) throw new DomainError("WALLET_LEDGER_TYPE_INVALID");
    const notice = walletNotice(change, signedFen);
    const run = async (m: EntityManager) => {
      const result = await this.apply(m, userId, signedFen, change);
      if (notice) await notifyUser(m, userId, { ...notice, dedupeKey: `wallet:${result.ledgerId}` });
      this.announcer.add(m.queryRunner!, result);
      return result;
    };
    if (manager?.queryRunner?.isTransactionActive) return run(manager);
    if (manager || notice) return (manager ?? this.db.manager).transaction(run);
    // On its own the change is one statement, which PostgreSQL runs as one transaction: announce it once done.
    const result = await this.apply(this.db.manager, userId, signedFen, change);
    this.announce([result]);
    return result;
  }

  /** One statement: lock, check, update (or create) the wallet row, and write the ledger row. */
  // (A change that leaves a 站内消息 runs in a transaction with it instead: see `change`.)
  private async apply(m: EntityManager, userId: number, signedFen: number, change: MoneyChange): Promise<WalletChange> {
    const orderNo = change.orderNo ?? null;
    const note = (change.note ?? "").slice(0, 500);
    const r = await applyWalletChange(m, { userId, signedFen, type: change.type, orderNo, note });
    if (!r) throw new DomainError("WALLET_INSUFFICIENT_BALANCE");
    return {
      ledgerId: Number(r.id),
      userId,
      amountFen: signedFen,
      balanceFen: Number(r.balance_after_fen),
      type: change.type,
      orderNo,
      at: r.created_at,
    };
  }

  /**
   * Publishes the last balance of each changed wallet; a missed event only delays a page's refresh. Called on
   * commit for changes made here; a caller that changed a wallet in a single statement of its own
   * (`OrdersService.pay`) announces through it after that statement.
   */
  announce(changes: WalletChange[]): void {
    const last = new Map<number, WalletChange>();
    for (const c of changes) last.set(c.userId, c);
    for (const c of last.values()) {
      const payload: WalletChangedPayload = {
        userId: c.userId,
        balanceFen: c.balanceFen,
        type: c.type,
        amountFen: c.amountFen,
        orderNo: c.orderNo,
        at: new Date(c.at).toISOString(),
      };
      this.events
        .publish("wallet.changed", payload)
        .catch((e) => log.warn("wallet.changed not published", { error: String(e) }));
    }
  }
}

function toEntry(r: LedgerRow): LedgerEntry {
  return {
    id: Number(r.id),
    userId: r.user_id,
    username: r.username,
    type: r.type as LedgerType,
    amountFen: Number(r.amount_fen),
    balanceAfterFen: Number(r.balance_after_fen),
    orderNo: r.order_no,
    note: r.note,
    createdAt: r.created_at,
  };
}

function checkAmount(fen: number): number {
  if (!Number.isSafeInteger(fen) || fen <= 0 || fen > MAX_CHANGE_FEN) throw new DomainError("WALLET_AMOUNT_INVALID");
  return fen;
}

/** A signed yuan amount (number or numeric string), not zero, at most 2 decimals, as fen. */
function signedYuanToFen(raw: unknown): number {
  const n = typeof raw === "string" && /^\s*[-+]?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isFinite(n) || n === 0) throw new DomainError("WALLET_AMOUNT_INVALID");
  const fen = Math.round(n * 100);
  if (Math.abs(fen - n * 100) > 1e-6) throw new DomainError("WALLET_AMOUNT_INVALID", "金额最多保留两位小数");
  if (Math.abs(fen) > MAX_CHANGE_FEN) throw new DomainError("WALLET_AMOUNT_INVALID", "金额过大");
  return fen;
}

/** A business day "YYYY-MM-DD" (a valid calendar date), or undefined when not given. */
function parseDay(raw: unknown, what: string): string | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  const ok =
    typeof raw === "string" &&
    /^\d{4}-\d{2}-\d{2}$/.test(raw) &&
    !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) &&
    new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw);
  if (!ok) throw new DomainError("BAD_REQUEST", `${what}无效，格式为 YYYY-MM-DD`);
  return raw;
}

/**
 * The 站内消息 a wallet change leaves when the user did not make it on the spot (their own purchases, fees and
 * withdrawal requests they see as they make them; a withdrawal's review is told by the withdrawals domain).
 */
function walletNotice(change: MoneyChange, signedFen: number): Omit<UserNotice, "dedupeKey"> | null {
  const yuan = `¥${fenToYuan(Math.abs(signedFen)).toFixed(2)}`;
  const order = change.orderNo ? `（订单 ${change.orderNo}）` : "";
  const link = change.orderNo ? `/order/${change.orderNo}` : "/profile";
  switch (change.type) {
    case "refund":
      return {
        kind: "wallet-refund",
        title: `退款 ${yuan} 已到账`,
        body: `${yuan} 已退回您的余额${order}。${change.note ?? ""}`.trim(),
        link,
      };
    case "recharge":
      return {
        kind: "wallet-recharge",
        title: `充值 ${yuan} 已到账`,
        body: `您的充值${order}已确认，${yuan} 已加入余额。`,
        link: "/profile",
      };
    case "admin_adjust":
      return {
        kind: "wallet-adjust",
        title: signedFen > 0 ? `余额增加 ${yuan}` : `余额扣减 ${yuan}`,
        body: `管理员调整了您的余额：${signedFen > 0 ? "+" : "-"}${yuan}。${(change.note ?? "").replace(/（管理员 .*）$/, "")}`.trim(),
        link: "/profile",
      };
    default:
      return null;
  }
}
