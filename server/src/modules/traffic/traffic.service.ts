import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DataSource } from "typeorm";
import {
  downloadGrantByNonce,
  downloadItem,
  insertDownloadGrant,
  liveDownloadGrant,
  setDownloadGrantOrder,
  type DownloadItemRow,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { parseId } from "../../common/validate";
import type { PurchasesService } from "../purchases/purchases.service";
import { parseFeesUpdate, type StoredFees } from "../settings/settings.sections";
import type { SettingsService } from "../settings/settings.service";
import type { OrdersService } from "../wallet/orders.service";
import type { WalletService } from "../wallet/wallet.service";
import { trafficFee, trafficFeeForMB, type TrafficFeeRule } from "./traffic-fee";

/** The downloads that carry a traffic fee. */
const DOWNLOAD_KINDS = ["dylib", "resource-share"] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** A quote is good for this long; a paid grant lets its holder download for this long. */
const QUOTE_TTL_MS = 5 * 60_000;
const GRANT_TTL_MS = 10 * 60_000;

interface DownloadUser {
  id: number;
  role: string;
}

/** The fee of one download, shown before charging. `quoteId` (null when free) is what the confirm charges. */
export interface DownloadQuote {
  kind: DownloadKind;
  itemId: number;
  itemName: string;
  sizeBytes: number;
  feeFen: number;
  rule: TrafficFeeRule;
  quoteId: string | null;
  expiresAt: Date | null;
}

/** A paid traffic fee: `token` opens the download until `expiresAt`. `charged` is false when the quote was paid before. */
export interface DownloadGrant {
  kind: DownloadKind;
  itemId: number;
  token: string;
  feeFen: number;
  orderNo: string;
  expiresAt: Date;
  charged: boolean;
}

interface QuoteClaims {
  userId: number;
  kind: DownloadKind;
  itemId: number;
  feeFen: number;
  exp: number;
  nonce: string;
}

const b64 = (s: string) => Buffer.from(s).toString("base64url");
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * Traffic fees (流量费) of dylib and resource-share downloads. The fee comes from `trafficFee` (traffic-fee.ts) over
 * the item's file size, its own traffic_fee and the fee settings. A quote is signed (user, item, fee, expiry, nonce)
 * and stores nothing; confirming it is one transaction that inserts the grant (unique per quote nonce, so concurrent
 * or repeated confirms of one quote charge once), the `traffic` order (fulfilled) and the wallet debit; a short
 * balance rolls all of it back. The download endpoints ask `authorize`, which wants a live grant of that user and
 * item whenever the fee is not 0. Admins download without a traffic fee.
 */
export class TrafficService {
  private readonly key: Buffer;

  constructor(
    private readonly db: DataSource,
    private readonly settings: SettingsService,
    private readonly orders: OrdersService,
    private readonly wallet: WalletService,
    private readonly purchases: PurchasesService,
    secret: string,
  ) {
    this.key = createHmac("sha256", secret).update("gryx traffic-fee quotes v1").digest();
  }

  parseKind(raw: unknown): DownloadKind {
    if (typeof raw !== "string" || !(DOWNLOAD_KINDS as readonly string[]).includes(raw))
      throw new DomainError("TRAFFIC_KIND_INVALID");
    return raw as DownloadKind;
  }

  /** The fee of downloading an item now, with the quote to confirm when it is not free. */
  async quote(user: DownloadUser, rawKind: unknown, rawId: unknown): Promise<DownloadQuote> {
    const kind = this.parseKind(rawKind);
    const itemId = parseId(rawId, "资源ID");
    const item = await this.item(kind, itemId, user);
    const sizeBytes = Number(item.file_size);
    const fee =
      user.role === "admin"
        ? { fen: 0, rule: "free" as const }
        : trafficFee(sizeBytes, await this.settings.getFeesFen(), item.traffic_fee);
    const base = { kind, itemId, itemName: item.name, sizeBytes, feeFen: fee.fen, rule: fee.rule };
    if (fee.fen === 0) return { ...base, quoteId: null, expiresAt: null };
    const exp = Date.now() + QUOTE_TTL_MS;
    const claims: QuoteClaims = {
      userId: user.id,
      kind,
      itemId,
      feeFen: fee.fen,
      exp,
      nonce: randomBytes(16).toString("hex"),
    };
    const body = b64(JSON.stringify(claims));
    return { ...base, quoteId: `${body}.${this.sign(`quote:${body}`)}`, expiresAt: new Date(exp) };
  }

  /**
   * Pays a quote: the fee it shows, once. Repeating the confirm (or confirming concurrently) returns the same grant
   * without charging again. WALLET_INSUFFICIENT_BALANCE charges nothing.
   */
  async confirm(user: DownloadUser, rawQuote: unknown): Promise<DownloadGrant> {
    const q = this.verifyQuote(user, rawQuote);
    const token = this.sign(`grant:${q.nonce}`);
    const tokenHash = sha256(token);
    const existing = await this.grantByNonce(q, token);
    if (existing) return existing;
    if (q.exp <= Date.now()) throw new DomainError("TRAFFIC_QUOTE_EXPIRED");
    const item = await this.item(q.kind, q.itemId, user);
    if (item.resource_fee > 0 && !(await this.purchases.hasPurchased(user.id, q.kind, q.itemId)))
      throw new DomainError("CATALOG_NOT_PURCHASED", "该资源为付费资源，请先购买后再下载");
    const created = await this.db.transaction(async (m) => {
      // The unique nonce serialises confirms of one quote: a second insert waits for the first transaction and then
      // does nothing if it committed (or goes on if it rolled back, e.g. for a short balance).
      const grant = await insertDownloadGrant(m, {
        userId: user.id,
        kind: q.kind,
        itemId: q.itemId,
        quoteNonce: q.nonce,
        tokenHash,
        feeFen: q.feeFen,
        ttlSeconds: GRANT_TTL_MS / 1000,
      });
      if (!grant) return null;
      const name = item.name.slice(0, 180);
      const order = await this.orders.createFulfilled(
        user.id,
        {
          kind: "traffic",
          amountFen: q.feeFen,
          itemId: q.itemId,
          itemName: `${name}（流量费）`,
          payMethod: "wallet",
          note: q.kind,
        },
        m,
      );
      await this.wallet.debit(
        user.id,
        q.feeFen,
        { type: "traffic", orderNo: order.orderNo, note: `流量费 ${name}` },
        m,
      );
      await setDownloadGrantOrder(m, grant.id, order.orderNo);
      return {
        kind: q.kind,
        itemId: q.itemId,
        token,
        feeFen: q.feeFen,
        orderNo: order.orderNo,
        expiresAt: grant.expires_at,
        charged: true,
      };
    });
    return created ?? (await this.grantByNonce(q, token))!;
  }

  /**
   * Whether `user` may download the item as far as the traffic fee goes: yes for admins and free downloads,
   * otherwise only with the token of a live grant for this user and item (TRAFFIC_GRANT_REQUIRED).
   */
  async authorize(user: DownloadUser, kind: DownloadKind, rawId: unknown, rawGrant: unknown): Promise<void> {
    if (user.role === "admin") return;
    const itemId = parseId(rawId, "资源ID");
    const item = await downloadItem(this.db, kind, itemId);
    if (!item) return; // the download itself answers "not found"
    if (trafficFee(Number(item.file_size), await this.settings.getFeesFen(), item.traffic_fee).fen === 0) return;
    if (typeof rawGrant === "string" && rawGrant.length > 0 && rawGrant.length <= 200) {
      if (await liveDownloadGrant(this.db, sha256(rawGrant), user.id, kind, itemId)) return;
    }
    throw new DomainError("TRAFFIC_GRANT_REQUIRED");
  }

  /**
   * The admin settings' live example: the fee of a download of `sizeMB` under the stored fee settings, or under
   * the given (unsaved, yuan) fields laid over them.
   */
  async example(
    rawSizeMB: unknown,
    overrides?: Record<string, unknown>,
  ): Promise<{ sizeMB: number; feeFen: number; rule: TrafficFeeRule }> {
    const sizeMB = typeof rawSizeMB === "number" ? rawSizeMB : Number.NaN;
    if (!Number.isFinite(sizeMB) || sizeMB < 0 || sizeMB > 1_048_576) throw new DomainError("TRAFFIC_SIZE_INVALID");
    const stored = await this.settings.getFeesFen();
    const given =
      overrides && Object.values(overrides).some((v) => v !== undefined && v !== null)
        ? parseFeesUpdate(withoutNulls(overrides))
        : {};
    const fees: StoredFees = { ...stored, ...given };
    const fee = trafficFeeForMB(sizeMB, fees);
    return { sizeMB, feeFen: fee.fen, rule: fee.rule };
  }

  private async item(kind: DownloadKind, id: number, user: DownloadUser): Promise<DownloadItemRow> {
    const row = await downloadItem(this.db, kind, id);
    if (!row || (!row.is_active && user.role !== "admin")) throw new DomainError("CATALOG_ITEM_NOT_FOUND");
    if (!row.file_key) throw new DomainError("CATALOG_NO_DOWNLOADABLE_FILE");
    return row;
  }

  private async grantByNonce(q: QuoteClaims, token: string): Promise<DownloadGrant | null> {
    const g = await downloadGrantByNonce(this.db, q.nonce, q.userId);
    return g
      ? {
          kind: q.kind,
          itemId: q.itemId,
          token,
          feeFen: Number(g.fee_fen),
          orderNo: g.order_no,
          expiresAt: g.expires_at,
          charged: false,
        }
      : null;
  }

  private sign(data: string): string {
    return createHmac("sha256", this.key).update(data).digest("base64url");
  }

  private verifyQuote(user: DownloadUser, raw: unknown): QuoteClaims {
    const invalid = () => new DomainError("TRAFFIC_QUOTE_INVALID");
    if (typeof raw !== "string" || raw.length > 1000) throw invalid();
    const [body, sig, extra] = raw.split(".");
    if (!body || !sig || extra !== undefined) throw invalid();
    const want = Buffer.from(this.sign(`quote:${body}`));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) throw invalid();
    let c: QuoteClaims;
    try {
      c = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      throw invalid();
    }
    if (
      c.userId !== user.id ||
      !(DOWNLOAD_KINDS as readonly string[]).includes(c.kind) ||
      !Number.isSafeInteger(c.feeFen) ||
      c.feeFen <= 0 ||
      typeof c.nonce !== "string"
    )
      throw invalid();
    return c;
  }
}

function withoutNulls(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));
}
