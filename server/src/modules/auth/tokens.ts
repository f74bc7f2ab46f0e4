import { SignJWT, jwtVerify, errors } from "jose";

/** JWTs are HS256 only, with a fixed issuer and audience; the session id (`sid`) ties a token to a revocable row. */
export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export class TokenService {
  private readonly key: Uint8Array;

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

  /** Returns the claims of a valid token, or null for anything else (bad signature, expired, other issuer...). */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: this.issuer,
        audience: this.audience,
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== "string") return null;
      return { userId, sessionId: payload.sid };
    } catch (e) {
      if (e instanceof errors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  }
}
