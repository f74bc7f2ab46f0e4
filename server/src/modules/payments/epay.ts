import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The 易支付 (EPay) protocol: signing, verification and the URLs of a gateway. Pure functions, no I/O.
 *
 * `sign` is the lower-case hex MD5 (of the UTF-8 bytes) of the parameters other than `sign`, `sign_type` and empty
 * values, sorted by name (byte order), joined as `k=v&k=v` with the raw (not URL-encoded) values, with the merchant
 * key appended directly: `md5("money=1.00&name=x&pid=1001" + key)`.
 */
export type EpayParams = Record<string, string | number | undefined | null>;

/** The string that is hashed, without the key. */
export function signingString(params: EpayParams): string {
  return Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type")
    .filter((k) => params[k] !== undefined && params[k] !== null && String(params[k]) !== "")
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}=${String(params[k])}`)
    .join("&");
}

export function epaySign(params: EpayParams, key: string): string {
  return createHash("md5")
    .update(signingString(params) + key, "utf8")
    .digest("hex");
}

/** Whether `params.sign` is the signature of the other parameters under `key` (constant-time compare). */
export function epayVerify(params: EpayParams, key: string): boolean {
  const given = typeof params.sign === "string" ? params.sign.toLowerCase() : "";
  if (!/^[0-9a-f]{32}$/.test(given)) return false;
  const expected = epaySign(params, key);
  return timingSafeEqual(Buffer.from(given, "ascii"), Buffer.from(expected, "ascii"));
}

/** Fen as EPay's `money`: yuan with two decimals ("12.30"). */
export function fenToMoney(fen: number): string {
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** EPay's `money` ("12.3", "12.30", "12") as fen; null unless it is a plain non-negative amount with ≤ 2 decimals. */
export function moneyToFen(money: unknown): number | null {
  if (typeof money !== "string" && typeof money !== "number") return null;
  const s = String(money).trim();
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** The gateway's base URL without a trailing slash or a trailing `submit.php`, so both spellings configure alike. */
export function gatewayBase(gatewayUrl: string): string {
  return gatewayUrl.replace(/\/+$/, "").replace(/\/(submit|api|mapi)\.php$/i, "");
}

export interface SubmitFields {
  pid: string;
  type: string;
  out_trade_no: string;
  notify_url: string;
  return_url: string;
  name: string;
  money: string;
}

/** The page the payer is sent to: `{gateway}/submit.php?…&sign=…&sign_type=MD5`. */
export function submitUrl(gatewayUrl: string, fields: SubmitFields, key: string): string {
  const params = new URLSearchParams({ ...fields, sign: epaySign({ ...fields }, key), sign_type: "MD5" });
  return `${gatewayBase(gatewayUrl)}/submit.php?${params.toString()}`;
}

/** EPay's standard order query: `{gateway}/api.php?act=order&pid=&key=&out_trade_no=`. */
export function orderQueryUrl(gatewayUrl: string, pid: string, key: string, outTradeNo: string): string {
  const params = new URLSearchParams({ act: "order", pid, key, out_trade_no: outTradeNo });
  return `${gatewayBase(gatewayUrl)}/api.php?${params.toString()}`;
}

/** The notify's fields, as strings (query or form body); anything else is dropped. */
export function notifyParams(raw: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === "string") out[k] = v;
    else if (typeof v === "number") out[k] = String(v);
  }
  return out;
}
