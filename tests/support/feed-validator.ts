/**
 * A validator of source documents by the decoding rules of the clients they are for, written from how those clients
 * read a source (SideStore's AltStoreCore decoders and Feather's AltSourceKit for AltStore; ESign's flat string
 * fields), so a test fails where a real client would reject the source or an app of it. Returns every problem found
 * as `path: what is wrong`; an empty list means the document passes.
 *
 * AltStore / SideStore: a source needs `name` and `identifier`; each app `name`, `bundleIdentifier` (unique within
 * the source), `developerName`, `localizedDescription` (strings) and `iconURL` (a URL); `versions` with at least
 * one entry, each with `version`, `date`, `downloadURL` (a URL) and an integer `size`, or the legacy flat `version`,
 * `versionDate`, `downloadURL` and a 32-bit `size`. A URL must be an absolute http(s) URL that Foundation's
 * `URL(string:)` accepts (not empty, no spaces or other characters it refuses); a date is ISO 8601 with whole seconds
 * and a zone, or `yyyy-MM-dd` (fractional seconds make the decoder throw). Optional fields, when present, must still
 * have their type (`subtitle`, `tintColor` as hex, `category` from the fixed set, `screenshotURLs` as URLs).
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

const CATEGORIES = new Set([
  "developer",
  "entertainment",
  "games",
  "lifestyle",
  "other",
  "photo-video",
  "social",
  "utilities",
]);
const INT32_MAX = 2 ** 31 - 1;
const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** What Foundation's URL(string:) takes and a client can fetch: absolute http(s), printable ASCII, no spaces. */
function isClientUrl(v: unknown): boolean {
  if (typeof v !== "string" || v === "" || !/^[\x21-\x7e]+$/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

/** A date AltStore's and SideStore's decoder accepts. */
export function isClientDate(v: unknown): boolean {
  if (typeof v !== "string" || !(ISO_SECONDS.test(v) || YMD.test(v))) return false;
  return !Number.isNaN(Date.parse(YMD.test(v) ? `${v}T00:00:00Z` : v));
}

class Problems {
  readonly list: string[] = [];
  add(at: string, msg: string) {
    this.list.push(`${at}: ${msg}`);
  }
  string(o: Obj, key: string, at: string, opts: { optional?: boolean; nonEmpty?: boolean } = {}) {
    const v = o[key];
    if (v === undefined && opts.optional) return;
    if (typeof v !== "string") return this.add(`${at}.${key}`, `应为字符串，实际为 ${JSON.stringify(v)}`);
    if (opts.nonEmpty && !v.trim()) this.add(`${at}.${key}`, "不能为空");
  }
  url(o: Obj, key: string, at: string, optional = false) {
    const v = o[key];
    if (v === undefined && optional) return;
    if (!isClientUrl(v)) this.add(`${at}.${key}`, `不是客户端可解码的链接 ${JSON.stringify(v)}`);
  }
  date(o: Obj, key: string, at: string) {
    if (!isClientDate(o[key])) this.add(`${at}.${key}`, `日期格式不被接受 ${JSON.stringify(o[key])}`);
  }
  int(o: Obj, key: string, at: string, max = Number.MAX_SAFE_INTEGER) {
    const v = o[key];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > max)
      this.add(`${at}.${key}`, `应为 0..${max} 的整数，实际为 ${JSON.stringify(v)}`);
  }
}

/** Problems an AltStore / SideStore / Feather client would reject the source or one of its apps for. */
export function validateAltStoreSource(doc: unknown): string[] {
  const p = new Problems();
  if (!isObj(doc)) return ["$: 应为对象"];
  p.string(doc, "name", "$", { nonEmpty: true });
  p.string(doc, "identifier", "$", { nonEmpty: true });
  p.url(doc, "sourceURL", "$", true);
  p.url(doc, "iconURL", "$", true);
  p.url(doc, "headerURL", "$", true);
  p.url(doc, "website", "$", true);
  p.string(doc, "subtitle", "$", { optional: true });
  p.string(doc, "description", "$", { optional: true });
  if (doc.tintColor !== undefined && !(typeof doc.tintColor === "string" && /^#?[0-9a-fA-F]{6}$/.test(doc.tintColor)))
    p.add("$.tintColor", "应为 6 位十六进制颜色");
  if (!Array.isArray(doc.apps)) return [...p.list, "$.apps: 应为数组"];
  const bundleIds = new Set<string>();
  doc.apps.forEach((a, i) => {
    const at = `apps[${i}]`;
    if (!isObj(a)) return p.add(at, "应为对象");
    for (const k of ["name", "bundleIdentifier", "developerName"]) p.string(a, k, at, { nonEmpty: true });
    p.string(a, "localizedDescription", at);
    p.url(a, "iconURL", at);
    p.string(a, "subtitle", at, { optional: true });
    if (a.tintColor !== undefined && !(typeof a.tintColor === "string" && /^#?[0-9a-fA-F]{6}$/.test(a.tintColor)))
      p.add(`${at}.tintColor`, "应为 6 位十六进制颜色");
    if (a.category !== undefined && !(typeof a.category === "string" && CATEGORIES.has(a.category)))
      p.add(`${at}.category`, `不在 AltStore 的分类中 ${JSON.stringify(a.category)}`);
    if (a.screenshotURLs !== undefined) {
      if (!Array.isArray(a.screenshotURLs)) p.add(`${at}.screenshotURLs`, "应为数组");
      else a.screenshotURLs.forEach((u, j) => !isClientUrl(u) && p.add(`${at}.screenshotURLs[${j}]`, "不是链接"));
    }
    if (typeof a.bundleIdentifier === "string") {
      if (bundleIds.has(a.bundleIdentifier)) p.add(`${at}.bundleIdentifier`, `重复的 Bundle ID ${a.bundleIdentifier}`);
      bundleIds.add(a.bundleIdentifier);
    }
    if (a.versions !== undefined) {
      if (!Array.isArray(a.versions) || a.versions.length === 0) p.add(`${at}.versions`, "应为非空数组");
      else
        a.versions.forEach((v, j) => {
          const vat = `${at}.versions[${j}]`;
          if (!isObj(v)) return p.add(vat, "应为对象");
          p.string(v, "version", vat, { nonEmpty: true });
          p.date(v, "date", vat);
          p.url(v, "downloadURL", vat);
          p.int(v, "size", vat);
          p.string(v, "localizedDescription", vat, { optional: true });
          p.string(v, "buildVersion", vat, { optional: true });
          p.string(v, "minOSVersion", vat, { optional: true });
        });
    }
    // The legacy flat fields: required without versions, and checked whenever present (AltStore 1.x reads them).
    const legacy = a.versions === undefined;
    if (legacy || a.version !== undefined) p.string(a, "version", at, { nonEmpty: true });
    if (legacy || a.versionDate !== undefined) p.date(a, "versionDate", at);
    if (legacy || a.downloadURL !== undefined) p.url(a, "downloadURL", at);
    if (legacy || a.size !== undefined) p.int(a, "size", at, INT32_MAX);
  });
  if (doc.news !== undefined) {
    if (!Array.isArray(doc.news)) p.add("$.news", "应为数组");
    else
      doc.news.forEach((n, i) => {
        const at = `news[${i}]`;
        if (!isObj(n)) return p.add(at, "应为对象");
        for (const k of ["identifier", "title", "caption"]) p.string(n, k, at, { nonEmpty: true });
        p.date(n, "date", at);
        p.url(n, "url", at, true);
        p.url(n, "imageURL", at, true);
      });
  }
  return p.list;
}

/**
 * Problems an ESign client would have with the source: the top-level strings (`name`, `identifier`, `sourceURL`,
 * `sourceicon`, `message`, and `payURL` / `unlockURL` as URLs when any app is locked); each app's `name`,
 * `version`, `versionDate`, `versionDescription`, `lock` ("0"/"1"), `downloadURL`, `isLanZouCloud` ("0"/"1"),
 * `tintColor` and `size` as strings (size a number of bytes), `type` a number, `iconURL` a URL, and an unlocked
 * app's `downloadURL` a URL a download can start from.
 */
export function validateEsignSource(doc: unknown): string[] {
  const p = new Problems();
  if (!isObj(doc)) return ["$: 应为对象"];
  for (const k of ["name", "identifier"]) p.string(doc, k, "$", { nonEmpty: true });
  p.string(doc, "message", "$");
  p.url(doc, "sourceURL", "$");
  p.url(doc, "sourceicon", "$");
  if (!Array.isArray(doc.apps)) return [...p.list, "$.apps: 应为数组"];
  if (doc.apps.some((a) => isObj(a) && a.lock === "1")) {
    p.url(doc, "payURL", "$");
    p.url(doc, "unlockURL", "$");
  }
  doc.apps.forEach((a, i) => {
    const at = `apps[${i}]`;
    if (!isObj(a)) return p.add(at, "应为对象");
    for (const k of ["name", "version"]) p.string(a, k, at, { nonEmpty: true });
    p.string(a, "versionDescription", at);
    p.date(a, "versionDate", at);
    if (typeof a.type !== "number" || !Number.isInteger(a.type))
      p.add(`${at}.type`, `应为整数，实际为 ${JSON.stringify(a.type)}`);
    if (a.lock !== "0" && a.lock !== "1") p.add(`${at}.lock`, `应为 "0" 或 "1"，实际为 ${JSON.stringify(a.lock)}`);
    if (a.isLanZouCloud !== "0" && a.isLanZouCloud !== "1")
      p.add(`${at}.isLanZouCloud`, `应为 "0" 或 "1"，实际为 ${JSON.stringify(a.isLanZouCloud)}`);
    if (!(typeof a.tintColor === "string" && /^#?[0-9a-fA-F]{6}$/.test(a.tintColor)))
      p.add(`${at}.tintColor`, "应为 6 位十六进制颜色字符串");
    if (!(typeof a.size === "string" && /^\d+(\.\d+)?$/.test(a.size)))
      p.add(`${at}.size`, `应为数字字符串，实际为 ${JSON.stringify(a.size)}`);
    p.url(a, "iconURL", at);
    p.url(a, "downloadURL", at);
    if (a.lock === "1") {
      p.url(a, "payURL", at, true);
      p.url(a, "unlockURL", at, true);
    }
  });
  return p.list;
}
