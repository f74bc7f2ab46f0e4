import dns from "node:dns";
import fs from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";

/**
 * The one address guard for every outbound request to a URL someone configured or typed (software sources and the
 * IPAs users import from them, mall suppliers, payment gateways, App Store Connect): only http/https, every address
 * the name resolves to must be public unicast (no loopback, private, link-local such as 169.254.169.254, CGNAT,
 * multicast, reserved, IPv4-mapped tricks; `allowPrivate` opens loopback and private ranges, never link-local); the connection goes to the address that was
 * checked (the check is the socket's own DNS lookup, so a name cannot resolve to a public address for the check and
 * a private one for the connection). Redirects are followed up to `maxRedirects` (GET only), each hop checked again;
 * the whole exchange has one deadline; the body (after gzip/deflate/br decoding) is cut off above `maxBytes`. ETag
 * and Last-Modified are sent back as If-None-Match / If-Modified-Since, and a 304 answers `notModified`. Error
 * messages never carry the body that came back (an internal service's answer must not reach whoever pointed here).
 */

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  allowPrivate: boolean;
}

export interface Conditional {
  etag?: string | null;
  lastModified?: string | null;
}

export type FetchOutcome =
  | { notModified: true; status: 304; finalUrl: string; etag: string | null; lastModified: string | null; bytes: 0 }
  | {
      notModified: false;
      status: number;
      finalUrl: string;
      etag: string | null;
      lastModified: string | null;
      bytes: number;
      body: string;
    };

export type OutboundErrorCode =
  "URL_INVALID" | "ADDRESS_BLOCKED" | "TOO_LARGE" | "TIMEOUT" | "TOO_MANY_REDIRECTS" | "HTTP_STATUS" | "NETWORK";

/** What the caller asks beyond a plain GET. `anyStatus`: answer 4xx/5xx with their body instead of failing. */
export interface OutboundRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  anyStatus?: boolean;
}

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/** Whether an address may be connected to: public unicast only (IPv4-mapped IPv6 judged as the IPv4 it maps). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const a = ipaddr.process(address);
  return a.range() === "unicast";
}

/**
 * What `allowPrivate` opens besides public unicast: this machine and the site's own network (loopback, RFC 1918,
 * unique-local, CGNAT). Never link-local (169.254.0.0/16 holds cloud metadata services, fe80::/10), unspecified,
 * multicast, broadcast or reserved addresses.
 */
const PRIVATE_RANGES = new Set(["loopback", "private", "uniqueLocal", "carrierGradeNat"]);

export function addressAllowed(address: string, allowPrivate: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === "unicast" || (allowPrivate && PRIVATE_RANGES.has(range));
}

/** Checks a URL's scheme and, for an address literal, the address (names are checked when they resolve). */
export function checkUrl(raw: string, allowPrivate: boolean): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new OutboundError("URL_INVALID", "地址不是有效的网址");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new OutboundError("URL_INVALID", "地址只支持 http 和 https");
  if (u.username || u.password) throw new OutboundError("URL_INVALID", "地址不能包含用户名或密码");
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host) && !addressAllowed(host, allowPrivate))
    throw new OutboundError("ADDRESS_BLOCKED", "地址指向内网或本机地址，已拒绝");
  if (!allowPrivate && /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host))
    throw new OutboundError("ADDRESS_BLOCKED", "地址指向内网或本机地址，已拒绝");
  return u;
}

/** The socket's DNS lookup: refuses when any address the name has is not allowed. */
const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return (callback as (e: Error) => void)(err);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !addressAllowed(a.address, allowPrivate));
      if (bad || list.length === 0) {
        const e = new OutboundError("ADDRESS_BLOCKED", "地址解析到内网或本机地址，已拒绝");
        return (callback as (e: Error) => void)(e);
      }
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
    });
  };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * With `toFile` the body is streamed into that (new) file instead of being returned (`body` is ""); the size limit
 * holds the same way and a failure removes the file.
 */
export async function guardedFetch(
  rawUrl: string,
  limits: FetchLimits,
  cond: Conditional = {},
  signal?: AbortSignal,
  opts: { toFile?: string; request?: OutboundRequest } = {},
): Promise<FetchOutcome> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const all = signal ? AbortSignal.any([deadline, signal]) : deadline;
  let url = checkUrl(rawUrl, limits.allowPrivate);
  for (let hop = 0; ; hop++) {
    const r = await oneRequest(url, limits, cond, all, deadline, opts.toFile, opts.request ?? {}).catch(async (e) => {
      if (opts.toFile) await fs.promises.rm(opts.toFile, { force: true });
      throw e;
    });
    if (r.redirect === undefined) return r.outcome;
    if ((opts.request?.method ?? "GET") !== "GET")
      throw new OutboundError("TOO_MANY_REDIRECTS", "服务器要求重定向，已拒绝（只跟随 GET 请求的重定向）");
    if (hop >= limits.maxRedirects)
      throw new OutboundError("TOO_MANY_REDIRECTS", `重定向次数超过 ${limits.maxRedirects} 次`);
    let next: URL;
    try {
      next = new URL(r.redirect, url);
    } catch {
      throw new OutboundError("URL_INVALID", "重定向地址无效");
    }
    url = checkUrl(next.toString(), limits.allowPrivate);
  }
}

