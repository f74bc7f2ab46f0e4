import "reflect-metadata";
import { execFileSync } from "node:child_process";
import { createCipheriv, createPrivateKey, generateKeyPairSync, hkdfSync, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Keyring } from "@gryx/platform/secrets";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateSecrets } from "../../server/src/db/rotate-secrets";
import { rotateFromEnv } from "../../server/src/db/rotate-secrets-cli";
import { DOMAINS } from "../../server/src/modules";
import { fixturePath } from "../../packages/apple/fixtures/fixtures";
import { createTestDatabase } from "../support/db";
import { client, startInProcess } from "../support/inprocess";
import { fixtures, postForm, trustFixtureRoot } from "../support/certificates";

/**
 * Secrets at rest: a full read of every table of a database holding uploaded certificates, a merchant key and a
 * .p8 key contains none of their private bytes nor the password; `secrets:rotate` re-seals every declared column
 * under the new key, once, and the data still opens with the new key alone.
 */
const K1 = "k1-secret-".padEnd(40, "1");
const K2 = "k2-secret-".padEnd(40, "2");
const PASSWORD = "Zq-证书-密码-7f3e9a";
const MERCHANT_KEY = "merchant-key-5b8c1d2e3f4a";

let db: { url: string; drop(): Promise<void> };
let server: Awaited<ReturnType<typeof startInProcess>>;
let p12: Buffer;
let p8Pem: string;
let certId: number;
let adminToken: string;

