import type { DataSource, EntityManager } from "typeorm";
import {
  certPlanPrice,
  CARD_KEY_KINDS,
  cardKey,
  cardKeyBatch,
  cardKeyBatchCount,
  cardKeyBatches,
  cardKeysOfBatch,
  cardKeyState,
  claimCardKey,
  insertCardKeyBatch,
  setCardKeyBatchDisabled,
  setCardKeyDisabled,
  type CardKeyBatchRow,
  type CardKeyKind,
  type CardKeyRow,
  type CardKeyStatus,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import type { RateCounter } from "../../common/rate-limit";
import { MAX_YUAN, pageArgs, parseId } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { WalletService } from "../wallet/wallet.service";
import { CodeHasher, codeHint, randomCodeBody, withPrefix } from "./codes";

/** What card keys need of the wallet: a credit inside this domain's transaction. */
export type WalletCredit = Pick<WalletService, "credit" | "balanceFen">;

const MAX_BATCH = 10_000;
/**
 * Redemption attempts per window, counted before the code is looked at (so concurrent guesses cannot slip past);
 * a successful redemption takes its hits back, so only failures use up the allowance.
 */
const REDEEM_LIMIT = { perUser: 10, perIp: 30, windowSeconds: 600 };

export interface GenerateInput {
  kind?: unknown;
  /** A certificate key's mall price plan (its price is the key's face value). */
  planId?: unknown;
  amount?: unknown;
  count?: unknown;
  prefix?: unknown;
  expiresAt?: unknown;
}

export interface BatchView {
  id: number;
  kind: CardKeyKind;
  /** The mall price plan a certificate key is redeemed for. */
  planId: number | null;
  amountFen: number;
  count: number;
  prefix: string;
  expiresAt: Date | null;
  disabled: boolean;
  createdBy: string | null;
  createdAt: Date;
  redeemedCount: number;
  disabledCount: number;
}

export interface CardKeyView {
  id: number;
  batchId: number;
  hint: string;
  status: CardKeyStatus;
  disabled: boolean;
  redeemedBy: number | null;
  redeemedByUsername: string | null;
  redeemedAt: Date | null;
}

export interface Redemption {
  batchId: number;
  kind: CardKeyKind;
  amountFen: number;
  balanceFen: number;
}

/** Chinese names of the statuses (CSV export). */
export const CARD_KEY_STATUS_NAMES: Record<CardKeyStatus, string> = {
  unused: "未使用",
  redeemed: "已兑换",
  disabled: "已停用",
  expired: "已过期",
};

/**
 * Card keys (卡密): admins generate batches of one-time codes; a logged-in user redeems a code once. A balance key's
 * redemption marks the code and credits the wallet in one transaction; the conditional UPDATE makes concurrent
 * redemptions of one code end with exactly one success.
 */
export class CardKeysService {
  private readonly hasher: CodeHasher;

  constructor(
    private readonly db: DataSource,
    private readonly wallet: WalletCredit,
    private readonly rates: RateCounter,
    secret: string,
  ) {
    this.hasher = new CodeHasher(secret);
  }

  /** A new batch and its plain codes (returned only here; the database keeps their hashes). */
  async generate(adminId: number | null, input: GenerateInput): Promise<{ batch: BatchView; codes: string[] }> {
    const kind = parseKind(input.kind);
    let planId: number | null = null;
    let amountFen: number;
    if (kind === "certificate") {
      // A certificate key is worth its plan: the mall's price of the plan it is redeemed for.
      if (input.planId === undefined || input.planId === null || input.planId === "")
        throw new DomainError("CARD_KEY_KIND_INVALID", "证书卡密须选择价格方案");
      planId = parseId(input.planId, "价格方案ID");
      const priceFen = await certPlanPrice(this.db, planId);
      if (priceFen === undefined) throw new DomainError("CARD_KEY_KIND_INVALID", "证书卡密须选择一个存在的价格方案");
      amountFen = Number(priceFen);
    } else amountFen = parseAmount(input.amount);
    const count = parseCount(input.count);
    const prefix = parsePrefix(input.prefix);
    const expiresAt = parseExpiry(input.expiresAt);

    const bodies = new Set<string>();
    while (bodies.size < count) bodies.add(randomCodeBody());
    const codes = [...bodies].map((b) => withPrefix(prefix, b));
    const hashes = codes.map((c) => this.hasher.hash(c));
    const hints = [...bodies].map((b) => codeHint(prefix, b));

    const id = await this.db.transaction((m) =>
      insertCardKeyBatch(m, { kind, amountFen, prefix, expiresAt, createdBy: adminId, planId, hashes, hints }),
    );
    return { batch: await this.batch(id), codes };
  }

  /**
   * Redeems a code for a user: counts the attempt against the user's and the address's limits, then in one
   * transaction marks the code redeemed (only if unused, enabled, its batch enabled and not expired) and credits the
   * wallet. A refusal says why (CARD_KEY_NOT_FOUND/USED/DISABLED/EXPIRED) and changes nothing.
   */
  async redeem(userId: number, ip: string, rawCode: unknown): Promise<Redemption> {
    return this.claim(userId, ip, rawCode, "balance", async (m, r) => {
      const change = await this.wallet.credit(
        userId,
        r.amountFen,
        { type: "card_key", note: `卡密兑换 ${r.hint}（批次 ${r.batchId}）` },
        m,
      );
      return { batchId: r.batchId, kind: "balance" as const, amountFen: r.amountFen, balanceFen: change.balanceFen };
    });
  }

  /**
   * Redeems a certificate key (the mall's 卡密兑换): the same limits and checks as a balance key; `then` runs in the
   * transaction that marks the code used (the mall opens the order there), so a refusal of either undoes both.
   */
  async redeemCertificate<T>(
    userId: number | null,
    ip: string,
    rawCode: unknown,
    then: (m: EntityManager, key: { batchId: number; planId: number | null; hint: string }) => Promise<T>,
  ): Promise<T> {
    return this.claim(userId, ip, rawCode, "certificate", (m, r) =>
      then(m, { batchId: r.batchId, planId: r.planId, hint: r.hint }),
    );
    // (A guest, userId null, is limited by address alone; the code is marked redeemed without an account.)
  }

  private async claim<T>(
    userId: number | null,
    ip: string,
    rawCode: unknown,
    kind: CardKeyKind,
    then: (
      m: EntityManager,
      r: { batchId: number; planId: number | null; amountFen: number; hint: string },
    ) => Promise<T>,
  ): Promise<T> {
    const keys = [...(userId === null ? [] : [`card-key:user:${userId}`]), `card-key:ip:${ip}`];
    const hits = await Promise.all(keys.map((k) => this.rates.hit(k, REDEEM_LIMIT.windowSeconds)));
    const over = hits.filter(
      (h, i) => h.count > (i === 0 && userId !== null ? REDEEM_LIMIT.perUser : REDEEM_LIMIT.perIp),
    );
    if (over.length)
      throw new DomainError("RATE_LIMITED", "兑换尝试过于频繁，请稍后再试", {
        retryAfter: Math.max(...over.map((h) => h.retryAfter)),
      });

    const code = typeof rawCode === "string" ? rawCode.trim() : "";
    if (!code) throw new DomainError("CARD_KEY_NOT_FOUND", "请输入卡密");
    if (code.length > 80) throw new DomainError("CARD_KEY_NOT_FOUND");
    const hash = this.hasher.hash(code);

    const result = await this.db.transaction(async (m) => {
      const r = await claimCardKey(m, hash, userId, kind);
      if (!r) return { none: true as const };
      return {
        none: false as const,
        value: await then(m, { batchId: r.batch_id, planId: r.plan_id, amountFen: r.amount_fen, hint: r.hint }),
      };
    });
    if (result.none) throw await this.refusal(hash, kind);
    await Promise.all(keys.map((k) => this.rates.undo(k)));
    return result.value;
  }

  /** Why a code could not be redeemed (read after the conditional update found nothing). */
  private async refusal(hash: string, kind: CardKeyKind): Promise<DomainError> {
    const row = await cardKeyState(this.db, hash);
    if (!row) return new DomainError("CARD_KEY_NOT_FOUND");
    if (row.kind !== kind)
      return new DomainError(
        "CARD_KEY_KIND_INVALID",
        row.kind === "certificate" ? "这是证书卡密，请在证书商城选择设备后兑换" : "这是余额卡密，请在个人主页兑换",
      );
    if (row.redeemed) return new DomainError("CARD_KEY_USED");
    if (row.disabled) return new DomainError("CARD_KEY_DISABLED");
    if (row.expired) return new DomainError("CARD_KEY_EXPIRED");
    return new DomainError("CARD_KEY_USED"); // changed between the two statements: another request took it
  }

  // ---- back office -------------------------------------------------------------------------------------------

  async listBatches(f: { page?: unknown; pageSize?: unknown }): Promise<Page<BatchView>> {
    const { page, pageSize } = pageArgs(f.page, f.pageSize);
    const rows = await cardKeyBatches(this.db, pageSize, (page - 1) * pageSize);
    return { items: rows.map(batchView), total: await cardKeyBatchCount(this.db), page, pageSize };
  }

  async batch(rawId: unknown): Promise<BatchView> {
    const id = parseId(rawId, "批次ID");
    const row = await cardKeyBatch(this.db, id);
    if (!row) throw new DomainError("CARD_KEY_BATCH_NOT_FOUND");
    return batchView(row);
  }

  /** A batch's codes (hint, status, who redeemed and when), in generation order. */
  async listCodes(rawBatchId: unknown, f: { page?: unknown; pageSize?: unknown }): Promise<Page<CardKeyView>> {
    const batch = await this.batch(rawBatchId);
    const { page, pageSize } = pageArgs(f.page, f.pageSize, { pageSize: 20, maxPageSize: 200 });
    const rows = await cardKeysOfBatch(this.db, batch.id, { limit: pageSize, offset: (page - 1) * pageSize });
    return { items: rows.map(codeView), total: batch.count, page, pageSize };
  }

  /** Every code of a batch, for the CSV export (hints and status; the plain codes are not stored). */
  async allCodes(rawBatchId: unknown): Promise<{ batch: BatchView; codes: CardKeyView[] }> {
    const batch = await this.batch(rawBatchId);
    const rows = await cardKeysOfBatch(this.db, batch.id);
    return { batch, codes: rows.map(codeView) };
  }

  /** Disables (or enables again) a whole batch: its unredeemed codes stop (or start) working at once. */
  async setBatchDisabled(rawId: unknown, disabled: boolean): Promise<BatchView> {
    const id = parseId(rawId, "批次ID");
    if (!(await setCardKeyBatchDisabled(this.db, id, disabled))) throw new DomainError("CARD_KEY_BATCH_NOT_FOUND");
    return this.batch(id);
  }

  /** Disables (or enables again) one code. A redeemed code stays redeemed. */
  async setCodeDisabled(rawId: unknown, disabled: boolean): Promise<CardKeyView> {
    const id = parseId(rawId, "卡密ID");
    if (!(await setCardKeyDisabled(this.db, id, disabled))) throw new DomainError("CARD_KEY_NOT_FOUND");
    return codeView((await cardKey(this.db, id))!);
  }
}

function batchView(r: CardKeyBatchRow): BatchView {
  return {
    id: r.id,
    kind: r.kind,
    planId: r.plan_id ?? null,
    amountFen: Number(r.amount_fen),
    count: r.count,
    prefix: r.prefix,
    expiresAt: r.expires_at,
    disabled: r.disabled,
    createdBy: r.created_by ?? null,
    createdAt: r.created_at,
    redeemedCount: r.redeemed_count,
    disabledCount: r.disabled_count,
  };
}

function codeView(r: CardKeyRow): CardKeyView {
  return {
    id: r.id,
    batchId: r.batch_id,
    hint: r.hint,
    status: r.status,
    disabled: r.disabled,
    redeemedBy: r.redeemed_by,
    redeemedByUsername: r.redeemed_by_username ?? null,
    redeemedAt: r.redeemed_at,
  };
}

function parseKind(raw: unknown): CardKeyKind {
  if (raw === undefined || raw === null || raw === "") return "balance";
  if (!(CARD_KEY_KINDS as readonly unknown[]).includes(raw)) throw new DomainError("CARD_KEY_KIND_INVALID");
  return raw as CardKeyKind;
}

/** The value of a balance key in yuan: above zero, at most two decimals and MAX_YUAN. Returns fen. */
function parseAmount(raw: unknown): number {
  const n = typeof raw === "string" && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isFinite(n))
    throw new DomainError("CARD_KEY_AMOUNT_INVALID", "面额无效，请输入数字");
  if (n <= 0) throw new DomainError("CARD_KEY_AMOUNT_INVALID", "面额必须大于0");
  if (n > MAX_YUAN) throw new DomainError("CARD_KEY_AMOUNT_INVALID", `面额不能超过${MAX_YUAN}元`);
  const fen = Math.round(n * 100);
  if (Math.abs(fen - n * 100) > 1e-6 * Math.max(1, n))
    throw new DomainError("CARD_KEY_AMOUNT_INVALID", "面额最多保留两位小数");
  return fen;
}

function parseCount(raw: unknown): number {
  const n = typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_BATCH)
    throw new DomainError("CARD_KEY_COUNT_INVALID");
  return n;
}

function parsePrefix(raw: unknown): string {
  if (raw === undefined || raw === null || raw === "") return "";
  if (typeof raw !== "string") throw new DomainError("CARD_KEY_PREFIX_INVALID");
  const p = raw.trim().toUpperCase();
  if (!/^[A-Z0-9]{0,8}$/.test(p)) throw new DomainError("CARD_KEY_PREFIX_INVALID");
  return p;
}

function parseExpiry(raw: unknown): Date | null {
  if (raw === undefined || raw === null || raw === "") return null;
  const d = raw instanceof Date ? raw : typeof raw === "string" || typeof raw === "number" ? new Date(raw) : null;
  if (!d || Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) throw new DomainError("CARD_KEY_EXPIRY_INVALID");
  return d;
}
