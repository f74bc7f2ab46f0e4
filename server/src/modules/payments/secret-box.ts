import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets at rest (merchant keys): AES-256-GCM under a key derived with HKDF-SHA256 from the configured secret
 * (SECRETS_KEY, or JWT_SECRET when SECRETS_KEY is not set; see config.ts). Each value has its own random 96-bit
 * nonce; the purpose string is bound as associated data, so a ciphertext cannot be moved to another column.
 * Stored as `v1:<base64url(nonce | tag | ciphertext)>`.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync("sha256", secret, "gryx-secret-box", purpose, 32));
    this.aad = Buffer.from(purpose, "utf8");
  }

  private readonly aad: Buffer;

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce);
    cipher.setAAD(this.aad);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return `v1:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
  }

  /** The plain text, or null when the value was not sealed under this key (changed secret, tampered row). */
  open(sealed: string): string | null {
    if (!sealed.startsWith("v1:")) return null;
    const raw = Buffer.from(sealed.slice(3), "base64url");
    if (raw.length < 28) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
      decipher.setAAD(this.aad);
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}
