import type { DataSource } from "typeorm";
import type { EmailService } from "../email/email.service";
import { log } from "../../common/logger";
import { DomainError } from "../../common/errors";
import { fenToYuan, likePattern, pageArgs, parseId, queryString } from "../../common/validate";
import { notifyUser } from "../certificate-checks/notify";
import type { Page } from "../../graphql/page";
import type { WalletService } from "../wallet/wallet.service";
import { parseYuanAmount } from "./payments.service";
import {
  WITHDRAW_CHANNEL_NAMES,
  WITHDRAW_CHANNELS,
  WITHDRAW_STATUSES,
  type WithdrawChannel,
  type WithdrawStatus,
} from "@gryx/contracts/orders";
import {
  approveWithdrawal,
  insertWithdrawal,
  lockUserWithdrawals,
  pendingWithdrawalCount,
  pendingWithdrawalFen,
  rejectWithdrawal,
  withdrawalById,
  withdrawalExists,
  withdrawalForMail,
  withdrawalPage,
  type Sql,
  type WithdrawalListRow,
} from "@gryx/store";

/** What withdrawals need of the wallet: a debit and a credit inside this domain's transaction, and the balance. */
export type WalletMoves = Pick<WalletService, "debit" | "credit" | "balanceFen">;

/** Smallest and largest single withdrawal, in fen (1 yuan, 50,000 yuan). */
const WITHDRAW_MIN_FEN = 100;
const WITHDRAW_MAX_FEN = 5_000_000;
/** Requests a user may have waiting for review at once. */
const WITHDRAW_MAX_PENDING = 3;

export interface WithdrawalView {
  id: number;
  withdrawNo: string;
  userId: number;
  username: string;
  amountFen: number;
  channel: WithdrawChannel;
  account: string;
  realName: string;
  status: WithdrawStatus;
  payoutRef: string | null;
  reviewNote: string | null;
  reviewedBy: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
}

export interface WithdrawInput {
  amount?: unknown;
  channel?: unknown;
  account?: unknown;
  realName?: unknown;
}

