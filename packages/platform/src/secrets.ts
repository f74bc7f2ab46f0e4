import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets at rest (merchant keys, certificate private keys and passwords, App Store Connect keys), for the server
 * and the worker alike: AES-256-GCM under a key derived with HKDF-SHA256 from one of the configured secrets, a
 * fresh random 96-bit nonce per value, and the purpose (e.g. "certificates.p12") bound as associated data so a
 * ciphertext cannot be moved to another column.
 *
 * The keyring comes from configuration:
 * - `SECRETS_KEYS="k2:<secret>,k1:<secret>"`: ids and secrets (each at least 32 characters); the first is the
 *   current key, that new values are sealed under; the others only open older values until `npm run secrets:rotate`
 *   has re-sealed them.
 * - otherwise `SECRETS_KEY`, or `JWT_SECRET` when that is unset (what installs used before the keyring), as the one
 *   key with id `k1`.
 *
 * A sealed value carries the id of its key: `v2:<key id>:<base64url(nonce | tag | ciphertext)>`. Values of the
 * first format, `v1:<base64url(...)>` (no id; the merchant keys sealed before the keyring), open under whichever
 * key of the ring fits, with the same derivation; rotation rewrites them as `v2`.
 */
export interface SecretKeyEntry {
  id: string;
  secret: string;
}

export const IMPLICIT_KEY_ID = "k1";
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const SALT = "gryx-secret-box";

export class Keyring {
  private readonly derived = new Map<string, Buffer>();
  readonly currentId: string;

  constructor(readonly keys: readonly SecretKeyEntry[]) {
    if (keys.length === 0) throw new Error("a keyring needs at least one key");
    const ids = new Set<string>();
    for (const k of keys) {
      if (!KEY_ID.test(k.id)) throw new Error(`key id "${k.id}" must be 1-32 letters, digits, _ or -`);
      if (ids.has(k.id)) throw new Error(`key id "${k.id}" is listed twice`);
      ids.add(k.id);
    }
    this.currentId = keys[0]!.id;
  }

  private key(id: string, purpose: string): Buffer | undefined {
    const memo = `${id}\0${purpose}`;
    let k = this.derived.get(memo);
    if (!k) {
      const entry = this.keys.find((e) => e.id === id);
      if (!entry) return undefined;
      k = Buffer.from(hkdfSync("sha256", entry.secret, SALT, purpose, 32));
      this.derived.set(memo, k);
    }
    return k;
  }

  /** Seals text or bytes under the current key. */
  seal(purpose: string, plain: string | Buffer): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key(this.currentId, purpose)!, nonce);
    cipher.setAAD(Buffer.from(purpose, "utf8"));
    const body = Buffer.concat([
      cipher.update(typeof plain === "string" ? Buffer.from(plain, "utf8") : plain),
      cipher.final(),
    ]);
    return `v2:${this.currentId}:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
  }

  /** The plain bytes, or null when no key of the ring opens the value (unknown key id, changed secret, tampered row). */
  open(purpose: string, sealed: string): Buffer | null {
    const parsed = parseSealed(sealed);
    if (!parsed) return null;
    const ids = parsed.keyId === null ? this.keys.map((k) => k.id) : [parsed.keyId];
    for (const id of ids) {
      const key = this.key(id, purpose);
      if (!key) continue;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, parsed.raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(purpose, "utf8"));
        decipher.setAuthTag(parsed.raw.subarray(12, 28));
        return Buffer.concat([decipher.update(parsed.raw.subarray(28)), decipher.final()]);
      } catch {
        // not this key
      }
    }
    return null;
  }

  openText(purpose: string, sealed: string): string | null {
    return this.open(purpose, sealed)?.toString("utf8") ?? null;
  }

  /** Whether the value is sealed under the current key in the current format (rotation leaves it alone). */
  isCurrent(sealed: string): boolean {
    return keyIdOf(sealed) === this.currentId;
  }

  /**
   * The value sealed under the current key: itself when it already is, null when no key of the ring opens it
   * (rotation reports those rows instead of losing them).
   */
  reseal(purpose: string, sealed: string): string | null {
    if (this.isCurrent(sealed)) return sealed;
    const plain = this.open(purpose, sealed);
    return plain === null ? null : this.seal(purpose, plain);
  }
}

function parseSealed(sealed: string): { keyId: string | null; raw: Buffer } | null {
  let keyId: string | null;
  let body: string;
  if (sealed.startsWith("v1:")) {
    keyId = null;
    body = sealed.slice(3);
  } else if (sealed.startsWith("v2:")) {
    const colon = sealed.indexOf(":", 3);
    if (colon < 0) return null;
    keyId = sealed.slice(3, colon);
    body = sealed.slice(colon + 1);
  } else return null;
  const raw = Buffer.from(body, "base64url");
  return raw.length < 28 ? null : { keyId, raw };
}

/** The id of the key a value is sealed under; null for a `v1` value (no id) or something not sealed. */
export function keyIdOf(sealed: string): string | null {
  if (!sealed.startsWith("v2:")) return null;
  const colon = sealed.indexOf(":", 3);
  return colon < 0 ? null : sealed.slice(3, colon);
}

type Env = Record<string, string | undefined>;

/**
 * The keyring of the environment (see Keyring), or undefined when no secret is configured; problems (a short
 * secret, a malformed list) are added to `problems` so the caller lists them with its others.
 */
export function keyringFromEnv(env: Env, problems: string[]): Keyring | undefined {
  const list = env.SECRETS_KEYS?.trim();
  if (list) {
    const keys: SecretKeyEntry[] = [];
    for (const item of list
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const colon = item.indexOf(":");
      const id = colon > 0 ? item.slice(0, colon) : "";
      const secret = colon > 0 ? item.slice(colon + 1) : "";
      if (!KEY_ID.test(id))
        problems.push(
          `SECRETS_KEYS: each entry is <id>:<secret> with an id of letters, digits, _ or - (got "${id || item.slice(0, 8)}…")`,
        );
      else if (secret.length < 32)
        problems.push(`SECRETS_KEYS: the secret of "${id}" must have at least 32 characters`);
      else if (keys.some((k) => k.id === id)) problems.push(`SECRETS_KEYS: key id "${id}" is listed twice`);
      else keys.push({ id, secret });
    }
    return keys.length ? new Keyring(keys) : undefined;
  }
  const secret = env.SECRETS_KEY || env.JWT_SECRET;
  if (!secret) return undefined;
  if (env.SECRETS_KEY && env.SECRETS_KEY.length < 32)
    problems.push("SECRETS_KEY must have at least 32 characters (the launcher generates one)");
  return new Keyring([{ id: IMPLICIT_KEY_ID, secret }]);
}
