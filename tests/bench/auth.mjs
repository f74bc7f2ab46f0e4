#!/usr/bin/env node
// Login benchmark: p50/p95 of sequential logins against the real server (embedded PostgreSQL, built server),
// next to the bare argon2id verify measured in the same run as the baseline, then a burst of wrong passwords from
// one address and from many, counting 429 refusals. Usage: npm run bench:auth [-- --logins 200 --burst 1000]
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const LOGINS = arg("logins", 200);
const BURST = arg("burst", 1000);

const { startEmbeddedPostgres } = require(path.join(root, "server/dist/db/embedded.js"));
const { loadConfig } = require(path.join(root, "server/dist/config.js"));
const { startServer } = require(path.join(root, "server/dist/server.js"));
const { hashPassword, verifyPassword } = require(path.join(root, "server/dist/modules/auth/password.js"));

const dir = mkdtempSync(path.join(os.tmpdir(), "gryx-bench-"));
const pg = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), quiet: true });
const server = await startServer(
  loadConfig({
    NODE_ENV: "production",
    PUBLIC_URL: "http://127.0.0.1",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: pg.url,
    JWT_SECRET: randomBytes(32).toString("hex"),
    ADMIN_PASSWORD: "bench-admin",
    DATA_DIR: dir,
    LOG_LEVEL: "error",
    TRUST_PROXY: "1",
  }),
);
const base = `http://127.0.0.1:${server.port}`;
const post = (p, body, ip) =>
  fetch(base + p, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;

try {
  await post("/api/auth/register", { username: "benchuser", password: "benchpass" }, "10.0.0.1");

  // Baseline: the password hash check alone, in this process.
  const hash = await hashPassword("benchpass");
  const base_ms = [];
  for (let i = 0; i < Math.min(LOGINS, 100); i++) {
    const t = performance.now();
    await verifyPassword(hash, "benchpass");
    base_ms.push(performance.now() - t);
  }

  const login_ms = [];
  for (let i = 0; i < LOGINS; i++) {
    const t = performance.now();
    const r = await post("/api/auth/login", { username: "benchuser", password: "benchpass" }, "10.0.0.1");
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`login ${i} failed with ${r.status}`);
    login_ms.push(performance.now() - t);
  }

  // Bursts of wrong passwords, 50 in flight at a time.
  async function burst(ipFor) {
    const counts = {};
    let next = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < BURST) {
          const i = next++;
          const r = await post("/api/auth/login", { username: "benchuser", password: `wrong-${i}` }, ipFor(i));
          await r.arrayBuffer();
          counts[r.status] = (counts[r.status] ?? 0) + 1;
        }
      }),
    );
    return { counts, seconds: (performance.now() - t) / 1000 };
  }
  const oneIp = await burst(() => "10.0.9.9");
  const manyIps = await burst((i) => `10.1.${i % 250}.${1 + (i % 5)}`);
  const ownerAfter = (await post("/api/auth/login", { username: "benchuser", password: "benchpass" }, "10.0.0.1"))
    .status;
  const strangerAfter = (await post("/api/auth/login", { username: "benchuser", password: "benchpass" }, "10.77.0.1"))
    .status;

  console.log("\nLogin benchmark (POST /api/auth/login, real server + PostgreSQL, sequential)");
  console.log(`  logins                 ${LOGINS}`);
  console.log(`  login p50 / p95        ${fmt(pct(login_ms, 50))} / ${fmt(pct(login_ms, 95))}`);
  console.log(`  argon2id verify p50    ${fmt(pct(base_ms, 50))}  (baseline, same run)`);
  console.log(`  login p50 / baseline   ${(pct(login_ms, 50) / pct(base_ms, 50)).toFixed(2)}x`);
  console.log(`\nBurst of ${BURST} wrong passwords, 50 concurrent`);
  console.log(
    `  from one address       ${JSON.stringify(oneIp.counts)} in ${oneIp.seconds.toFixed(1)} s -> ${oneIp.counts[429] ?? 0} refused with 429`,
  );
  console.log(
    `  from ${250 * 5} addresses     ${JSON.stringify(manyIps.counts)} in ${manyIps.seconds.toFixed(1)} s -> ${manyIps.counts[429] ?? 0} refused with 429`,
  );
  console.log(
    `  owner from known address afterwards: HTTP ${ownerAfter}; same password from a new address: HTTP ${strangerAfter}`,
  );
  const ok = ownerAfter === 200 && (oneIp.counts[500] ?? 0) === 0 && (manyIps.counts[500] ?? 0) === 0;
  if (!ok) {
    console.error("FAIL: the owner was locked out or the server answered 500");
    process.exitCode = 1;
  }
} finally {
  await server.close();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
