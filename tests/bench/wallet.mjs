#!/usr/bin/env node
// Wallet purchase benchmark against the real server (embedded PostgreSQL, built server, in this process):
// USERS users × PER purchases each (distinct paid resource shares) at concurrency CONC, over HTTP
// (POST /api/users/wallet/pay, from clients in a worker thread) and straight through OrdersService.pay, with purchases per second and p95; next to
// it, in the same run and on the same connection pool (the server's TypeORM DataSource), the rate of a bare
// `BEGIN; UPDATE wallets ...; COMMIT` at the same concurrency. Prints the ratio (target >= 0.5).
// Next to them, the floor of any Node HTTP path on this machine: the same purchases (the session checked and
// OrdersService.pay, as the route does) behind a bare node:http server, no Express and no middleware.
// Usage: npm run bench:wallet [-- --users 100 --per 20 --concurrency 32 --rounds 4] [-- --profile DIR]
// With --profile, the server's CPU during the HTTP phase alone is written to DIR/wallet-http.cpuprofile (open it in
// Chrome DevTools or speedscope for a flame graph; `node tests/bench/lib/cpuprofile-top.mjs FILE` lists the top frames).
import { Worker } from "node:worker_threads";
import { createServer } from "node:http";
import { Session } from "node:inspector/promises";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bootServer } from "./seeded-server.mjs";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const USERS = arg("users", 100);
const PER = arg("per", 20);
const CONC = arg("concurrency", 32);
const ROUNDS = arg("rounds", 4);
const profIdx = process.argv.indexOf("--profile");
const PROFILE_DIR = profIdx > 0 ? process.argv[profIdx + 1] : undefined;

/** Runs `fn` under the V8 CPU profiler (this thread: the server) when --profile is given. */
async function profiled(name, fn) {
  if (!PROFILE_DIR) return fn();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  try {
    return await fn();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    mkdirSync(PROFILE_DIR, { recursive: true });
    const file = path.join(PROFILE_DIR, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile of the server during ${name}: ${file}`);
    session.disconnect();
  }
}

/**
 * POSTs each call to /api/users/wallet/pay from a worker thread, CONC at a time over keep-alive connections.
 * Returns per-request milliseconds, the wall time and how many answers were not 200.
 */
function httpLoad(calls, base) {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    const http = require("node:http");
    const { base, calls, conc } = workerData;
    const agent = new http.Agent({ keepAlive: true, maxSockets: conc });
    const url = new URL(base + "/api/users/wallet/pay");
    const post = (c) => new Promise((resolve, reject) => {
      const body = JSON.stringify({ kind: "resource-share", id: c.id });
      const req = http.request({ agent, host: url.hostname, port: url.port, path: url.pathname, method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), authorization: "Bearer " + c.token } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      });
      req.on("error", reject);
      req.end(body);
    });
    (async () => {
      const times = []; let next = 0; let failures = 0;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: conc }, async () => {
        while (next < calls.length) {
          const c = calls[next++]; const s = performance.now();
          if ((await post(c)) !== 200) failures++;
          times.push(performance.now() - s);
        }
      }));
      parentPort.postMessage({ times, wallMs: performance.now() - t0, failures });
      agent.destroy();
    })();
  `;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { base, calls, conc: CONC } });
    w.once("message", resolve);
    w.once("error", reject);
  });
}

const booted = await bootServer("wallet", { TRUST_PROXY: "1" });
const { server } = booted;
const { services } = server;
const db = services.db;
const base = `http://127.0.0.1:${server.port}`;

/**
 * The floor: POST /api/users/wallet/pay answered by node:http alone, with what the route itself needs (the Bearer
 * token's session and OrdersService.pay) and the same envelope; no Express, no middleware, no rate limits.
 */
const floor = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    let status = 200;
    let body;
    try {
      const { kind, id } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const auth = await services.auth.authenticate(/^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1]);
      if (!auth) throw Object.assign(new Error("未登录"), { status: 401 });
      const o = await services.orders.pay(auth.user.id, kind, id);
      body = { success: true, message: "ok", data: { order_no: o.orderNo, status: o.status } };
    } catch (e) {
      status = e.status ?? 500;
      body = { success: false, message: e.message, data: null };
    }
    const out = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(out),
    });
    res.end(out);
  });
});
await new Promise((resolve) => floor.listen(0, "127.0.0.1", resolve));
const floorBase = `http://127.0.0.1:${floor.address().port}`;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Runs `tasks` (functions returning promises) CONC at a time; returns per-task milliseconds and the wall time. */
async function pool(tasks) {
  const times = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONC }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++];
        const s = performance.now();
        await task();
        times.push(performance.now() - s);
      }
    }),
  );
  return { times, wallMs: performance.now() - t0 };
}

const report = (label, { times, wallMs }) => {
  const rate = (times.length / wallMs) * 1000;
  console.log(
    `${label.padEnd(44)} ${String(times.length).padStart(5)} in ${(wallMs / 1000).toFixed(2)} s  ${rate.toFixed(0).padStart(6)}/s  p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms`,
  );
  return rate;
};

