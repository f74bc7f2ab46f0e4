/**
 * Our catalogue as source documents that real clients load (pure: rows and links in, JSON out).
 *
 * AltStore / SideStore / Feather decode a source strictly: an app needs `name`, `bundleIdentifier`, `developerName`,
 * `localizedDescription`, an `iconURL` that is a URL and at least one version (`version`, `date`, `downloadURL`,
 * `size`); a URL field that is empty, or a date with fractional seconds, throws and the whole source is rejected.
 * So every URL here is absolute or left out, every date is whole-second ISO 8601 with a zone, and only apps a client
 * can actually install (free, with a package) are listed. ESign reads flat string fields and locks paid apps behind
 * its unlock (see `esignFeed`).
 */

/** An app of the catalogue as the feeds need it. */
export interface FeedApp {
  id: number;
  name: string;
  iconPath: string;
  version: string;
  versionDate: Date;
  sizeBytes: number;
  description: string;
  bundleId: string;
  priceFen: number;
  developer: string;
  /** Our category's name and display name (null: none). */
  categoryName: string | null;
  categoryDisplay: string | null;
  minOsVersion: string | null;
  /** The app has an IPA in storage: only such apps are offered for installing. */
  hasPackage: boolean;
}

export interface FeedSite {
  /** The absolute origin links are made under (PUBLIC_URL or the request's). */
  origin: string;
  name: string;
  /** The site logo as stored ("" = none). */
  logo: string;
  description: string;
}

/** AltStore's fixed category set. */
export type AltStoreCategory =
  "developer" | "entertainment" | "games" | "lifestyle" | "other" | "photo-video" | "social" | "utilities";

/** What our category names mean in AltStore's set, by the words they contain (the first that matches wins). */
const CATEGORY_WORDS: [AltStoreCategory, RegExp][] = [
  ["games", /游戏|game|棋牌|电竞|手游/i],
  ["developer", /开发|编程|调试|developer|debug|终端|越狱/i],
  ["photo-video", /摄影|相机|拍照|照片|图片|美化|修图|剪辑|photo|camera|video editor/i],
  ["social", /社交|通讯|聊天|交友|社区|social|chat|messag/i],
  ["entertainment", /影音|视频|音乐|娱乐|直播|追剧|动漫|漫画|小说|阅读|entertain|music|video|tv|movie/i],
  ["utilities", /工具|实用|效率|办公|系统|清理|输入法|浏览器|下载|tool|utilit|productiv/i],
  ["lifestyle", /生活|健康|运动|旅行|出行|购物|美食|学习|教育|lifestyle|health|travel|education/i],
];

/** Our category (its name or display name) as one of AltStore's, the first of CATEGORY_WORDS either names; else "other". */
export function altstoreCategory(name: string | null, display: string | null): AltStoreCategory {
  const texts = [name, display].filter((t): t is string => !!t);
  for (const [cat, re] of CATEGORY_WORDS) if (texts.some((t) => re.test(t))) return cat;
  return "other";
}

/** ESign's numeric `type`: 1 for games, 0 for every other app. */
const esignType = (app: FeedApp): number =>
  altstoreCategory(app.categoryName, app.categoryDisplay) === "games" ? 1 : 0;

