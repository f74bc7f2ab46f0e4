/**
 * Reading software-source documents: the AltStore format, the ESign format and Scarlet's, told apart by their
 * shape. Parsing is tolerant: a field of the wrong type, an unreadable date or size is left empty and reported in
 * `warnings` (a few per field, with a count of the rest), never a crash. Only a document that is not JSON, is not
 * an object any format knows, or lists more apps than allowed is refused (`SourceParseError`).
 */
import type { SourceAppFields, SourceDocumentFields } from "@gryx/store";

export type SourceFormat = "altstore" | "esign" | "scarlet";

/** An app of a source document (the same fields the software-sources owner indexes). */
export type ParsedApp = SourceAppFields;

export interface ParsedNews {
  title: string;
  caption: string;
  date: Date | null;
  url: string;
}

/**
 * A read source document: what the software-sources owner indexes, of a known format. Its `warnings` name the fields
 * that could not be read, e.g. `apps[3].size: 无法识别的大小 "abc"`.
 */
export type ParsedSource = Omit<SourceDocumentFields, "format" | "news"> & { format: SourceFormat; news: ParsedNews[] };

export type SourceParseErrorCode = "SOURCE_NOT_JSON" | "SOURCE_FORMAT_UNKNOWN" | "SOURCE_TOO_MANY_APPS";

