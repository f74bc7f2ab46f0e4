import { createHmac, timingSafeEqual } from "node:crypto";
import { DomainError } from "../../common/errors";
import { drawIcon, PALETTES } from "../../common/icon-art";
import type { RateCounter } from "../../common/rate-limit";
import { parseId } from "../../common/validate";
import type { AppsService } from "../apps/apps.service";
import { normalizeUdid } from "../devices/profile-service";
import type { SettingsService } from "../settings/settings.service";
import { DEFAULT_ICON_FILE } from "../storage/default-icon";
import { normalizeImagePath } from "../catalog/catalog-items";
import { CODE_ALPHABET, canonicalCode } from "../card-keys/codes";
import { altstoreFeed, esignFeed, type FeedApp, type FeedLinks, type FeedSite } from "./feeds";
import {
  appIdsBought,
  appsBought,
  esignUnlockedDevices,
  esignUnlockedUser,
  feedApps,
  feedBuildVersion,
  feedCategoryIds,
  feedLinkEpoch,
  hasPurchased,
  nextFeedLinkEpoch,
  upsertEsignUnlock,
  userEnabled,
  type Sql,
} from "@gryx/store";

/** ESign unlock attempts: per address and per device, each window. */
const UNLOCK_LIMIT = { perAddress: 30, perDevice: 10, windowSeconds: 600 };
/** Per-device ESign documents an address may ask for, each window. */
const DEVICE_FEED_LIMIT = { count: 60, windowSeconds: 60 };
/** Public feed documents kept per kind and origin (oldest dropped first). */
const MEMO_ORIGINS = 8;
/** Characters of an unlock code after the account number (12 × log2(31) ≈ 59 bits, behind the rate limit). */
const UNLOCK_CODE_CHARS = 12;

/** What an IPA link opens: one app's package, for nobody in particular (a free app) or for one account (bought). */
export interface FeedIpa {
  key: string;
  size: number;
  filename: string;
  appId: number;
}

/** The answer ESign shows after an unlock: `code` 1 = unlocked, 0 = refused; `msg` is shown to the user. */
export interface EsignUnlockAnswer {
  code: 0 | 1;
  success: boolean;
  msg: string;
}

const b64url = (b: Buffer) => b.toString("base64url");

/**
 * The published feeds (`/sources/altstore.json`, `/sources/esign.json`): our catalogue as sources real clients load,
 * the direct IPA links in them (long-lived, signed under a key with the admin's `link_epoch`, so 重置下载链接 revokes
 * every one; each download counted on the app), the generated source icon, and ESign's unlock (`/sources/esign/unlock`).
 */
export class SourceFeedsService {
  private readonly secret: Buffer;
  private icon: Buffer | null = null;
  private readonly memo = new Map<string, { version: string; body: Promise<string> }>();

  constructor(
    private readonly db: Sql,
    private readonly settings: SettingsService,
    private readonly apps: AppsService,
    private readonly rates: RateCounter,
    secret: string,
  ) {
    this.secret = createHmac("sha256", secret).update("gryx source feeds v1").digest();
  }

  // ---- the documents -----------------------------------------------------------------------------------------------

  /** The AltStore document as JSON text (built once per content version and origin, see `memoised`). */
  altstore(origin: string): Promise<string> {
    return this.memoised("altstore", origin, async () => {
      const [site, apps, links] = await Promise.all([this.site(origin), this.catalogue(), this.links(origin)]);
      return altstoreFeed(site, apps, links);
    });
  }

  /**
   * The ESign document as JSON text; with the UDID ESign sends (`?udid=`), the paid apps its unlocked account owns are
   * open (built for that request, at most DEVICE_FEED_LIMIT a minute per address); without, the public one (memoised
   * like AltStore's).
   */
  async esign(origin: string, rawUdid: unknown, address: string): Promise<string> {
    const build = async (udid: unknown) => {
      const [site, apps, links, unlocked] = await Promise.all([
        this.site(origin),
        this.catalogue(),
        this.links(origin),
        this.unlockedFor(udid),
      ]);
      return esignFeed(site, apps, links, unlocked);
    };
    // A per-device document is built for its request: an address asking for more than its share gets the public one.
    if (
      rawUdid !== undefined &&
      (await this.rates.hit(`esign-feed:ip:${address}`, DEVICE_FEED_LIMIT.windowSeconds)).count <=
        DEVICE_FEED_LIMIT.count
    )
      return JSON.stringify(await build(rawUdid));
    return this.memoised("esign", origin, () => build(undefined));
  }

