import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Keyring, keyIdOf, keyringFromEnv } from "./secrets";

const A = "a".repeat(40);
const B = "b".repeat(40);

/** A value in the format sealed before the keyring (payments' SecretBox): `v1:` and no key id. */
function legacySeal(secret: string, purpose: string, plain: string): string {
  const key = Buffer.from(hkdfSync("sha256", secret, "gryx-secret-box", purpose, 32));
  const nonce = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", key, nonce);
  c.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([c.update(plain, "utf8"), c.final()]);
  return `v1:${Buffer.concat([nonce, c.getAuthTag(), body]).toString("base64url")}`;
}

describe("Keyring", () => {
  it("seals under the current key with its id and opens text and bytes", () => {
    const ring = new Keyring([
      { id: "k2", secret: B },
      { id: "k1", secret: A },
    ]);
    const sealed = ring.seal("t.c", "hello");
    expect(sealed.startsWith("v2:k2:")).toBe(true);
    expect(keyIdOf(sealed)).toBe("k2");
    expect(ring.openText("t.c", sealed)).toBe("hello");
    const bytes = randomBytes(300);
    expect(ring.open("t.c", ring.seal("t.c", bytes))!.equals(bytes)).toBe(true);
    expect(ring.seal("t.c", "hello")).not.toBe(sealed); // fresh nonce
  });

  it("refuses another purpose, a tampered value and an unknown key id", () => {
    const ring = new Keyring([{ id: "k1", secret: A }]);
    const sealed = ring.seal("t.c", "hello");
    expect(ring.open("t.other", sealed)).toBeNull();
    const raw = Buffer.from(sealed.slice(6), "base64url");
    raw[raw.length - 1] ^= 1;
    expect(ring.open("t.c", `v2:k1:${raw.toString("base64url")}`)).toBeNull();
    expect(new Keyring([{ id: "k9", secret: A }]).open("t.c", sealed)).toBeNull();
    expect(new Keyring([{ id: "k1", secret: B }]).open("t.c", sealed)).toBeNull();
    expect(ring.open("t.c", "plain text")).toBeNull();
  });

  it("opens v1 values under any key of the ring and reseals old values under the current key", () => {
    const old = legacySeal(A, "payment_methods.key", "merchant-key");
    const ring = new Keyring([
      { id: "k2", secret: B },
      { id: "k1", secret: A },
    ]);
    expect(ring.openText("payment_methods.key", old)).toBe("merchant-key");
    const underK1 = new Keyring([{ id: "k1", secret: A }]).seal("p", "x");
    expect(ring.isCurrent(underK1)).toBe(false);
    const resealed = ring.reseal("p", underK1)!;
    expect(keyIdOf(resealed)).toBe("k2");
    expect(ring.reseal("p", resealed)).toBe(resealed);
    expect(new Keyring([{ id: "k2", secret: B }]).openText("p", resealed)).toBe("x");
    expect(new Keyring([{ id: "k2", secret: B }]).reseal("p", underK1)).toBeNull();
  });
});

describe("keyringFromEnv", () => {
  it("reads SECRETS_KEYS, first is current", () => {
    const problems: string[] = [];
    const ring = keyringFromEnv({ SECRETS_KEYS: `k2:${B}, k1:${A}` }, problems)!;
    expect(problems).toEqual([]);
    expect(ring.currentId).toBe("k2");
    expect(ring.keys.map((k) => k.id)).toEqual(["k2", "k1"]);
  });

  it("falls back to SECRETS_KEY, then JWT_SECRET, as key k1 (what installs had before)", () => {
    const p: string[] = [];
    const fromSecrets = keyringFromEnv({ SECRETS_KEY: A, JWT_SECRET: B }, p)!;
    const fromJwt = keyringFromEnv({ JWT_SECRET: B }, p)!;
    expect(p).toEqual([]);
    expect(fromSecrets.keys).toEqual([{ id: "k1", secret: A }]);
    expect(fromJwt.keys).toEqual([{ id: "k1", secret: B }]);
    expect(keyringFromEnv({}, p)).toBeUndefined();
  });

  it("lists every problem", () => {
    const problems: string[] = [];
    keyringFromEnv({ SECRETS_KEYS: `k2:short,bad id:${A},k1:${A},k1:${B}` }, problems);
    expect(problems).toHaveLength(3);
    const p2: string[] = [];
    keyringFromEnv({ SECRETS_KEY: "short" }, p2);
    expect(p2).toHaveLength(1);
  });
});