/** The fixtures' leaf certificate and key in a p12 under a password found nowhere else. */
function p12WithOwnPassword(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gryx-p12-"));
  try {
    execFileSync("openssl", [
      "pkcs12",
      "-export",
      "-passout",
      `pass:${PASSWORD}`,
      "-inkey",
      fixturePath("pki/leaf.key"),
      "-in",
      fixturePath("pki/leaf.pem"),
      "-certfile",
      fixturePath("pki/wwdr.pem"),
      "-keypbe",
      "AES-256-CBC",
      "-certpbe",
      "AES-256-CBC",
      "-out",
      path.join(dir, "x.p12"),
    ]);
    return readFileSync(path.join(dir, "x.p12"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every row of every table as text (bytea as hex and base64, like a dump would hold them) and the raw bytes of every bytea. */
async function fullRead(query: (sql: string) => Promise<any[]>): Promise<{ text: string; bytes: Buffer }> {
  const tables = await query(
    `SELECT table_schema, table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  expect(tables.length).toBeGreaterThan(20);
  const parts: string[] = [];
  const blobs: Buffer[] = [];
  const walk = (v: unknown): unknown => {
    if (Buffer.isBuffer(v)) {
      blobs.push(v);
      return `\\x${v.toString("hex")} ${v.toString("base64")}`;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v instanceof Date) return v.toISOString();
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  for (const t of tables) {
    const rows = await query(`SELECT * FROM "${t.table_schema}"."${t.table_name}"`);
    for (const r of rows) parts.push(JSON.stringify(walk(r)));
  }
  return { text: parts.join("\n"), bytes: Buffer.concat(blobs) };
}

/**
 * What must not be found: the private parts of both keys (RSA d, p, q, dp, dq, qi; EC d) in raw bytes, hex and
 * base64, the PEM lines of the keys, the p12 itself, the password and the merchant key. (The public modulus is in
 * the stored certificate on purpose, so only the private components count.)
 */
function needles(): { text: string[]; bytes: Buffer[] } {
  const privates = [createPrivateKey(readFileSync(fixturePath("pki/leaf.key"))), createPrivateKey(p8Pem)].flatMap(
    (k) => {
      const jwk = k.export({ format: "jwk" }) as Record<string, string | undefined>;
      return ["d", "p", "q", "dp", "dq", "qi"].flatMap((f) => (jwk[f] ? [Buffer.from(jwk[f]!, "base64url")] : []));
    },
  );
  expect(privates.length).toBe(7);
  // A 24-byte window of each is enough to find it.
  const windows = privates.map((b) => b.subarray(4, 28));
  const pemLines = [readFileSync(fixturePath("pki/leaf.key"), "utf8"), p8Pem].flatMap((pem) =>
    pem
      .split("\n")
      .filter((l) => l.length >= 60)
      .slice(-3, -1),
  );
  const secretBytes = [
    ...windows,
    p12.subarray(100, 140),
    Buffer.from(PASSWORD, "utf8"),
    Buffer.from(MERCHANT_KEY, "utf8"),
  ];
  return { text: [PASSWORD, MERCHANT_KEY, ...pemLines, ...secretBytes.flatMap(encodings)], bytes: secretBytes };
}

/**
 * How `b` reads when it is somewhere inside a longer value written as hex, base64 or base64url: base64 depends on
 * where `b` starts modulo 3, so one inner run per alignment (whatever comes before and after it does not matter).
 */
function encodings(b: Buffer): string[] {
  const out = [b.toString("hex")];
  for (let shift = 0; shift < 3; shift++) {
    const inner = Buffer.concat([Buffer.alloc(shift), b])
      .toString("base64")
      .slice(4, -4);
    out.push(inner, inner.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return out;
}

function legacySeal(secret: string, purpose: string, plain: string): string {
  const key = Buffer.from(hkdfSync("sha256", secret, "gryx-secret-box", purpose, 32));
  const nonce = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", key, nonce);
  c.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([c.update(plain, "utf8"), c.final()]);
  return `v1:${Buffer.concat([nonce, c.getAuthTag(), body]).toString("base64url")}`;
}

beforeAll(async () => {
  p12 = p12WithOwnPassword();
  p8Pem = generateKeyPairSync("ec", { namedCurve: "P-256" })
    .privateKey.export({ format: "pem", type: "pkcs8" })
    .toString();
  db = await createTestDatabase();
  server = await startInProcess({ DATABASE_URL: db.url, SECRETS_KEYS: `k1:${K1}`, ...trustFixtureRoot() });
  const admin = client(server.url);
  adminToken = (await admin.login("admin", server.adminPassword)).token;
  const up = await postForm(
    `${server.url}/api/certificates/upload`,
    adminToken,
    { p12, mobileprovision: fixtures.developmentProfile() },
    { password: PASSWORD },
  );
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  certId = up.body.data.id;
  const plat = await postForm(
    `${server.url}/api/admin/platform-certificates/upload`,
    adminToken,
    { p12, mobileprovision: fixtures.enterpriseProfile() },
    { password: PASSWORD },
  );
  expect(plat.status, JSON.stringify(plat.body)).toBe(200);
  const method = await admin.rest("POST", "/api/admin/payments/methods", {
    name: "支付宝",
    channel: "alipay",
    gateway_url: "https://pay.example.test/",
    pid: "2002",
    key: MERCHANT_KEY,
    min_amount: 1,
    max_amount: 500,
    enabled: true,
  });
  expect(method.status, JSON.stringify(method.body)).toBe(200);
  const key = await admin.rest("POST", "/api/admin/p8-certificates", {
    name: "ASC",
    issuer_id: "69a6de70-03db-47e3-e053-5b8c7c11a4d1",
    key_id: "ABCDE12345",
    private_key: p8Pem,
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
  await db?.drop();
});

describe("at rest", () => {
  it("a full read of every table holds no private-key bytes, no p12 and no password", async () => {
    const { text, bytes } = await fullRead((sql) => server.services.db.query(sql));
    // The read is real: the public certificate is there.
    expect(text).toContain(fixtures.leafDer().subarray(0, 64).toString("hex"));
    const n = needles();
    for (const t of n.text)
      expect(
        text.includes(t),
        `found "${t.slice(0, 24)}…" in ${text.slice(Math.max(0, text.indexOf(t) - 300), text.indexOf(t)).slice(0, 300)}`,
      ).toBe(false);
    for (const b of n.bytes) expect(bytes.includes(b), `found bytes ${b.subarray(0, 8).toString("hex")}…`).toBe(false);
  });

  it("every column that holds a sealed value is declared for rotation", async () => {
    const declared = new Set(
      DOMAINS.flatMap((d) => d.sealed ?? []).flatMap((t) => Object.keys(t.columns).map((c) => `${t.table}.${c}`)),
    );
    const cols: { table_name: string; column_name: string }[] = await server.services.db.query(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'text'`,
    );
    const sealed: string[] = [];
    for (const c of cols) {
      const [r] = await server.services.db.query(
        `SELECT count(*)::int AS n FROM "${c.table_name}" WHERE "${c.column_name}" ~ '^v[12]:'`,
      );
      if (r.n > 0) sealed.push(`${c.table_name}.${c.column_name}`);
    }
    expect(sealed.sort()).toEqual([
      "certificates.p12_sealed",
      "certificates.password_sealed",
      "p8_keys.private_key_sealed",
      "payment_methods.key_encrypted",
    ]);
    for (const s of sealed) expect(declared.has(s), s).toBe(true);
  });
});

describe("secrets:rotate", () => {
  it("re-seals every declared column under the new key, once; the data opens with the new key alone", async () => {
    const q = (sql: string, p: unknown[] = []) => server.services.db.query(sql, p);
    // A merchant key sealed before the keyring (v1, no key id) is rotated too.
    const [{ id: legacyId }] = await q(
      `INSERT INTO payment_methods (name, channel, gateway_url, pid, key_encrypted, min_amount_fen, max_amount_fen, enabled) VALUES ('旧', 'wxpay', 'https://old.example.test/', '1', $1, 100, 100000, false) RETURNING id`,
      [legacySeal(K1, "payment_methods.key", "old-merchant-key")],
    );
    const ring = new Keyring([
      { id: "k2", secret: K2 },
      { id: "k1", secret: K1 },
    ]);
    const tables = DOMAINS.flatMap((d) => d.sealed ?? []);

    const first = await rotateSecrets(server.services.db, ring, tables);
    const byTable = Object.fromEntries(first.map((r) => [r.table, r]));
    expect(byTable.certificates).toMatchObject({ resealed: 2, current: 0, unreadable: [] });
    expect(byTable.p8_keys).toMatchObject({ resealed: 1, unreadable: [] });
    expect(byTable.payment_methods).toMatchObject({ resealed: 2, unreadable: [] });

    const certs = await q(`SELECT p12_sealed, password_sealed, secrets_key_id FROM certificates`);
    for (const c of certs) {
      expect(c.p12_sealed).toMatch(/^v2:k2:/);
      expect(c.password_sealed).toMatch(/^v2:k2:/);
      expect(c.secrets_key_id).toBe("k2");
    }
    const [p8] = await q(`SELECT private_key_sealed, secrets_key_id FROM p8_keys`);
    expect(p8.private_key_sealed).toMatch(/^v2:k2:/);
    expect(p8.secrets_key_id).toBe("k2");
    const methods = await q(`SELECT id, key_encrypted FROM payment_methods ORDER BY id`);
    for (const m of methods) expect(m.key_encrypted).toMatch(/^v2:k2:/);
    const onlyK2 = new Keyring([{ id: "k2", secret: K2 }]);
    expect(
      onlyK2.openText("payment_methods.key", methods.find((m: { id: number }) => m.id === legacyId).key_encrypted),
    ).toBe("old-merchant-key");
    expect(onlyK2.openText("p8_keys.private_key", p8.private_key_sealed)?.trim()).toBe(p8Pem.trim());

    // Idempotent: the command (what `npm run secrets:rotate` runs) finds nothing left to do.
    const lines: string[] = [];
    expect(await rotateFromEnv({ DATABASE_URL: db.url, SECRETS_KEYS: `k2:${K2},k1:${K1}` }, (l) => lines.push(l))).toBe(
      0,
    );
    expect(lines[0]).toBe("current key: k2");
    expect(lines).toContain("certificates: 0 re-sealed, 2 already current");
    expect(lines).toContain("p8_keys: 0 re-sealed, 1 already current");
    expect(lines.filter((l) => / [1-9]\d* re-sealed/.test(l))).toEqual([]);
    const bad: string[] = [];
    expect(await rotateFromEnv({ SECRETS_KEYS: "k2:short" }, (l) => bad.push(l))).toBe(2);
    expect(bad[0]).toContain("DATABASE_URL is required");

    // A server with only the new key serves the certificate: the zip holds the same p12 and password.
    const next = await startInProcess({
      DATABASE_URL: db.url,
      SECRETS_KEYS: `k2:${K2}`,
      JWT_SECRET: randomBytes(32).toString("hex"),
      ...trustFixtureRoot(),
    });
    try {
      const admin = client(next.url);
      const token = (await admin.login("admin", next.adminPassword)).token;
      const res = await fetch(`${next.url}/api/certificates/download/${certId}?type=zip`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      expect(Buffer.from(files[`certificate-${certId}.p12`]!).equals(p12)).toBe(true);
      expect(Buffer.from(files["password.txt"]!).toString("utf8")).toBe(PASSWORD);
    } finally {
      await next.close();
    }
    void adminToken;
  });

  it("leaves a row no key opens as it is and reports it", async () => {
    const q = (sql: string, p: unknown[] = []) => server.services.db.query(sql, p);
    const stranger = new Keyring([{ id: "k9", secret: "k9".padEnd(40, "9") }]).seal("payment_methods.key", "x");
    const [{ id }] = await q(
      `INSERT INTO payment_methods (name, channel, gateway_url, pid, key_encrypted, min_amount_fen, max_amount_fen, enabled) VALUES ('陌生', 'wxpay', 'https://x.example.test/', '1', $1, 100, 100000, false) RETURNING id`,
      [stranger],
    );
    const lines: string[] = [];
    expect(await rotateFromEnv({ DATABASE_URL: db.url, SECRETS_KEYS: `k2:${K2},k1:${K1}` }, (l) => lines.push(l))).toBe(
      1,
    );
    expect(lines.find((l) => l.startsWith("payment_methods:"))).toContain(`1 unreadable (ids ${id})`);
    expect((await q(`SELECT key_encrypted FROM payment_methods WHERE id = $1`, [id]))[0].key_encrypted).toBe(stranger);
  });
});