/** Whole-second ISO 8601 in UTC (`2026-11-27T06:05:44Z`): what AltStore's and SideStore's date decoding accepts. */
export function isoSeconds(d: Date): string {
  return new Date(Math.floor(new Date(d).getTime() / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

/** AltStore's legacy flat `size` is a 32-bit integer; the versions' own `size` is 64-bit. */
const INT32_MAX = 2_147_483_647;

/** The source's identifier: the host reversed (`example.com` → `com.example`) with a suffix. */
export function sourceIdentifier(origin: string, suffix: string): string {
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, "").replace(/:/g, "-");
  return `${host.split(".").reverse().join(".")}.${suffix}`;
}

/** Our brand colour without '#', as ESign and AltStore read `tintColor`. */
const TINT_COLOR = "1677ff";

export interface FeedLinks {
  /** An absolute URL for a stored image path ("" stays ""). */
  abs(path: string): string;
  /** The source's icon: the site logo, else the generated one. */
  sourceIcon: string;
  /** The icon of an app that has none. */
  defaultAppIcon: string;
  /** The direct IPA link of an app: free (no user), or for the user a device is unlocked for. */
  ipa(appId: number, userId: number | null): string;
}

/** Free apps with a package, first of each bundle id (AltStore keys apps by bundle id within a source). */
export function installableFreeApps(apps: FeedApp[]): FeedApp[] {
  const seen = new Set<string>();
  return apps.filter((a) => {
    if (a.priceFen > 0 || !a.hasPackage || !a.bundleId || seen.has(a.bundleId)) return false;
    seen.add(a.bundleId);
    return true;
  });
}

/** Our catalogue as an AltStore source: the free apps with a package, each with a direct IPA link. */
export function altstoreFeed(site: FeedSite, apps: FeedApp[], links: FeedLinks): object {
  return {
    name: site.name,
    identifier: sourceIdentifier(site.origin, "source"),
    sourceURL: `${site.origin}/sources/altstore.json`,
    iconURL: links.sourceIcon,
    website: site.origin,
    subtitle: site.description || undefined,
    description: site.description || undefined,
    tintColor: TINT_COLOR,
    apps: installableFreeApps(apps).map((a) => {
      const date = isoSeconds(a.versionDate);
      const downloadURL = links.ipa(a.id, null);
      const version = a.version || "1.0";
      const description = a.description || a.name;
      return {
        name: a.name,
        bundleIdentifier: a.bundleId,
        developerName: a.developer || site.name,
        subtitle: a.categoryDisplay || undefined,
        localizedDescription: description,
        iconURL: links.abs(a.iconPath) || links.defaultAppIcon,
        tintColor: TINT_COLOR,
        category: altstoreCategory(a.categoryName, a.categoryDisplay),
        screenshotURLs: [],
        versions: [
          {
            version,
            date,
            size: a.sizeBytes,
            downloadURL,
            localizedDescription: description,
            minOSVersion: a.minOsVersion || undefined,
          },
        ],
        // The legacy flat fields, for AltStore 1.x and clients that read only these.
        version,
        versionDate: date,
        versionDescription: description,
        downloadURL,
        size: Math.min(a.sizeBytes, INT32_MAX),
      };
    }),
    news: [],
  };
}

/**
 * Our catalogue as an ESign source. Apps with a package only; a free app has its direct IPA link; a paid app is
 * `lock: "1"` until the device asking (`?udid=`) has been unlocked with the unlock code of an account that bought it
 * (`unlockedFor`: that account's id and the paid apps it owns): then it is `lock: "0"` with that account's IPA link.
 * A locked app's `downloadURL` and `payURL` are its page here (where it is bought); `unlockURL` takes the code.
 */
export function esignFeed(
  site: FeedSite,
  apps: FeedApp[],
  links: FeedLinks,
  unlockedFor: { userId: number; appIds: Set<number> } | null,
): object {
  const unlockURL = `${site.origin}/sources/esign/unlock`;
  return {
    name: site.name,
    message: site.description,
    identifier: sourceIdentifier(site.origin, "esign"),
    sourceURL: `${site.origin}/sources/esign.json`,
    sourceicon: links.sourceIcon,
    payURL: `${site.origin}/software-source`,
    unlockURL,
    apps: apps
      .filter((a) => a.hasPackage)
      .map((a) => {
        const paid = a.priceFen > 0;
        const open = !paid || !!unlockedFor?.appIds.has(a.id);
        const page = `${site.origin}/app/${a.id}`;
        return {
          name: a.name,
          version: a.version || "1.0",
          type: esignType(a),
          versionDate: isoSeconds(a.versionDate),
          versionDescription: a.description,
          lock: open ? "0" : "1",
          downloadURL: open ? links.ipa(a.id, paid ? unlockedFor!.userId : null) : page,
          isLanZouCloud: "0",
          iconURL: links.abs(a.iconPath) || links.defaultAppIcon,
          tintColor: TINT_COLOR,
          size: String(a.sizeBytes),
          identifier: a.bundleId,
          developerName: a.developer || site.name,
          ...(open ? {} : { payURL: page, unlockURL }),
        };
      }),
  };
}
