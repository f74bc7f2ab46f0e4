import { createHmac } from "node:crypto";
import { guardedFetch, OutboundError, type FetchOutcome } from "@gryx/platform/outbound";

/**
 * The supplier protocol (server/src/modules/mall/README.md): JSON over HTTP(S), every request signed with the
 * supplier's key: `X-Gryx-Timestamp` (unix seconds) and `X-Gryx-Signature` = hex HMAC-SHA256(key,
 * `${timestamp}\n${METHOD}\n${path}\n${body}`). Place an order (`POST /orders {reference, product, udid}`, the same
 * reference answering the same order), poll it (`GET /orders/{id}` → status processing | done | failed), fetch the
 * result (`GET /orders/{id}/certificate` → p12 and mobileprovision in base64, password).
 */
export type SupplierFailure = "transient" | "auth" | "refused";

export class SupplierError extends Error {
  constructor(
    readonly failure: SupplierFailure,
    message: string,
  ) {
    super(message);
    this.name = "SupplierError";
  }
}

export interface SupplierOrder {
  orderId: string;
  status: "processing" | "done" | "failed";
  message: string | null;
}

function supplierSignature(key: string, timestamp: string, method: string, path: string, body: string): string {
  return createHmac("sha256", key).update(`${timestamp}\n${method}\n${path}\n${body}`).digest("hex");
}

/** A supplier's answers are small JSON (the certificate answer carries a p12 and a profile in base64). */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export class SupplierClient {
  /** `allowPrivate`: the admin's 允许内网地址 for this supplier (@gryx/platform/outbound; never link-local). */
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
    private readonly allowPrivate = false,
  ) {}

  private async request(method: "GET" | "POST", path: string, body?: unknown): Promise<any> {
    const url = new URL(this.baseUrl.replace(/\/+$/, "") + path);
    const text = body === undefined ? "" : JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    let res: FetchOutcome;
    try {
      res = await guardedFetch(
        url.toString(),
        { maxBytes: MAX_ANSWER_BYTES, timeoutMs: this.timeoutMs, maxRedirects: 0, allowPrivate: this.allowPrivate },
        {},
        this.signal,
        {
          request: {
            method,
            headers: {
              "content-type": "application/json",
              "x-gryx-timestamp": ts,
              "x-gryx-signature": supplierSignature(this.key, ts, method, url.pathname, text),
            },
            body: body === undefined ? undefined : text,
            anyStatus: true,
          },
        },
      );
    } catch (e) {
      const err = e as Error;
      if (e instanceof OutboundError && (e.code === "ADDRESS_BLOCKED" || e.code === "URL_INVALID"))
        throw new SupplierError("refused", `供应商接口地址已拒绝：${err.message}`);
      throw new SupplierError(
        "transient",
        e instanceof OutboundError && e.code === "TIMEOUT"
          ? `供应商接口超时（${this.timeoutMs} ms）`
          : `供应商接口无法连接：${err.message}`,
      );
    }
    const raw = res.notModified ? "" : res.body;
    const okStatus = res.status >= 200 && res.status < 300;
    let json: any = null;
    try {
      json = raw ? JSON.parse(raw) : null;
    } catch {
      throw new SupplierError(
        okStatus ? "refused" : "transient",
        `供应商接口返回了无法解析的内容（HTTP ${res.status}）`,
      );
    }
    if (okStatus) return json;
    const message = `供应商接口 HTTP ${res.status}：${String(json?.error ?? "").slice(0, 200)}`;
    if (res.status === 401 || res.status === 403) throw new SupplierError("auth", message);
    if (res.status === 429 || res.status >= 500) throw new SupplierError("transient", message);
    throw new SupplierError("refused", message);
  }

  private order(j: any): SupplierOrder {
    const status = j?.status;
    if (typeof j?.order_id !== "string" || !["processing", "done", "failed"].includes(status))
      throw new SupplierError("refused", "供应商接口的订单应答格式不符");
    return { orderId: j.order_id, status, message: typeof j.message === "string" ? j.message.slice(0, 500) : null };
  }

  async place(reference: string, product: string, udid: string): Promise<SupplierOrder> {
    return this.order(await this.request("POST", "/orders", { reference, product, udid }));
  }

  async poll(orderId: string): Promise<SupplierOrder> {
    return this.order(await this.request("GET", `/orders/${encodeURIComponent(orderId)}`));
  }

  async certificate(orderId: string): Promise<{ p12: Buffer; password: string; profile: Buffer }> {
    const j = await this.request("GET", `/orders/${encodeURIComponent(orderId)}/certificate`);
    if (typeof j?.p12 !== "string" || typeof j?.mobileprovision !== "string" || typeof j?.password !== "string")
      throw new SupplierError("refused", "供应商接口的证书应答格式不符");
    return {
      p12: Buffer.from(j.p12, "base64"),
      password: j.password,
      profile: Buffer.from(j.mobileprovision, "base64"),
    };
  }
}