/**
 * Withdrawals (提现): the requested amount leaves the balance at once, in the same transaction as the request (ledger
 * type `withdraw`), and stays frozen while an admin reviews it. Approval records the payout (the money already left
 * the balance); rejection gives it back (`withdraw_return`). Each review moves a request only from `pending`, so two
 * admins acting at once review it once.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: DataSource,
    private readonly wallet: WalletMoves,
    private readonly businessTimeZone: string,
    /** Tells the user the result by email (template "withdrawal-reviewed"). */
    private readonly email: Pick<EmailService, "queueTemplate">,
  ) {}

  async request(userId: number, input: WithdrawInput): Promise<WithdrawalView> {
    const amountFen = parseYuanAmount(input.amount, "WITHDRAW_AMOUNT_INVALID", "提现金额");
    if (amountFen < WITHDRAW_MIN_FEN)
      throw new DomainError("WITHDRAW_AMOUNT_INVALID", `提现金额不能低于${WITHDRAW_MIN_FEN / 100}元`);
    if (amountFen > WITHDRAW_MAX_FEN)
      throw new DomainError("WITHDRAW_AMOUNT_INVALID", `单次提现不能超过${WITHDRAW_MAX_FEN / 100}元`);
    if (typeof input.channel !== "string" || !(WITHDRAW_CHANNELS as readonly string[]).includes(input.channel))
      throw new DomainError("WITHDRAW_CHANNEL_INVALID");
    const account = typeof input.account === "string" ? input.account.trim() : "";
    const realName = typeof input.realName === "string" ? input.realName.trim() : "";
    if (!/^[\x21-\x7e\u4e00-\u9fa5]{3,100}$/.test(account) || !/^[\u4e00-\u9fa5A-Za-z·. ]{2,50}$/.test(realName))
      throw new DomainError("WITHDRAW_ACCOUNT_INVALID");

    const id = await this.db.transaction(async (m) => {
      // One request at a time per user: the pending count below must not race with a concurrent request.
      await lockUserWithdrawals(m, userId);
      if ((await pendingWithdrawalCount(m, userId)) >= WITHDRAW_MAX_PENDING)
        throw new DomainError("WITHDRAW_TOO_MANY_PENDING");
      const row = await insertWithdrawal(m, {
        timeZone: this.businessTimeZone,
        userId,
        amountFen,
        channel: input.channel as string,
        account,
        realName,
      });
      await this.wallet.debit(
        userId,
        amountFen,
        {
          type: "withdraw",
          orderNo: row.withdraw_no,
          note: `提现申请（${channelName(input.channel as WithdrawChannel)}）`,
        },
        m,
      );
      return row.id;
    });
    return this.get(id);
  }

  /** Approves a pending request: the payout was made (by the admin, outside the site); `payoutRef` records it. */
  async approve(admin: string, rawId: unknown, rawRef: unknown): Promise<WithdrawalView> {
    const id = parseId(rawId, "提现ID");
    const ref = typeof rawRef === "string" ? rawRef.trim().slice(0, 100) : "";
    await this.db.transaction(async (m) => {
      const r = await approveWithdrawal(m, id, ref || null, admin);
      if (!r) return this.whyNotPending(id, m);
      const yuan = `¥${fenToYuan(Number(r.amount_fen)).toFixed(2)}`;
      await notifyUser(m, r.user_id, {
        kind: "withdraw-approved",
        title: `提现 ${yuan} 已通过`,
        body: `您的提现申请 ${r.withdraw_no}（${yuan}）已审核通过，款项已打出，请留意收款账户。${ref ? `\n打款单号：${ref}` : ""}`,
        link: "/profile",
        dedupeKey: `withdraw:${id}`,
      });
    });
    await this.tellReviewed(id);
    return this.get(id);
  }

  /** Rejects a pending request and returns the amount to the wallet, in one transaction. A reason is required. */
  async reject(admin: string, rawId: unknown, rawReason: unknown): Promise<WithdrawalView> {
    const id = parseId(rawId, "提现ID");
    const reason = typeof rawReason === "string" ? rawReason.trim().slice(0, 200) : "";
    if (!reason) throw new DomainError("WALLET_REASON_REQUIRED", "请填写驳回原因");
    await this.db.transaction(async (m) => {
      const r = await rejectWithdrawal(m, id, reason, admin);
      if (!r) return this.whyNotPending(id, m);
      await this.wallet.credit(
        r.user_id,
        Number(r.amount_fen),
        { type: "withdraw_return", orderNo: r.withdraw_no, note: `提现被驳回：${reason}` },
        m,
      );
      const yuan = `¥${fenToYuan(Number(r.amount_fen)).toFixed(2)}`;
      await notifyUser(m, r.user_id, {
        kind: "withdraw-rejected",
        title: `提现 ${yuan} 被驳回`,
        body: `您的提现申请 ${r.withdraw_no}（${yuan}）未通过审核，金额已退回余额。\n原因：${reason}`,
        link: "/profile",
        dedupeKey: `withdraw:${id}`,
      });
    });
    await this.tellReviewed(id);
    return this.get(id);
  }

  /** The reviewed request's owner gets an email when they have an address; a mail failure never undoes the review. */
  private async tellReviewed(id: number): Promise<void> {
    const r = await withdrawalForMail(this.db, id);
    if (!r?.email || (r.status !== "approved" && r.status !== "rejected")) return;
    await this.email
      .queueTemplate(
        "withdrawal-reviewed",
        r.email,
        {
          username: r.username,
          withdraw_no: r.withdraw_no,
          amount: (Number(r.amount_fen) / 100).toFixed(2),
          result: r.status === "approved" ? "审核通过" : "被驳回",
          reason: r.review_note ?? "",
        },
        { userId: r.user_id },
      )
      .catch((e) => log.warn("withdrawal review mail not queued", { id, error: (e as Error).message }));
  }

  /** The user's own requests, newest first, and what is frozen in pending ones. */
  async mine(userId: number, args: { page?: unknown; pageSize?: unknown }): Promise<Page<WithdrawalView>> {
    return this.page({ ...args, userId });
  }

  /** Fen held in the user's pending requests. */
  async frozenFen(userId: number): Promise<number> {
    return pendingWithdrawalFen(this.db, userId);
  }

  /** Every request (admin): filter by status, search by number, user id or username. */
  adminList(args: {
    page?: unknown;
    pageSize?: unknown;
    status?: unknown;
    search?: unknown;
  }): Promise<Page<WithdrawalView>> {
    return this.page(args);
  }

  private async page(args: {
    page?: unknown;
    pageSize?: unknown;
    status?: unknown;
    search?: unknown;
    userId?: number;
  }): Promise<Page<WithdrawalView>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const status = queryString(args.status ?? undefined, 16);
    if (status && !(WITHDRAW_STATUSES as readonly string[]).includes(status))
      throw new DomainError("PAYMENT_ORDER_STATUS_INVALID");
    const search = queryString(args.search ?? undefined, 64)?.trim();
    const { rows, total } = await withdrawalPage(
      this.db,
      { userId: args.userId, status, search: search ? { text: search, like: likePattern(search) } : undefined },
      pageSize,
      offset,
    );
    return { items: rows.map(view), total, page, pageSize };
  }

  private async get(id: number): Promise<WithdrawalView> {
    const row = await withdrawalById(this.db, id);
    if (!row) throw new DomainError("WITHDRAW_NOT_FOUND");
    return view(row);
  }

  /** Why a review found no pending request; `q` is the review's transaction when there is one (never the pool then). */
  private async whyNotPending(id: number, q: Sql = this.db): Promise<never> {
    throw new DomainError((await withdrawalExists(q, id)) ? "WITHDRAW_NOT_PENDING" : "WITHDRAW_NOT_FOUND");
  }
}

const channelName = (c: WithdrawChannel) => WITHDRAW_CHANNEL_NAMES[c];

function view(r: WithdrawalListRow): WithdrawalView {
  return {
    id: r.id,
    withdrawNo: r.withdraw_no,
    userId: r.user_id,
    username: r.username,
    amountFen: Number(r.amount_fen),
    channel: r.channel as WithdrawChannel,
    account: r.account,
    realName: r.real_name,
    status: r.status as WithdrawStatus,
    payoutRef: r.payout_ref,
    reviewNote: r.review_note,
    reviewedBy: r.reviewed_by,
    createdAt: r.created_at,
    reviewedAt: r.reviewed_at,
  };
}