  /**
   * A public feed's JSON, built once while what it is made of stays the same: the content versions of apps,
   * categories and settings (every admin change bumps them) and the feed row (categories, link epoch). Concurrent
   * requests share one build; a few origins are kept (the request's Host header picks the origin without PUBLIC_URL).
   */
  private async memoised(kind: "altstore" | "esign", origin: string, build: () => Promise<object>): Promise<string> {
    const v = await feedBuildVersion(this.db);
    const key = `${kind} ${origin}`;
    const hit = this.memo.get(key);
    if (hit && hit.version === v) return hit.body;
    const body = build().then((doc) => JSON.stringify(doc));
    this.memo.delete(key);
    this.memo.set(key, { version: v, body });
    if (this.memo.size > MEMO_ORIGINS) this.memo.delete(this.memo.keys().next().value!);
    body.catch(() => this.memo.get(key)?.body === body && this.memo.delete(key));
    return body;
  }

  private async site(origin: string): Promise<FeedSite> {
    const s = await this.settings.getSite();
    return { origin, name: s.siteName, logo: s.siteLogo, description: s.seoDescription };
  }

  /** The active apps of the categories the feeds carry (software_source_feed.category_ids, empty = all). */
  private async catalogue(): Promise<FeedApp[]> {
    const rows = await feedApps(this.db, await feedCategoryIds(this.db));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      iconPath: r.icon_path,
      version: r.version,
      versionDate: r.version_date,
      sizeBytes: Number(r.size),
      description: r.description,
      bundleId: r.bundle_id,
      priceFen: r.price,
      developer: r.developer,
      categoryName: r.category_name,
      categoryDisplay: r.category_display,
      minOsVersion: r.min_os_version,
      hasPackage: r.has_package,
    }));
  }

  private async links(origin: string): Promise<FeedLinks> {
    const [key, site] = await Promise.all([this.linkKey(), this.settings.getSite()]);
    const abs = (p: string) => {
      if (!p) return "";
      try {
        const u = new URL(normalizeImagePath(p), origin);
        return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : "";
      } catch {
        return "";
      }
    };
    return {
      abs,
      sourceIcon: abs(site.siteLogo) || `${origin}/sources/icon.png`,
      defaultAppIcon: `${origin}/uploads/${DEFAULT_ICON_FILE}`,
      ipa: (appId, userId) => `${origin}/sources/ipa/${appId}/${this.linkToken(key, appId, userId ?? 0)}.ipa`,
    };
  }

  // ---- direct IPA links --------------------------------------------------------------------------------------------

  /** The key links are signed with now: the server's secret and the admin's link epoch. */
  private async linkKey(): Promise<Buffer> {
    return createHmac("sha256", this.secret)
      .update(`links:${await feedLinkEpoch(this.db)}`)
      .digest();
  }

  /** `<userId>.<HMAC(app, user)>`: userId 0 for a free app's link. */
  private linkToken(key: Buffer, appId: number, userId: number): string {
    return `${userId}.${b64url(createHmac("sha256", key).update(`ipa:${appId}:${userId}`).digest())}`;
  }

  /**
   * The package an IPA link opens, checked now: the link's signature under the current epoch, the app active with a
   * package, and free (a link without an account) or owned by the link's account. Anything else is "not found".
   */
  async ipa(rawAppId: unknown, rawFile: unknown): Promise<FeedIpa> {
    const notFound = () => new DomainError("SOURCE_LINK_INVALID");
    const appId = parseId(rawAppId, "应用ID");
    const m = typeof rawFile === "string" ? /^(\d{1,10})\.([A-Za-z0-9_-]{43})(?:\.ipa)?$/.exec(rawFile) : null;
    if (!m) throw notFound();
    const userId = Number(m[1]);
    const want = Buffer.from(this.linkToken(await this.linkKey(), appId, userId).split(".")[1]);
    const got = Buffer.from(m[2]);
    if (want.length !== got.length || !timingSafeEqual(want, got)) throw notFound();
    const pkg = await this.apps.package(appId);
    if (!pkg) throw notFound();
    if (pkg.priceFen > 0) {
      if (userId === 0) throw notFound();
      if (!(await hasPurchased(this.db, userId, "app", appId))) throw notFound();
    }
    return { key: pkg.key, size: pkg.size, filename: pkg.filename, appId };
  }

  /** Records a download through a feed link: the bytes that went out, and one download when the whole file did. */
  countDownload(appId: number, sentBytes: number, whole: boolean): Promise<void> {
    return this.apps.countDownload(appId, sentBytes, whole);
  }

  /** 重置下载链接: every IPA link handed out so far stops working; the feeds carry new ones. */
  async resetLinks(): Promise<{ linkEpoch: number }> {
    return { linkEpoch: await nextFeedLinkEpoch(this.db) };
  }

  /** The source icon used when the site has no logo: drawn once, kept in memory. */
  sourceIcon(): Buffer {
    if (!this.icon) this.icon = drawIcon("cloud", PALETTES[0], 180);
    return this.icon;
  }

  // ---- ESign unlock ------------------------------------------------------------------------------------------------

  /** A user's ESign unlock code: `<account number>-XXXX-XXXX-XXXX`, derived from the server's secret (nothing stored). */
  unlockCode(userId: number): string {
    return `${userId}-${this.codeBody(userId).match(/.{4}/g)!.join("-")}`;
  }

  private codeBody(userId: number): string {
    const n = CODE_ALPHABET.length;
    const limit = 256 - (256 % n);
    let out = "";
    for (let round = 0; out.length < UNLOCK_CODE_CHARS; round++) {
      for (const b of createHmac("sha256", this.secret).update(`esign-code:${userId}:${round}`).digest()) {
        if (b >= limit) continue;
        out += CODE_ALPHABET[b % n];
        if (out.length === UNLOCK_CODE_CHARS) break;
      }
    }
    return out;
  }

  /** The account an unlock code belongs to, or null. */
  private async codeOwner(raw: string): Promise<number | null> {
    const m = /^\s*(\d{1,10})\s*[-\s]\s*(.+)$/.exec(raw);
    if (!m) return null;
    const userId = Number(m[1]);
    const body = canonicalCode(m[2]);
    const want = Buffer.from(this.codeBody(userId));
    const got = Buffer.from(body);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    return (await userEnabled(this.db, userId)) ? userId : null;
  }

  /**
   * What ESign sends to `unlockURL`: `udid` and `code` (GET query, or a form / JSON body). A good code binds the
   * device to the code's account; the feed asked with that UDID then opens every paid app the account owns. The
   * answer is always JSON (ESign shows `msg`); refusals never say whether a code exists for another device.
   */
  async unlock(rawUdid: unknown, rawCode: unknown, address: string): Promise<EsignUnlockAnswer> {
    const refuse = (msg: string): EsignUnlockAnswer => ({ code: 0, success: false, msg });
    let udid: string;
    try {
      udid = normalizeUdid(rawUdid);
    } catch {
      return refuse("缺少设备 UDID，请在 ESign 中登录设备后重试");
    }
    const code = typeof rawCode === "string" ? rawCode.trim() : "";
    if (!code || code.length > 64) return refuse("请输入解锁码");
    const [byAddress, byDevice] = await Promise.all([
      this.rates.hit(`esign-unlock:ip:${address}`, UNLOCK_LIMIT.windowSeconds),
      this.rates.hit(`esign-unlock:udid:${udid}`, UNLOCK_LIMIT.windowSeconds),
    ]);
    if (byAddress.count > UNLOCK_LIMIT.perAddress || byDevice.count > UNLOCK_LIMIT.perDevice)
      return refuse("尝试次数过多，请稍后再试");
    const userId = await this.codeOwner(code);
    if (userId === null) return refuse("解锁码无效，请在本站「软件源」页面复制你的解锁码");
    await upsertEsignUnlock(this.db, udid, userId);
    await Promise.all([this.rates.undo(`esign-unlock:ip:${address}`), this.rates.undo(`esign-unlock:udid:${udid}`)]);
    const n = await appsBought(this.db, userId);
    return {
      code: 1,
      success: true,
      msg: n
        ? `解锁成功，已解锁你购买的 ${n} 个应用，请刷新软件源`
        : "解锁成功。你还没有购买付费应用，购买后刷新软件源即可下载",
    };
  }

  /** The account a device is unlocked for and the paid apps it owns (null: no UDID, or not unlocked). */
  private async unlockedFor(rawUdid: unknown): Promise<{ userId: number; appIds: Set<number> } | null> {
    if (rawUdid === undefined || rawUdid === null || rawUdid === "") return null;
    let udid: string;
    try {
      udid = normalizeUdid(rawUdid);
    } catch {
      return null;
    }
    // A disabled account's devices open nothing.
    const userId = await esignUnlockedUser(this.db, udid);
    if (userId === undefined || !(await userEnabled(this.db, userId))) return null;
    return { userId, appIds: new Set(await appIdsBought(this.db, userId)) };
  }

  /** The devices unlocked with a user's code (for the user's page). */
  async unlockedDevices(userId: number): Promise<{ udid: string; unlockedAt: Date }[]> {
    const rows = await esignUnlockedDevices(this.db, userId);
    return rows.map((r) => ({ udid: r.udid, unlockedAt: r.updated_at }));
  }
}