type Hop = { redirect: string; outcome?: undefined } | { redirect?: undefined; outcome: FetchOutcome };

function oneRequest(
  url: URL,
  limits: FetchLimits,
  cond: Conditional,
  signal: AbortSignal,
  deadline: AbortSignal,
  toFile: string | undefined,
  request: OutboundRequest,
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const fail = (e: unknown) => reject(asFetchError(e, deadline));
    if (signal.aborted) return fail(signal.reason);
    const headers: Record<string, string> = {
      accept: "application/json, text/plain;q=0.9, */*;q=0.5",
      "accept-encoding": "gzip, deflate, br",
      "user-agent": "gryx/1.0",
      ...request.headers,
    };
    if (cond.etag) headers["if-none-match"] = cond.etag;
    if (cond.lastModified) headers["if-modified-since"] = cond.lastModified;
    const mod = url.protocol === "https:" ? https : http;
    const req = mod.request(
      url,
      { method: request.method ?? "GET", headers, signal, lookup: guardedLookup(limits.allowPrivate), agent: false },
      (res) => {
        const status = res.statusCode ?? 0;
        const etag = headerOf(res.headers.etag);
        const lastModified = headerOf(res.headers["last-modified"]);
        if (REDIRECTS.has(status)) {
          res.resume();
          const loc = headerOf(res.headers.location);
          if (!loc) return fail(new OutboundError("HTTP_STATUS", `服务器返回 ${status} 但没有跳转地址`, status));
          return resolve({ redirect: loc });
        }
        if (status === 304) {
          res.resume();
          return resolve({
            outcome: {
              notModified: true,
              status: 304,
              finalUrl: url.toString(),
              etag: etag ?? cond.etag ?? null,
              lastModified: lastModified ?? cond.lastModified ?? null,
              bytes: 0,
            },
          });
        }
        if ((status < 200 || status >= 300) && !request.anyStatus) {
          res.resume();
          return fail(new OutboundError("HTTP_STATUS", `服务器返回 HTTP ${status}`, status));
        }
        const declared = Number(res.headers["content-length"]);
        const encoding = (headerOf(res.headers["content-encoding"]) ?? "identity").toLowerCase();
        if (encoding === "identity" && Number.isFinite(declared) && declared > limits.maxBytes) {
          res.destroy();
          return fail(tooLarge(limits.maxBytes));
        }
        const decoder =
          encoding === "gzip" || encoding === "x-gzip"
            ? zlib.createGunzip()
            : encoding === "deflate"
              ? zlib.createInflate()
              : encoding === "br"
                ? zlib.createBrotliDecompress()
                : null;
        if (toFile) {
          let written = 0;
          const counter = new Transform({
            transform(c: Buffer, _enc, cb) {
              written += c.length;
              cb(written > limits.maxBytes ? tooLarge(limits.maxBytes) : null, c);
            },
          });
          // One pipeline from the response on: a connection cut mid-body fails it at once, decoded or not.
          const file = fs.createWriteStream(toFile, { flags: "w" });
          (decoder ? pipeline(res, decoder, counter, file, { signal }) : pipeline(res, counter, file, { signal })).then(
            () =>
              resolve({
                outcome: {
                  notModified: false,
                  status,
                  finalUrl: url.toString(),
                  etag,
                  lastModified,
                  bytes: written,
                  body: "",
                },
              }),
            (e) => {
              res.destroy();
              fail(e);
            },
          );
          return;
        }
        const stream: NodeJS.ReadableStream = decoder ? res.pipe(decoder) : res;
        const chunks: Buffer[] = [];
        let bytes = 0;
        stream.on("data", (c: Buffer) => {
          bytes += c.length;
          if (bytes > limits.maxBytes) {
            res.destroy();
            (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
            fail(tooLarge(limits.maxBytes));
            return;
          }
          chunks.push(c);
        });
        stream.on("error", fail);
        res.on("error", fail);
        stream.on("end", () => {
          if (bytes > limits.maxBytes) return;
          resolve({
            outcome: {
              notModified: false,
              status,
              finalUrl: url.toString(),
              etag,
              lastModified,
              bytes,
              body: Buffer.concat(chunks).toString("utf8"),
            },
          });
        });
      },
    );
    req.on("error", fail);
    req.end(request.body);
  });
}

function tooLarge(max: number) {
  return new OutboundError("TOO_LARGE", `下载内容超过 ${Math.round(max / 1024 / 1024)} MB 上限`);
}

function headerOf(v: string | string[] | undefined): string | null {
  if (v === undefined) return null;
  return Array.isArray(v) ? (v[0] ?? null) : v;
}

function asFetchError(e: unknown, deadline: AbortSignal): OutboundError {
  if (e instanceof OutboundError) return e;
  if (deadline.aborted) return new OutboundError("TIMEOUT", "请求超时");
  const cause = (e as { cause?: unknown })?.cause;
  if (cause instanceof OutboundError) return cause;
  const code = (e as { code?: string })?.code;
  if (code === "ABORT_ERR" || (e as Error)?.name === "AbortError")
    return new OutboundError("TIMEOUT", "请求已取消或超时");
  return new OutboundError("NETWORK", `无法连接服务器${code ? `（${code}）` : ""}`);
}
