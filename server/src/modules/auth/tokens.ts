import { SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify, errors } from "jose";
import { LRUCache } from "lru-cache";

/** JWTs are HS256 only, with a fixed issuer and audience; the session id (`sid`) ties a token to a revocable row. */
export interface TokenClaims {
  userId: number;
  sessionId: string;
}

/** Why a token does not verify, for /admin/debug-auth. */
type TokenProblem = "malformed" | "algorithm" | "signature" | "expired" | "claims";

export interface TokenInspection {
  /** The decoded header and payload (also of a token that does not verify), or null when it cannot be decoded. */
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  problem: TokenProblem | null;
  /** The verifier's own words on the problem. */
  detail: string | null;
}

/** How many verified tokens a process remembers (each about 300 bytes of token and claims). */
const VERIFIED_CACHE_SIZE = 20_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature, issuer and audience verified, with their claims and expiry: every authenticated request
   * carries one, and an HMAC through WebCrypto costs more than the rest of a small request. A token's signature cannot
   * stop being valid under the same key; its expiry is checked on every use, and the session row (revocation) is
   * still read per request by AuthService.authenticate.
   */
  private readonly verified = new LRUCache<string, { claims: TokenClaims; expiresAtMs: number }>({
    max: VERIFIED_CACHE_SIZE,
  });

  constructor(
    secret: string,
    private readonly issuer: string,
    private readonly audience: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(claims.userId))
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Decodes and verifies a token, saying which check failed (signature, expiry, issuer/audience...). */
  async inspect(token: string): Promise<TokenInspection> {
    let header: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      header = decodeProtectedHeader(token) as Record<string, unknown>;
      claims = decodeJwt(token) as Record<string, unknown>;
    } catch (e) {
      return { header: null, claims: null, problem: "malformed", detail: (e as Error).message };
    }
    try {
      await jwtVerify(token, this.key, { algorithms: ["HS256"], issuer: this.issuer, audience: this.audience });
      const ok = Number.isInteger(Number(claims.sub)) && typeof claims.sid === "string";
      return { header, claims, problem: ok ? null : "claims", detail: ok ? null : "sub or sid missing" };
    } catch (e) {
      const problem: TokenProblem =
        e instanceof errors.JWTExpired
          ? "expired"
          : e instanceof errors.JWSSignatureVerificationFailed
            ? "signature"
            : e instanceof errors.JOSEAlgNotAllowed
              ? "algorithm"
              : e instanceof errors.JWTClaimValidationFailed
                ? "claims"
                : "malformed";
      return { header, claims, problem, detail: (e as Error).message };
    }
  }

  /** Returns the claims of a valid token, or null for anything else (bad signature, expired, other issuer...). */
  async verify(token: string): Promise<TokenClaims | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAtMs > Date.now()) return hit.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: this.issuer,
        audience: this.audience,
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== "string") return null;
      const claims = { userId, sessionId: payload.sid };
      // jose requires `exp` to be a number when present; a token without one is not remembered.
      if (typeof payload.exp === "number") this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch (e) {
      if (e instanceof errors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  }
}
