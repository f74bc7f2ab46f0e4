import { createHmac } from "node:crypto";
import type { Keyring } from "@gryx/platform/secrets";
import { checkUrl, guardedFetch, OutboundError } from "@gryx/platform/outbound";
import {
  certSupplierById,
  deleteCertSupplier,
  insertCertSupplier,
  listCertSuppliers,
  recordCertSupplierTest,
  SEALING,
  updateCertSupplier,
  type CertSupplierFields,
  type CertSupplierRow,
  type Sql,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { parseId, requireText } from "../../common/validate";

export const SUPPLIER_KEY_PURPOSE = SEALING.supplierApiKey;
/** A supplier's answers are small JSON (the certificate answer carries a p12 and a profile in base64). */
const SUPPLIER_MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export interface SupplierView {
  id: number;
  name: string;
  baseUrl: string;
  /** Our package id → the supplier's product code. */
  productMap: Record<string, string>;
  timeoutMs: number;
  enabled: boolean;
  /** 允许内网地址: calls may reach loopback or private addresses (never link-local). */
  allowPrivate: boolean;
  lastTestAt: Date | null;
  lastTestOk: boolean | null;
  lastTestMessage: string | null;
  createdAt: Date;
}

export interface SupplierInput {
  name?: unknown;
  baseUrl?: unknown;
  apiKey?: unknown;
  productMap?: unknown;
  timeoutMs?: unknown;
  enabled?: unknown;
  allowPrivate?: unknown;
}

const view = (r: CertSupplierRow): SupplierView => ({
  id: r.id,
  name: r.name,
  baseUrl: r.base_url,
  productMap: r.product_map ?? {},
  timeoutMs: r.timeout_ms,
  enabled: r.enabled,
  allowPrivate: r.allow_private === true,
  lastTestAt: r.last_test_at,
  lastTestOk: r.last_test_ok,
  lastTestMessage: r.last_test_message,
  createdAt: r.created_at,
});

/** The protocol's request signature (the worker's SupplierClient signs the same way; see docs). */
function supplierSignature(key: string, timestamp: string, method: string, path: string, body: string): string {
  return createHmac("sha256", key).update(`${timestamp}\n${method}\n${path}\n${body}`).digest("hex");
}

/**
 * Suppliers of the `supplier` fulfilment source (`/admin/api-interfaces`): an HTTP API speaking our JSON protocol,
 * its key (sealed), the package → product code mapping and a timeout. 测试连接 calls its `GET /ping` signed with
 * the key and records the outcome.
 */
export class MallSuppliersService {
  constructor(
    private readonly db: Sql,
    private readonly secrets: Keyring,
  ) {}

  async list(): Promise<SupplierView[]> {
    return (await listCertSuppliers(this.db)).map(view);
  }

  async get(rawId: unknown): Promise<SupplierView> {
    const row = await certSupplierById(this.db, parseId(rawId, "接口ID"));
    if (!row) throw new DomainError("MALL_SUPPLIER_NOT_FOUND");
    return view(row);
  }

  private values(input: SupplierInput, partial: boolean): CertSupplierFields {
    const v: CertSupplierFields = {};
    const has = (k: keyof SupplierInput) => !partial || input[k] !== undefined;
    if (has("name")) v.name = requireText(input.name, "接口名称", 50);
    if (has("baseUrl")) {
      const url = requireText(input.baseUrl, "接口地址", 500);
      try {
        // The scheme, no credentials, and never a link-local literal (private ones depend on 允许内网地址, checked
        // when called: the address a name resolves to is only known then).
        checkUrl(url, true);
      } catch (e) {
        throw new DomainError(
          "MALL_SUPPLIER_INVALID",
          e instanceof OutboundError && e.code === "ADDRESS_BLOCKED"
            ? "接口地址不能是链路本地地址"
            : "接口地址须为 http(s) 地址",
        );
      }
      v.baseUrl = url.replace(/\/+$/, "");
    }
    if (has("apiKey")) {
      const key = requireText(input.apiKey, "接口密钥", 200, 8);
      v.apiKey = { sealed: this.secrets.seal(SUPPLIER_KEY_PURPOSE, key), keyId: this.secrets.currentId };
    }
    if (input.productMap !== undefined) {
      const m = input.productMap;
      if (!m || typeof m !== "object" || Array.isArray(m) || Object.keys(m).length > 200)
        throw new DomainError("MALL_SUPPLIER_INVALID", "套餐映射须为 套餐ID → 商品编码");
      const out: Record<string, string> = {};
      for (const [k, code] of Object.entries(m as Record<string, unknown>)) {
        if (!/^\d{1,10}$/.test(k) || typeof code !== "string" || !/^[\w.:-]{1,64}$/.test(code))
          throw new DomainError("MALL_SUPPLIER_INVALID", "套餐映射须为 套餐ID → 商品编码（字母、数字、._:-）");
        out[k] = code;
      }
      v.productMap = out;
    }
    if (input.timeoutMs !== undefined) {
      const n = Number(input.timeoutMs);
      if (!Number.isInteger(n) || n < 1000 || n > 120_000)
        throw new DomainError("MALL_SUPPLIER_INVALID", "超时须为1000到120000毫秒");
      v.timeoutMs = n;
    }
    if (input.enabled !== undefined) {
      if (typeof input.enabled !== "boolean") throw new DomainError("MALL_SUPPLIER_INVALID", "启用状态必须是布尔值");
      v.enabled = input.enabled;
    }
    if (input.allowPrivate !== undefined) {
      if (typeof input.allowPrivate !== "boolean")
        throw new DomainError("MALL_SUPPLIER_INVALID", "允许内网地址必须是布尔值");
      v.allowPrivate = input.allowPrivate;
    }
    return v;
  }

  async create(input: SupplierInput): Promise<SupplierView> {
    const v = this.values(input, false);
    return this.get(await insertCertSupplier(this.db, { ...v, name: v.name!, baseUrl: v.baseUrl!, apiKey: v.apiKey! }));
  }

  async update(rawId: unknown, input: SupplierInput): Promise<SupplierView> {
    const id = parseId(rawId, "接口ID");
    const v = this.values(input, true);
    if (!Object.keys(v).length) throw new DomainError("NOTHING_TO_UPDATE");
    if (!(await updateCertSupplier(this.db, id, v))) throw new DomainError("MALL_SUPPLIER_NOT_FOUND");
    return this.get(id);
  }

  async remove(rawId: unknown): Promise<void> {
    if (!(await deleteCertSupplier(this.db, parseId(rawId, "接口ID"))))
      throw new DomainError("MALL_SUPPLIER_NOT_FOUND");
  }

  /**
   * 测试连接: a signed `GET /ping` through the address guard (public addresses only unless 允许内网地址 is ticked
   * for this supplier; never link-local; no redirects). The outcome is answered and kept on the row: success with
   * the time it took, or why not (HTTP status, timeout, refused address) — never the text that came back, so the
   * button cannot be used to read another service's answers.
   */
  async test(rawId: unknown): Promise<SupplierView> {
    const id = parseId(rawId, "接口ID");
    const row = await certSupplierById(this.db, id);
    if (!row) throw new DomainError("MALL_SUPPLIER_NOT_FOUND");
    const key = this.secrets.openText(SUPPLIER_KEY_PURPOSE, row.api_key_sealed);
    let ok = false;
    let message: string;
    const started = Date.now();
    try {
      if (!key) throw new Error("接口密钥无法解密");
      const url = new URL(`${row.base_url}/ping`);
      const ts = String(Math.floor(Date.now() / 1000));
      const res = await guardedFetch(
        url.toString(),
        {
          maxBytes: SUPPLIER_MAX_ANSWER_BYTES,
          timeoutMs: row.timeout_ms,
          maxRedirects: 0,
          allowPrivate: row.allow_private === true,
        },
        {},
        undefined,
        {
          request: {
            headers: {
              "x-gryx-timestamp": ts,
              "x-gryx-signature": supplierSignature(key, ts, "GET", url.pathname, ""),
            },
            anyStatus: true,
          },
        },
      );
      let body: { ok?: unknown } | null = null;
      try {
        body = res.notModified ? null : (JSON.parse(res.body) as { ok?: unknown });
      } catch {
        body = null;
      }
      ok = res.status >= 200 && res.status < 300 && body?.ok === true;
      message = ok ? `连接成功（${Date.now() - started} ms）` : `HTTP ${res.status}：应答不符合协议`;
    } catch (e) {
      message =
        e instanceof OutboundError ? `无法连接：${e.message}` : `无法连接：${(e as Error).message}`.slice(0, 300);
    }
    await recordCertSupplierTest(this.db, id, ok, message);
    return this.get(id);
  }
}
