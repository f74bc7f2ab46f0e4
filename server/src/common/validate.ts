import { DomainError } from "./errors";

/** Small input guards shared by services: each throws a DomainError with a Chinese message. */

/** Page and page size as the lists of the site use them: 1-based pages, at most 100 rows a page. */
export function pageArgs(page: unknown, pageSize: unknown, defaults = { pageSize: 20, maxPageSize: 100 }) {
  const p = page === undefined || page === null || page === "" ? 1 : Number(page);
  const s = pageSize === undefined || pageSize === null || pageSize === "" ? defaults.pageSize : Number(pageSize);
  if (!Number.isInteger(p) || p < 1 || p > 1_000_000) throw new DomainError("BAD_REQUEST", "页码无效");
  if (!Number.isInteger(s) || s < 1 || s > defaults.maxPageSize) throw new DomainError("BAD_REQUEST", "每页条数无效");
  return { page: p, pageSize: s, offset: (p - 1) * s };
}

/**
 * The optional keyset cursor of a list shown newest first: the id of the last row already seen. With it the list
 * continues below that id (`id < after`, an index range) instead of skipping `offset` rows, which a deep page of a
 * large table would scan; `page` and `pageSize` keep their meaning for the answer.
 */
export function afterArg(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  return parseId(raw, "游标");
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5]{3,32}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A database id from a path or argument: digits only, within PostgreSQL's integer range. */
export function parseId(raw: unknown, what = "ID"): number {
  const s = typeof raw === "number" ? String(raw) : raw;
  if (typeof s !== "string" || !/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647)
    throw new DomainError("BAD_REQUEST", `${what}无效`);
  return Number(s);
}

/** `%term%` for ILIKE, with the term's own wildcards escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
}

/** Whether an optional input field was sent (neither missing nor null). */
export const given = (v: unknown): boolean => v !== undefined && v !== null;

/** A single optional query-string value; repeated parameters are refused rather than silently ignored. */
export function queryString(raw: unknown, max = 100): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (typeof raw !== "string" || raw.length > max) throw new DomainError("BAD_REQUEST", "查询参数无效");
  return raw;
}

export function requireBoolean(raw: unknown, name: string): boolean {
  if (typeof raw !== "boolean") throw new DomainError("BAD_REQUEST", `${name}必须是布尔值`);
  return raw;
}

/** A required text field: trimmed, between `min` and `max` characters, else 400 naming the field. */
export function requireText(raw: unknown, what: string, max: number, min = 1): string {
  if (typeof raw !== "string") throw new DomainError("BAD_REQUEST", `${what}不能为空`);
  const s = raw.trim();
  if (s.length < min) throw new DomainError("BAD_REQUEST", min <= 1 ? `${what}不能为空` : `${what}至少${min}个字符`);
  if (s.length > max) throw new DomainError("BAD_REQUEST", `${what}最多${max}个字符`);
  return s;
}

/** An optional text field: missing/null is "", otherwise trimmed and at most `max` characters. */
export function optionalText(raw: unknown, what: string, max: number): string {
  if (raw === undefined || raw === null) return "";
  if (typeof raw !== "string") throw new DomainError("BAD_REQUEST", `${what}必须是文本`);
  const s = raw.trim();
  if (s.length > max) throw new DomainError("BAD_REQUEST", `${what}最多${max}个字符`);
  return s;
}

/** A link the site may render: an http(s) URL or a site-relative path ("/..." but not "//host"). */
export function isSafeLink(s: string): boolean {
  if (/[\s<>"'`\\]/.test(s)) return false;
  if (s.startsWith("/")) return !s.startsWith("//");
  return /^https?:\/\/[^/\s]+/i.test(s);
}

/** Largest amount of money an admin may type, in yuan. */
export const MAX_YUAN = 1_000_000;

/**
 * Money typed in yuan (a number, or a numeric string from a form): finite, >= 0, at most 2 decimals and at most
 * MAX_YUAN. Returns integer fen. `label` names the field in the message ("费用" → "费用不能为负数").
 */
export function yuanToFen(raw: unknown, label = "价格"): number {
  const n = typeof raw === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isFinite(n)) throw new DomainError("BAD_REQUEST", `${label}无效`);
  if (n < 0) throw new DomainError("BAD_REQUEST", `${label}不能为负数`);
  if (n > MAX_YUAN) throw new DomainError("BAD_REQUEST", `${label}不能超过${MAX_YUAN}元`);
  const fen = Math.round(n * 100);
  if (Math.abs(fen - n * 100) > 1e-6) throw new DomainError("BAD_REQUEST", `${label}最多保留两位小数`);
  return fen;
}

/** Integer fen as yuan for the API. */
export const fenToYuan = (fen: number | string): number => Number(fen) / 100;

const LOCAL_IMAGE = /^\/uploads\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;
const REMOTE_IMAGE = /^https?:\/\/[^\s"'<>\\]+$/i;

/**
 * An image path set by an admin (icon, banner...): "" for none, a path under /uploads (as the upload endpoints
 * return), or an http(s) URL; at most 500 characters. Anything else (javascript:, relative tricks, "..") is refused.
 */
export function imagePathInput(raw: unknown, label = "图标"): string {
  const s = optionalText(raw, `${label}地址`, 500);
  if (s && !(LOCAL_IMAGE.test(s) && !s.includes("..")) && !REMOTE_IMAGE.test(s))
    throw new DomainError("BAD_REQUEST", `${label}地址无效`);
  return s;
}