export class SourceParseError extends Error {
  constructor(
    readonly code: SourceParseErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ParseOptions {
  /** More apps than this refuses the whole document. */
  maxApps: number;
}

const MAX_WARNINGS = 50;
/** Real sources nest a few levels (document → apps → versions → fields); deeper is refused before JSON.parse. */
export const MAX_JSON_DEPTH = 32;
const TEXT_MAX = 4000;
const SHORT_MAX = 255;
const URL_MAX = 2000;

/** Collects warnings, keeping the first MAX_WARNINGS and counting the rest. */
class Warnings {
  readonly list: string[] = [];
  private dropped = 0;
  add(msg: string) {
    if (this.list.length < MAX_WARNINGS) this.list.push(msg);
    else this.dropped++;
  }
  done(): string[] {
    return this.dropped ? [...this.list, `另有 ${this.dropped} 条字段问题未列出`] : this.list;
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function show(v: unknown): string {
  let s: string;
  try {
    s = typeof v === "string" ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.length > 40 ? cut(s, 40) + "…" : s;
}

/**
 * NUL and the other C0 controls (but tab, LF, CR) taken out: PostgreSQL cannot store NUL in text or jsonb, and none
 * of them belongs in a name, link or description.
 */
const stripControls = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "");
/** The first `max` UTF-16 units, without leaving half of a surrogate pair (jsonb refuses a lone one). */
const cut = (s: string, max: number) => (s.length <= max ? s : s.slice(0, max).replace(/[\uD800-\uDBFF]$/, ""));

/**
 * The deepest nesting of arrays and objects in JSON text, counted without parsing (strings skipped), stopping as soon
 * as it passes `max`: a document of 10,000 nested arrays is refused in one linear scan instead of overflowing the
 * stack of whatever walks it after JSON.parse.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A text field: strings as they are, numbers and booleans as text; anything else reported. */
function text(o: Obj, keys: string[], w: Warnings, at: string, max = TEXT_MAX): string {
  for (const k of keys) {
    const v = o[k];
    if (v === undefined || v === null) continue;
    if (typeof v === "string") return cut(stripControls(v).trim(), max);
    if (typeof v === "number" || typeof v === "boolean") return String(v).slice(0, max);
    w.add(`${at}.${k}: 应为文本，实际为 ${show(v)}`);
  }
  return "";
}

/** An http(s) URL (others, e.g. javascript:, are dropped and reported). Relative URLs resolve against `base`. */
function link(o: Obj, keys: string[], w: Warnings, at: string, base?: string): string {
  const raw = text(o, keys, w, at, URL_MAX);
  if (!raw) return "";
  try {
    const u = new URL(raw, base);
    if (u.protocol === "http:" || u.protocol === "https:") return u.toString().slice(0, URL_MAX);
  } catch {
    /* reported below */
  }
  w.add(`${at}.${keys[0]}: 不是有效的 http(s) 链接 ${show(raw)}`);
  return "";
}

const SIZE_UNITS: Record<string, number> = {
  b: 1,
  byte: 1,
  bytes: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
  t: 1024 ** 4,
  tb: 1024 ** 4,
};

/** A bare size with a fraction below this is in megabytes (no IPA is 100,000 MB; no size in bytes has a fraction). */
const BARE_MB_BELOW = 100_000;

/**
 * A size in bytes from a number or a string: bytes (`123456`, `"123456"`), or a number with a unit (`"12.3 MB"`,
 * `"800KB"`, `"1.2G"`, 1 MB = 1,048,576 bytes), or a bare number with a fraction below 100,000 as megabytes
 * (`"118.2"`, `34.37`). Null, with a warning, when it is none of these or negative.
 */
export function readSize(v: unknown): number | null | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "number") {
    if (!Number.isFinite(v) || v < 0) return null;
    return Math.round(!Number.isInteger(v) && v < BARE_MB_BELOW ? v * 1024 ** 2 : v);
  }
  if (typeof v !== "string") return null;
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*([a-zA-Z]*)\s*$/.exec(v.replace(/,(?=\d{3}\b)/g, ""));
  if (!m) return null;
  const n = Number(m[1].replace(",", "."));
  const unit = m[2].toLowerCase();
  const factor = unit === "" ? 1 : SIZE_UNITS[unit];
  if (!factor || !Number.isFinite(n)) return null;
  // A bare number with a fraction below 100,000 is megabytes ("118.2", 34.37: ESign and some AltStore sources);
  // whole numbers (and larger fractions, e.g. "123973140.48") are bytes.
  const bytes = Math.round(n * (unit === "" && /[.,]/.test(m[1]) && n < BARE_MB_BELOW ? 1024 ** 2 : factor));
  return Number.isSafeInteger(bytes) ? bytes : null;
}

/**
 * A date from: ISO 8601 with a zone (`2024-05-01T10:00:00Z`, `…+08:00`, `…+0800`, fractional seconds, a space for
 * the `T`), `yyyy-MM-dd` (UTC midnight), `yyyy/MM/dd`, `yyyy.MM.dd`, `yyyy年M月d日`, any of these with `HH:mm[:ss]`
 * and no zone (UTC), RFC 2822 (`Wed, 01 May 2024 10:00:00 GMT`), unix seconds or milliseconds as a number or a
 * string of digits. Null when it is none of these, or before 2000 / after 2100 (a misread value).
 */
export function readDate(v: unknown): Date | null | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  let d: Date | null = null;
  if (typeof v === "number") d = fromEpoch(v);
  else if (typeof v === "string") {
    const s = v.trim();
    const zoned =
      /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})$/i.exec(s);
    if (/^\d{9,13}(\.\d+)?$/.test(s)) d = fromEpoch(Number(s));
    else if (zoned) {
      // A zone as +hhmm or +hh is read as +hh:mm; a comma fraction as a point.
      const zone =
        zoned[3].toUpperCase() === "Z"
          ? "Z"
          : zoned[3].replace(/^([+-]\d{2}):?(\d{2})?$/, (_, h: string, m?: string) => `${h}:${m ?? "00"}`);
      const t = Date.parse(`${zoned[1]}T${zoned[2].replace(",", ".")}${zone}`);
      d = Number.isNaN(t) ? null : new Date(t);
    } else if (/^[A-Za-z]{3}, \d{1,2} [A-Za-z]{3} \d{4} \d{2}:\d{2}(:\d{2})? (GMT|UTC|[+-]\d{4})$/.test(s)) {
      const t = Date.parse(s); // RFC 2822 (HTTP dates, RSS)
      d = Number.isNaN(t) ? null : new Date(t);
    } else {
      const ymd =
        /^(\d{4})(?:[-/.]|年)(\d{1,2})(?:[-/.]|月)(\d{1,2})日?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?$/.exec(
          s,
        );
      if (ymd) {
        const [, y, mo, da, h = "0", mi = "0", se = "0"] = ymd;
        const t = Date.UTC(+y, +mo - 1, +da, +h, +mi, +se);
        const check = new Date(t);
        d = check.getUTCMonth() === +mo - 1 && check.getUTCDate() === +da ? check : null;
      }
    }
  }
  if (!d || Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  return year >= 2000 && year <= 2100 ? d : null;
}

