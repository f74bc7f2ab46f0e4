import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * "Device cookies": after a successful login the browser gets an HttpOnly cookie that names the account it logged
 * in to. A login that presents it is from a device the owner used before, so failures piled up by strangers (on the
 * account-wide counter) do not lock that device out, even from a new network.
 */
export const DEVICE_COOKIE = "gryx_device";
export const DEVICE_TTL_SECONDS = 180 * 24 * 3600;

export class DeviceTrust {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac("sha256", secret).update("device-trust").digest();
  }

  issue(userId: number, now = Date.now()): string {
    const body = `${userId}.${Math.floor(now / 1000)}.${randomBytes(9).toString("base64url")}`;
    return `${body}.${this.mac(body)}`;
  }

  /** True when `token` is a genuine, unexpired device token of `userId`. */
  vouches(token: string | undefined, userId: number, now = Date.now()): boolean {
    if (!token || token.length > 200) return false;
    const parts = token.split(".");
    if (parts.length !== 4) return false;
    const body = parts.slice(0, 3).join(".");
    const given = Buffer.from(parts[3], "base64url");
    const expected = Buffer.from(this.mac(body), "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const issuedAt = Number(parts[1]);
    return Number(parts[0]) === userId && Number.isFinite(issuedAt) && now / 1000 - issuedAt < DEVICE_TTL_SECONDS;
  }

  private mac(body: string): string {
    return createHmac("sha256", this.key).update(body).digest("base64url");
  }
}

/** Reads one cookie from a Cookie header without a parser dependency. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
