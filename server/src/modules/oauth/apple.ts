import { timingSafeEqual } from "node:crypto";
import { decodeProtectedHeader, errors, importJWK, jwtVerify, type JWK, type JWTPayload } from "jose";
import { DomainError } from "../../common/errors";
import { OutboundError } from "@gryx/platform/outbound";
import type { ProviderGet } from "./oauth.service";

/**
 * Sign in with Apple JS: the id_token the SDK hands the page is a JWS signed by one of Apple's keys (the JWKS at
 * `<base>/auth/keys`, by default https://appleid.apple.com/auth/keys). Verified with `jose`: signature (RS256 or
 * ES256, the key named by `kid`), `iss` https://appleid.apple.com, `aud` our services id, `exp`, and the `nonce` we
 * handed the page with the state. The account is `sub`; the email may be a private relay address.
 */
const APPLE_ISSUER = "https://appleid.apple.com";
export const APPLE_DEFAULT_BASE = "https://appleid.apple.com";
export const APPLE_DEFAULT_SDK = "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/zh_CN/appleid.auth.js";
export const APPLE_DEFAULT_SCOPE = "name email";
const APPLE_ALGORITHMS = ["RS256", "ES256"];
const PRIVATE_RELAY_DOMAIN = "privaterelay.appleid.com";
const MAX_TOKEN_LENGTH = 8192;
const MAX_KEYS = 20;

export const appleJwksUrl = (base: string) => `${base.replace(/\/+$/, "")}/auth/keys`;

type Key = Awaited<ReturnType<typeof importJWK>>;

/**
 * Apple's public keys, cached by `kid` per JWKS URL. A token naming a `kid` we do not hold refetches the set (Apple
 * rotates keys), at most once per `refetchAfterMs`, so forged tokens with made-up kids cannot make us hammer Apple.
 */
export class AppleKeys {
  private readonly sets = new Map<
    string,
    { keys: Map<string, { jwk: JWK; imported: Map<string, Key> }>; fetchedAt: number }
  >();
  private readonly inflight = new Map<string, Promise<void>>();

  constructor(
    private readonly get: ProviderGet,
    private readonly opts = { maxAgeMs: 6 * 3600_000, refetchAfterMs: 30_000 },
  ) {}

  async key(jwksUrl: string, kid: string, alg: string): Promise<Key> {
    let set = this.sets.get(jwksUrl);
    const age = set ? Date.now() - set.fetchedAt : Infinity;
    if (!set || age > this.opts.maxAgeMs || (!set.keys.has(kid) && age > this.opts.refetchAfterMs)) {
      await this.refresh(jwksUrl);
      set = this.sets.get(jwksUrl)!;
    }
    const entry = set.keys.get(kid);
    if (!entry) throw new DomainError("OAUTH_APPLE_TOKEN_INVALID", "Apple登录失败：签名密钥未知");
    if (entry.jwk.alg && entry.jwk.alg !== alg)
      throw new DomainError("OAUTH_APPLE_TOKEN_INVALID", "Apple登录失败：签名算法不符");
    let imported = entry.imported.get(alg);
    if (!imported) {
      try {
        imported = await importJWK(entry.jwk, alg);
      } catch {
        throw new DomainError("OAUTH_APPLE_TOKEN_INVALID", "Apple登录失败：签名密钥无效");
      }
      entry.imported.set(alg, imported);
    }
    return imported;
  }

  private refresh(jwksUrl: string): Promise<void> {
    let p = this.inflight.get(jwksUrl);
    if (!p) {
      p = this.fetch(jwksUrl).finally(() => this.inflight.delete(jwksUrl));
      this.inflight.set(jwksUrl, p);
    }
    return p;
  }

  private async fetch(jwksUrl: string): Promise<void> {
    let body: string;
    try {
      body = await this.get(jwksUrl);
    } catch (e) {
      if (e instanceof OutboundError) throw new DomainError("OAUTH_APPLE_UNAVAILABLE");
      throw e;
    }
    let keys: unknown;
    try {
      keys = (JSON.parse(body) as { keys?: unknown }).keys;
    } catch {
      keys = undefined;
    }
    if (!Array.isArray(keys))
      throw new DomainError("OAUTH_APPLE_UNAVAILABLE", "Apple登录失败，请稍后重试（密钥列表无法识别）");
    const map = new Map<string, { jwk: JWK; imported: Map<string, Key> }>();
    for (const k of keys.slice(0, MAX_KEYS) as JWK[]) {
      if (k && typeof k === "object" && typeof k.kid === "string" && (k.kty === "RSA" || k.kty === "EC") && !("d" in k))
        map.set(k.kid, { jwk: k, imported: new Map() });
    }
    this.sets.set(jwksUrl, { keys: map, fetchedAt: Date.now() });
  }
}

export interface AppleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  isPrivateEmail: boolean;
}

const truthy = (v: unknown) => v === true || v === "true";

export async function verifyAppleIdToken(
  token: unknown,
  p: { keys: AppleKeys; jwksUrl: string; audience: string; nonce: string },
): Promise<AppleIdentity> {
  if (typeof token !== "string" || !token) throw new DomainError("OAUTH_APPLE_TOKEN_REQUIRED");
  if (token.length > MAX_TOKEN_LENGTH) throw new DomainError("OAUTH_APPLE_TOKEN_INVALID");
  let payload: JWTPayload;
  try {
    decodeProtectedHeader(token);
    ({ payload } = await jwtVerify(
      token,
      async (header) => {
        if (!header.kid || !header.alg || !APPLE_ALGORITHMS.includes(header.alg))
          throw new DomainError("OAUTH_APPLE_TOKEN_INVALID");
        return p.keys.key(p.jwksUrl, header.kid, header.alg);
      },
      {
        issuer: APPLE_ISSUER,
        audience: p.audience,
        algorithms: APPLE_ALGORITHMS,
        clockTolerance: 30,
        requiredClaims: ["sub", "exp", "iat"],
      },
    ));
  } catch (e) {
    if (e instanceof DomainError) throw e;
    if (e instanceof errors.JWTExpired) throw new DomainError("OAUTH_APPLE_TOKEN_EXPIRED");
    if (e instanceof errors.JWTClaimValidationFailed && e.claim === "iss") throw new DomainError("OAUTH_APPLE_ISSUER");
    if (e instanceof errors.JWTClaimValidationFailed && e.claim === "aud")
      throw new DomainError("OAUTH_APPLE_AUDIENCE");
    throw new DomainError("OAUTH_APPLE_TOKEN_INVALID");
  }
  const nonce = typeof payload.nonce === "string" ? Buffer.from(payload.nonce) : Buffer.alloc(0);
  const expected = Buffer.from(p.nonce);
  if (nonce.length !== expected.length || !timingSafeEqual(nonce, expected)) throw new DomainError("OAUTH_APPLE_NONCE");
  const sub = payload.sub!;
  if (sub.length > 255) throw new DomainError("OAUTH_APPLE_TOKEN_INVALID");
  const email = typeof payload.email === "string" && payload.email.length <= 254 ? payload.email.toLowerCase() : null;
  return {
    sub,
    email,
    emailVerified: truthy(payload.email_verified),
    isPrivateEmail: truthy(payload.is_private_email) || !!email?.endsWith("@" + PRIVATE_RELAY_DOMAIN),
  };
}