function fromEpoch(n: number): Date | null {
  if (!Number.isFinite(n) || n <= 0) return null;
  // Milliseconds are 13 digits today; seconds 10.
  return new Date(n >= 1e11 ? n : n * 1000);
}

function size(o: Obj, keys: string[], w: Warnings, at: string): number | null {
  for (const k of keys) {
    if (!(k in o)) continue;
    const r = readSize(o[k]);
    if (r === undefined) continue;
    if (r === null) w.add(`${at}.${k}: 无法识别的大小 ${show(o[k])}`);
    return r;
  }
  return null;
}

function date(o: Obj, keys: string[], w: Warnings, at: string): Date | null {
  for (const k of keys) {
    if (!(k in o)) continue;
    const r = readDate(o[k]);
    if (r === undefined) continue;
    if (r === null) w.add(`${at}.${k}: 无法识别的日期 ${show(o[k])}`);
    return r;
  }
  return null;
}

/** ESign's `lock`: "1", 1, true, "true" are locked; "0", 0, false, "" are not. */
function flag(o: Obj, key: string, w: Warnings, at: string): boolean {
  const v = o[key];
  if (v === undefined || v === null || v === "") return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (["1", "true", "yes", "y"].includes(s)) return true;
    if (["0", "false", "no", "n"].includes(s)) return false;
  }
  w.add(`${at}.${key}: 无法识别的开关值 ${show(v)}`);
  return false;
}

function arrayOf(o: Obj, key: string, w: Warnings, at: string): unknown[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  w.add(`${at}.${key}: 应为数组，实际为 ${show(v)}`);
  return [];
}

/** Keys only ESign documents put on an app (AltStore has none of them). */
const ESIGN_APP_KEYS = ["lock", "isLanZouCloud", "downUrl", "downURL"];
/** Keys only ESign documents put at the top. */
const ESIGN_DOC_KEYS = ["payURL", "unlockURL", "message", "sourceicon"];

/**
 * Which format a parsed document is in, or null, by its structure: `META` or category arrays of Scarlet apps →
 * Scarlet; ESign's top-level keys (`payURL`, `unlockURL`, `message`, `sourceicon`) or apps with ESign's own keys
 * (`lock`, `isLanZouCloud`, `downUrl`) and no AltStore `versions` → ESign, even when its apps also carry AltStore
 * names such as `bundleIdentifier`; otherwise AltStore.
 */
export function detectFormat(doc: unknown): SourceFormat | null {
  if (!isObj(doc)) return null;
  if (
    isObj(doc.META) ||
    (!("apps" in doc) &&
      Object.values(doc).some((v) => Array.isArray(v) && v.some((a) => isObj(a) && ("down" in a || "bundleID" in a))))
  )
    return "scarlet";
  if (!Array.isArray(doc.apps) && !("apps" in doc)) return null;
  const apps = Array.isArray(doc.apps) ? doc.apps.filter(isObj) : [];
  const hasVersions = apps.some((a) => Array.isArray(a.versions));
  if (ESIGN_DOC_KEYS.some((k) => k in doc) && !hasVersions) return "esign";
  if (hasVersions) return "altstore";
  if (apps.some((a) => ESIGN_APP_KEYS.some((k) => k in a))) return "esign";
  if (apps.some((a) => "bundleIdentifier" in a || "developerName" in a)) return "altstore";
  if (apps.some((a) => "type" in a || "identifier" in a)) return "esign";
  return "altstore";
}

