#!/usr/bin/env node
// Certificate benchmark against the real server (embedded PostgreSQL, built server, in this process): USERS uploads
// of the fixtures' p12 + profile (one per user: each opens the p12, checks the chain, seals and stores), median and
// p90; ZIPS downloads of one certificate's zip; then secrets:rotate's re-sealing over ROWS certificate rows (copies of
// the uploaded ones) under a new key, rows per second, and a second run that finds nothing to do.
// Usage: npm run bench:certs [-- --users 40 --zips 40 --rows 10000]
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import { bootServer } from "./seeded-server.mjs";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const USERS = arg("users", 40);
const ZIPS = arg("zips", 40);
const ROWS = arg("rows", 10_000);

execFileSync(process.execPath, [path.join(root, "packages/apple/fixtures/gen-archives.mjs")], { stdio: "ignore" });
const fixture = (rel) => path.join(root, "packages/apple/fixtures/out", rel);
const p12 = readFileSync(fixture("p12/leaf-aes.p12"));
const profile = readFileSync(fixture("profiles/development.mobileprovision"));
const K1 = "bench-k1-".padEnd(40, "1");

const booted = await bootServer("certs", {
  TRUST_PROXY: "1",
  APPLE_EXTRA_ROOTS: fixture("pki/root.pem"),
  SECRETS_KEYS: `k1:${K1}`,
});
const { server } = booted;
const base = `http://127.0.0.1:${server.port}`;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const json = async (res) => JSON.parse(await res.text());

try {
  const tokens = [];
  for (let i = 0; i < USERS; i++) {
    const headers = {
      "content-type": "application/json",
      "x-forwarded-for": `10.66.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    };
    const body = JSON.stringify({ username: `bench_cert_${i}`, password: "secret1" });
    await fetch(`${base}/api/auth/register`, { method: "POST", headers, body });
    tokens.push((await json(await fetch(`${base}/api/auth/login`, { method: "POST", headers, body }))).data.token);
  }
  const uploads = [];
  let id = 0;
  for (const token of tokens) {
    const form = new FormData();
    form.append("password", "test123");
    form.append("p12", new Blob([p12]), "a.p12");
    form.append("mobileprovision", new Blob([profile]), "a.mobileprovision");
    const s = performance.now();
    const r = await json(
      await fetch(`${base}/api/certificates/upload`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    uploads.push(performance.now() - s);
    if (!r.success) throw new Error(`upload refused: ${r.code}`);
    id = r.data.id;
  }
  console.log(
    `upload (p12 + profile, checked, sealed, stored): n=${USERS}, median ${pct(uploads, 50).toFixed(1)} ms, p90 ${pct(uploads, 90).toFixed(1)} ms`,
  );

  const zips = [];
  for (let i = 0; i < ZIPS; i++) {
    const s = performance.now();
    const res = await fetch(`${base}/api/certificates/download/${id}?type=zip`, {
      headers: { authorization: `Bearer ${tokens[tokens.length - 1]}` },
    });
    await res.arrayBuffer();
    zips.push(performance.now() - s);
  }
  console.log(`zip download: n=${ZIPS}, median ${pct(zips, 50).toFixed(1)} ms, p90 ${pct(zips, 90).toFixed(1)} ms`);

  const db = server.services.db;
  const copies = Math.max(0, Math.ceil(ROWS / USERS) - 1);
  const cols = `scope, user_id, name, p12_sealed, password_sealed, secrets_key_id, certificate_der, chain_der, profile, common_name, team_id, team_name, cert_type, serial_number, sha1, not_before, not_after, profile_name, %UUID%, app_id, profile_type, entitlements, devices, all_devices, profile_created_at, profile_expires_at, expires_at`;
  await db.query(
    `INSERT INTO certificates (${cols.replace("%UUID%", "profile_uuid")}) SELECT ${cols.replace("%UUID%", "profile_uuid || g::text")} FROM certificates, generate_series(1, ${copies}) g`,
  );
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM certificates`);
  const { Keyring } = require(path.join(root, "packages/platform/dist/secrets.js"));
  const { rotateSecrets } = require(path.join(root, "server/dist/db/rotate-secrets.js"));
  const { DOMAINS } = require(path.join(root, "server/dist/modules/index.js"));
  const ring = new Keyring([
    { id: "k2", secret: "bench-k2-".padEnd(40, "2") },
    { id: "k1", secret: K1 },
  ]);
  const tables = DOMAINS.flatMap((d) => d.sealed ?? []);
  let s = performance.now();
  const reports = await rotateSecrets(db, ring, tables);
  const ms = performance.now() - s;
  const resealed = reports.find((r) => r.table === "certificates").resealed;
  console.log(
    `secrets:rotate: ${n} certificate rows, ${resealed} re-sealed in ${(ms / 1000).toFixed(2)} s = ${Math.round(n / (ms / 1000))} rows/s`,
  );
  s = performance.now();
  const again = await rotateSecrets(db, ring, tables);
  console.log(
    `secrets:rotate again: ${again.reduce((a, r) => a + r.resealed, 0)} re-sealed in ${((performance.now() - s) / 1000).toFixed(2)} s`,
  );
} finally {
  await booted.stop();
}
