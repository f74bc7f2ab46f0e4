import { createHmac, hkdfSync, randomBytes } from "node:crypto";

/** The characters of a code: digits and capitals without the ambiguous 0/O, 1/I/L (31 symbols). */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** Random characters per code: 20 × log2(31) ≈ 99 bits. */
const CODE_LENGTH = 20;
/** Characters per group, joined with "-" for reading. */
const GROUP = 4;

/** One random code body, `XXXX-XXXX-XXXX-XXXX-XXXX`, each character uniform over the alphabet (rejection sampling). */
export function randomCodeBody(): string {
  const n = CODE_ALPHABET.length;
  const limit = 256 - (256 % n); // 248: bytes at or above it would bias the modulo
  let out = "";
  while (out.length < CODE_LENGTH) {
    for (const b of randomBytes(CODE_LENGTH * 2)) {
      if (b >= limit) continue;
      out += CODE_ALPHABET[b % n];
      if (out.length === CODE_LENGTH) break;
    }
  }
  return out.match(new RegExp(`.{${GROUP}}`, "g"))!.join("-");
}

/** A code with its batch's prefix (`VIP-XXXX-…`), or the body alone. */
export const withPrefix = (prefix: string, body: string): string => (prefix ? `${prefix}-${body}` : body);

/** What a typed code is compared as: capitals, without spaces and dashes (so "abcd efgh" matches "ABCD-EFGH"). */
export function canonicalCode(raw: string): string {
  return raw
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-_]+/g, "");
}

/** The short, non-secret part the back office sees: the prefix and the last group. */
export function codeHint(prefix: string, body: string): string {
  return `${prefix ? prefix + "-" : ""}****-${body.slice(-GROUP)}`;
}

/**
 * Codes are stored only as HMAC-SHA256 under a pepper derived from the server's secret (SECRETS_KEY, or JWT_SECRET):
 * a copy of the table alone does not let anyone test guesses offline.
 */
export class CodeHasher {
  private readonly pepper: Buffer;

  constructor(secret: string) {
    this.pepper = Buffer.from(hkdfSync("sha256", secret, "gryx-card-keys", "card_keys.code_hash", 32));
  }

  hash(code: string): string {
    return createHmac("sha256", this.pepper).update(canonicalCode(code), "utf8").digest("hex");
  }
}