/** Parses a source document's text. `base` resolves relative links (the URL it was fetched from). */
export function parseSource(body: string, opts: ParseOptions, base?: string): ParsedSource {
  let doc: unknown;
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH))
    throw new SourceParseError("SOURCE_NOT_JSON", `软件源内容嵌套层级过深（超过 ${MAX_JSON_DEPTH} 层）`);
  try {
    doc = JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
  } catch {
    throw new SourceParseError("SOURCE_NOT_JSON", "软件源内容不是有效的 JSON");
  }
  // A document whose app list is not a list would replace a good copy with nothing: refused, not read as empty.
  if (isObj(doc) && "apps" in doc && !Array.isArray(doc.apps))
    throw new SourceParseError("SOURCE_FORMAT_UNKNOWN", `软件源的 apps 字段应为数组，实际为 ${show(doc.apps)}`);
  const format = detectFormat(doc);
  if (!format || !isObj(doc))
    throw new SourceParseError("SOURCE_FORMAT_UNKNOWN", "无法识别的软件源格式（支持 AltStore、ESign、Scarlet）");
  const w = new Warnings();
  const parsed = format === "scarlet" ? parseScarlet(doc, opts, w, base) : parseAppsDoc(doc, format, opts, w, base);
  return { ...parsed, warnings: w.done() };
}

function tooMany(n: number, max: number): never {
  throw new SourceParseError("SOURCE_TOO_MANY_APPS", `软件源包含 ${n} 个应用，超过上限 ${max} 个`);
}

function parseAppsDoc(
  doc: Obj,
  format: "altstore" | "esign",
  opts: ParseOptions,
  w: Warnings,
  base?: string,
): Omit<ParsedSource, "warnings"> {
  const rawApps = arrayOf(doc, "apps", w, "$");
  if (rawApps.length > opts.maxApps) tooMany(rawApps.length, opts.maxApps);
  const apps: ParsedApp[] = [];
  rawApps.forEach((raw, i) => {
    const at = `apps[${i}]`;
    if (!isObj(raw)) return w.add(`${at}: 应为对象，实际为 ${show(raw)}`);
    const app = format === "esign" ? esignApp(raw, w, at, base) : altstoreApp(raw, w, at, base);
    if (!app.name) return w.add(`${at}: 缺少应用名称，已跳过`);
    apps.push(app);
  });
  const news: ParsedNews[] = [];
  arrayOf(doc, "news", w, "$").forEach((raw, i) => {
    const at = `news[${i}]`;
    if (!isObj(raw)) return w.add(`${at}: 应为对象`);
    const title = text(raw, ["title"], w, at, SHORT_MAX);
    if (title)
      news.push({
        title,
        caption: text(raw, ["caption", "content", "message"], w, at),
        date: date(raw, ["date", "time"], w, at),
        url: link(raw, ["url"], w, at, base),
      });
  });
  return {
    format,
    name: text(doc, ["name"], w, "$", SHORT_MAX),
    identifier: text(doc, ["identifier"], w, "$", SHORT_MAX),
    sourceUrl: link(doc, ["sourceURL"], w, "$", base),
    iconUrl: link(doc, ["iconURL", "sourceicon", "icon"], w, "$", base),
    description: text(
      doc,
      format === "esign" ? ["message", "description", "subtitle"] : ["description", "subtitle", "message"],
      w,
      "$",
    ),
    website: link(doc, ["website"], w, "$", base),
    payUrl: link(doc, ["payURL"], w, "$", base),
    unlockUrl: link(doc, ["unlockURL"], w, "$", base),
    apps,
    news: news.slice(0, 100),
  };
}

/** Where sources put an app's IPA link: AltStore's spelling and the variants ESign-style sources use. */
const DOWNLOAD_KEYS = ["downloadURL", "downloadUrl", "downUrl", "downURL", "down"];

/** AltStore: the newest of `versions[]` (first entry) or the legacy flat `version` / `versionDate` / `downloadURL` / `size`. */
function altstoreApp(a: Obj, w: Warnings, at: string, base?: string): ParsedApp {
  const versions = arrayOf(a, "versions", w, at).filter(isObj);
  const v: Obj = versions[0] ?? a;
  const vat = versions[0] ? `${at}.versions[0]` : at;
  return {
    name: text(a, ["name"], w, at, SHORT_MAX),
    bundleId: text(a, ["bundleIdentifier", "bundleID", "bundleId"], w, at, SHORT_MAX),
    version: text(v, ["version"], w, vat, 64),
    versionDate: date(v, ["date", "versionDate"], w, vat),
    versionDescription: text(v, ["localizedDescription", "versionDescription"], w, vat),
    sizeBytes: size(v, ["size"], w, vat),
    description: text(a, ["localizedDescription", "subtitle", "description"], w, at),
    iconUrl: link(a, ["iconURL", "icon"], w, at, base),
    downloadUrl: link(v, DOWNLOAD_KEYS, w, vat, base),
    developer: text(a, ["developerName", "developer"], w, at, SHORT_MAX),
    locked: false,
    category: text(a, ["category"], w, at, 64),
  };
}

