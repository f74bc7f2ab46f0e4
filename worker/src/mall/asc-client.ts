import { SignJWT, importPKCS8 } from "jose";
import { guardedFetch, type FetchOutcome } from "@gryx/platform/outbound";

/**
 * A small App Store Connect API client for the mall's fulfilment: an ES256 token per account (kid = key id, iss =
 * issuer id, aud appstoreconnect-v1, 20 minutes at most, reused until 2 minutes before it expires), JSON:API
 * requests with a timeout, and errors sorted by what the caller must do about them.
 */

/** What went wrong, for the fulfilment to decide: try later, drop this account, or give up. */
export type AscFailure =
  /** 401/403: the key was revoked or lacks access: the account is marked bad. */
  | "auth"
  /** 409 on POST /v1/devices: the team's device limit is reached: the account is marked full. */
  | "device-limit"
  /** 409 on POST /v1/devices: the device is registered already: look it up and reuse it. */
  | "duplicate"
  /** 429, 5xx, timeouts, refused connections: retried with back-off. */
  | "transient"
  /** Any other refusal: the order fails. */
  | "refused";

export class AscError extends Error {
  constructor(
    readonly failure: AscFailure,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "AscError";
  }
}

export interface AscKey {
  keyId: string;
  issuerId: string;
  /** PKCS#8 PEM of the .p8. */
  pem: string;
}

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, any>;
}

const TOKEN_SECONDS = 20 * 60;
const tokens = new Map<string, { token: string; exp: number }>();

/** An App Store Connect token for the key, reused while it has more than 2 minutes left. */
async function ascToken(key: AscKey, now = Date.now()): Promise<string> {
  const cached = tokens.get(key.keyId);
  if (cached && cached.exp - 120 > now / 1000) return cached.token;
  const iat = Math.floor(now / 1000);
  const exp = iat + TOKEN_SECONDS;
  const token = await new SignJWT({ aud: "appstoreconnect-v1" })
    .setProtectedHeader({ alg: "ES256", kid: key.keyId, typ: "JWT" })
    .setIssuer(key.issuerId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await importPKCS8(key.pem, "ES256"));
  tokens.set(key.keyId, { token, exp });
  return token;
}

export class AscClient {
  constructor(
    private readonly baseUrl: string,
    private readonly key: AscKey,
    private readonly opts: { timeoutMs?: number; signal?: AbortSignal } = {},
  ) {}

  /**
   * One call through the address guard (@gryx/platform/outbound): the base URL is the operator's (ASC_BASE_URL, default
   * Apple's), so private addresses are allowed (a local App Store Connect stand-in), link-local never; no redirects,
   * answers at most 8 MB.
   */
  private async request(method: "GET" | "POST", path: string, body?: unknown): Promise<any> {
    const token = await ascToken(this.key);
    let res: FetchOutcome;
    try {
      res = await guardedFetch(
        this.baseUrl + path,
        { maxBytes: 8 * 1024 * 1024, timeoutMs: this.opts.timeoutMs ?? 20_000, maxRedirects: 0, allowPrivate: true },
        {},
        this.opts.signal,
        {
          request: {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              accept: "application/json",
              ...(body ? { "content-type": "application/json" } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
            anyStatus: true,
          },
        },
      );
    } catch (e) {
      throw new AscError("transient", 0, `App Store Connect 无法连接：${(e as Error).message}`);
    }
    const text = res.notModified ? "" : res.body;
    const ok = res.status >= 200 && res.status < 300;
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      if (ok) throw new AscError("transient", res.status, "App Store Connect 返回了无法解析的内容");
    }
    if (ok) return json;
    const err = json?.errors?.[0] ?? {};
    const detail = `${res.status} ${err.code ?? ""} ${err.detail ?? err.title ?? text.slice(0, 200)}`.trim();
    if (res.status === 401 || res.status === 403)
      throw new AscError("auth", res.status, `App Store Connect 拒绝了 API 密钥（${detail}）`);
    if (res.status === 429 || res.status >= 500)
      throw new AscError("transient", res.status, `App Store Connect 暂时不可用（${detail}）`);
    if (res.status === 409 && method === "POST" && path === "/v1/devices") {
      const text = `${err.code ?? ""} ${err.detail ?? ""}`;
      if (/already exists/i.test(text)) throw new AscError("duplicate", 409, `设备已注册（${detail}）`);
      if (/maximum|limit/i.test(text)) throw new AscError("device-limit", 409, `账号设备数已达上限（${detail}）`);
    }
    throw new AscError("refused", res.status, `App Store Connect 拒绝了请求（${detail}）`);
  }

  /** The device registered with this UDID, if any. */
  async findDevice(udid: string): Promise<Resource | null> {
    const r = await this.request("GET", `/v1/devices?filter[udid]=${encodeURIComponent(udid)}&limit=1`);
    return r?.data?.[0] ?? null;
  }

  async registerDevice(udid: string, name: string): Promise<Resource> {
    const r = await this.request("POST", "/v1/devices", {
      data: { type: "devices", attributes: { name, platform: "IOS", udid } },
    });
    return r.data;
  }

  /** The wildcard bundle id (`*`), created when the team has none. */
  async wildcardBundleId(): Promise<Resource> {
    const r = await this.request("GET", `/v1/bundleIds?filter[identifier]=${encodeURIComponent("*")}&limit=1`);
    if (r?.data?.[0]) return r.data[0];
    const created = await this.request("POST", "/v1/bundleIds", {
      data: { type: "bundleIds", attributes: { identifier: "*", name: "Wildcard", platform: "IOS" } },
    });
    return created.data;
  }

  async findCertificate(serialNumber: string): Promise<Resource | null> {
    const r = await this.request(
      "GET",
      `/v1/certificates?filter[serialNumber]=${encodeURIComponent(serialNumber)}&limit=1`,
    );
    return r?.data?.[0] ?? null;
  }

  async findProfile(name: string): Promise<Resource | null> {
    const r = await this.request("GET", `/v1/profiles?filter[name]=${encodeURIComponent(name)}&limit=1`);
    return r?.data?.[0] ?? null;
  }

  async getProfile(id: string): Promise<Resource> {
    return (await this.request("GET", `/v1/profiles/${encodeURIComponent(id)}`)).data;
  }

  /** An ad hoc profile for the wildcard bundle id with the account's certificate and the device. */
  async createProfile(name: string, bundleIdId: string, certificateId: string, deviceId: string): Promise<Resource> {
    const r = await this.request("POST", "/v1/profiles", {
      data: {
        type: "profiles",
        attributes: { name, profileType: "IOS_APP_ADHOC" },
        relationships: {
          bundleId: { data: { type: "bundleIds", id: bundleIdId } },
          certificates: { data: [{ type: "certificates", id: certificateId }] },
          devices: { data: [{ type: "devices", id: deviceId }] },
        },
      },
    });
    return r.data;
  }
}