try {
  // Users: one password hash copied to all (the bench measures purchases, not argon2).
  const first = await services.users.create({
    username: "bench_u0",
    password: "bench-pass",
    role: "user",
    permissions: [],
  });
  await db.query(
    `INSERT INTO users (username, password_hash, role, permissions)
     SELECT 'bench_u' || g, (SELECT password_hash FROM users WHERE id = $1), 'user', '{}' FROM generate_series(1, $2::int - 1) g`,
    [first.id, USERS],
  );
  const users = await db.query(`SELECT id, username FROM users WHERE username LIKE 'bench_u%' ORDER BY id`);
  const tokens = [];
  for (const [i, u] of users.entries()) {
    const r = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${i >> 8}.${i & 255}` },
      body: JSON.stringify({ username: u.username, password: "bench-pass" }),
    });
    const body = await r.json();
    if (!body.data?.token) throw new Error(`login ${u.username}: ${JSON.stringify(body)}`);
    tokens.push(body.data.token);
  }
  const items = [];
  // Three sets of PER paid items (HTTP, the floor, the service calls), 0.01 yuan each; every wallet covers all.
  for (let i = 0; i < 3 * PER; i++)
    items.push((await services.resourceShares.create({ name: `压测资源${i}`, resourceFee: 0.01 })).id);
  // Only an item with something to deliver is sold (CATALOG_ITEM_NO_PACKAGE): give each a stored-file key.
  await db.query(`UPDATE resource_shares SET file_key = 'bench-' || id WHERE id = ANY($1)`, [items]);
  for (const u of users) await services.wallet.credit(u.id, 3 * PER, { type: "recharge", note: "bench" });

  console.log(
    `wallet bench: ${USERS} users × ${PER} purchases, concurrency ${CONC}, pool max ${process.env.DB_POOL_MAX ?? 10}`,
  );
  // Interleaved so that concurrent purchases mostly belong to different users, as in real traffic.
  const order = (fn) => Array.from({ length: PER }, (_, k) => users.map((u, i) => () => fn(u, i, k))).flat();

  const bare = () =>
    pool(
      order(
        (u) => () => db.transaction((m) => m.query(`UPDATE wallets SET updated_at = now() WHERE user_id = $1`, [u.id])),
      ),
    ).then(() => undefined);
  await bare(); // warm-up

  // The three runs alternate in ROUNDS slices (each a share of the PER items), so a swing in the machine's load
  // (it is shared) falls on all three alike; each figure sums its slices. The HTTP clients run in a worker thread
  // (their own event loop, as real clients are other machines), over keep-alive connections, CONC in flight.
  const http = { times: [], wallMs: 0 };
  const svc = { times: [], wallMs: 0 };
  const bareHttp = { times: [], wallMs: 0 };
  const bareRun = { times: [], wallMs: 0 };
  let failures = 0;
  const add = (into, run) => {
    into.times.push(...run.times);
    into.wallMs += run.wallMs;
  };
  for (let r = 0; r < ROUNDS; r++) {
    const ks = Array.from({ length: PER }, (_, k) => k).filter((k) => k % ROUNDS === r);
    const calls = ks.flatMap((k) => users.map((u, i) => ({ token: tokens[i], id: items[k] })));
    const h = await (r === 0 ? profiled("wallet-http", () => httpLoad(calls, base)) : httpLoad(calls, base));
    failures += h.failures;
    add(http, h);
    const floorCalls = ks.flatMap((k) => users.map((u, i) => ({ token: tokens[i], id: items[2 * PER + k] })));
    const f = await httpLoad(floorCalls, floorBase);
    failures += f.failures;
    add(bareHttp, f);
    const svcTasks = ks.flatMap((k) =>
      users.map((u) => () => services.orders.pay(u.id, "resource-share", items[PER + k])),
    );
    add(svc, await (r === 0 ? profiled("wallet-service", () => pool(svcTasks)) : pool(svcTasks)));
    add(
      bareRun,
      await pool(
        ks.flatMap(() =>
          users.map(
            (u) => () =>
              db.transaction((m) => m.query(`UPDATE wallets SET updated_at = now() WHERE user_id = $1`, [u.id])),
          ),
        ),
      ),
    );
  }

  const httpRate = report("purchases over HTTP (POST /api/users/wallet/pay)", http);
  const floorRate = report("the same behind bare node:http (the floor)", bareHttp);
  const svcRate = report("purchases through OrdersService.pay", svc);
  const bareRate = report("bare BEGIN; UPDATE wallets; COMMIT (same pool)", bareRun);
  console.log(
    `ratio purchases/bare: HTTP ${(httpRate / bareRate).toFixed(2)}, service ${(svcRate / bareRate).toFixed(2)} (target >= 0.5)`,
  );
  console.log(
    `floor: bare node:http ${(floorRate / bareRate).toFixed(2)} of bare; the app's HTTP path is ${(httpRate / floorRate).toFixed(2)} of the floor`,
  );

  const [check] = await db.query(
    `SELECT (SELECT count(*) FROM orders)::int AS orders,
            (SELECT count(*) FROM wallets w WHERE w.balance_fen <> (SELECT sum(amount_fen) FROM wallet_ledger l WHERE l.user_id = w.user_id))::int AS mismatched,
            (SELECT sum(balance_fen) FROM wallets)::int AS left`,
  );
  console.log(
    `orders ${check.orders} (expected ${3 * USERS * PER}), HTTP failures ${failures}, wallets whose ledger sum differs from the balance: ${check.mismatched}, fen left ${check.left}`,
  );
  if (failures || check.mismatched || check.orders !== 3 * USERS * PER || check.left !== 0) process.exitCode = 1;
} finally {
  floor.close();
  floor.closeAllConnections();
  await booted.stop();
}