/** ESign: flat fields, often all strings (`version`, `versionDate`, `size`, `lock`, `type`). */
function esignApp(a: Obj, w: Warnings, at: string, base?: string): ParsedApp {
  return {
    name: text(a, ["name"], w, at, SHORT_MAX),
    bundleId: text(a, ["identifier", "bundleIdentifier", "bundleID", "bundleId"], w, at, SHORT_MAX),
    version: text(a, ["version"], w, at, 64),
    versionDate: date(a, ["versionDate", "date"], w, at),
    versionDescription: text(a, ["versionDescription"], w, at),
    sizeBytes: size(a, ["size"], w, at),
    description: text(a, ["localizedDescription", "description", "versionDescription"], w, at),
    iconUrl: link(a, ["iconURL", "icon"], w, at, base),
    downloadUrl: link(a, DOWNLOAD_KEYS, w, at, base),
    developer: text(a, ["developerName", "developer"], w, at, SHORT_MAX),
    locked: flag(a, "lock", w, at),
    // ESign's `type` is often a bare number code, which says nothing to a reader: only a name counts as a category.
    category: text(a, ["category", "type"], w, at, 64).replace(/^\d+$/, ""),
  };
}

/** Scarlet: `META {repoName, repoIcon}` and one array of apps per category (`name`, `version`, `down`, `icon`, `bundleID`, `dev`). */
function parseScarlet(doc: Obj, opts: ParseOptions, w: Warnings, base?: string): Omit<ParsedSource, "warnings"> {
  const meta = isObj(doc.META) ? doc.META : {};
  const apps: ParsedApp[] = [];
  let count = 0;
  for (const [key, list] of Object.entries(doc)) {
    if (key === "META" || !Array.isArray(list)) continue;
    count += list.length;
    if (count > opts.maxApps) tooMany(count, opts.maxApps);
    list.forEach((raw, i) => {
      const at = `${key}[${i}]`;
      if (!isObj(raw)) return w.add(`${at}: 应为对象，实际为 ${show(raw)}`);
      const app: ParsedApp = {
        name: text(raw, ["name"], w, at, SHORT_MAX),
        bundleId: text(raw, ["bundleID", "bundleIdentifier", "bundleId"], w, at, SHORT_MAX),
        version: text(raw, ["version"], w, at, 64),
        versionDate: date(raw, ["versionDate", "date"], w, at),
        versionDescription: text(raw, ["changelog", "versionDescription"], w, at),
        sizeBytes: size(raw, ["size"], w, at),
        description: text(raw, ["description", "subtitle"], w, at),
        iconUrl: link(raw, ["icon", "iconURL"], w, at, base),
        downloadUrl: link(raw, ["down", "downloadURL"], w, at, base),
        developer: text(raw, ["dev", "developer"], w, at, SHORT_MAX),
        locked: false,
        category: text(raw, ["category"], w, at, 64) || key.slice(0, 64),
      };
      if (!app.name) return w.add(`${at}: 缺少应用名称，已跳过`);
      apps.push(app);
    });
  }
  return {
    format: "scarlet",
    name: text(meta, ["repoName", "name"], w, "META", SHORT_MAX),
    identifier: text(meta, ["identifier"], w, "META", SHORT_MAX),
    sourceUrl: "",
    iconUrl: link(meta, ["repoIcon", "icon"], w, "META", base),
    description: text(meta, ["repoDescription", "description"], w, "META"),
    website: link(meta, ["website"], w, "META", base),
    payUrl: "",
    unlockUrl: "",
    apps,
    news: [],
  };
}
