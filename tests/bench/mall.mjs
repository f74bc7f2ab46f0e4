#!/usr/bin/env node
// Certificate mall benchmark: how long a purchase takes from payment to the delivered certificate, against the local
// App Store Connect–compatible server (tests/support/asc-server.ts, loaded with jiti). The built server and an
// embedded PostgreSQL in this process, a real worker process (worker/dist), one App Store Connect account, one plan.
// COUNT purchases one after another, each by a new user for a new device: the clock starts before
// `POST /api/certificate-mall/buy` (create + pay from the wallet) and stops when the order's `mall.order-changed`
// says delivered (the certificate row is in, the order delivered). Prints the median, p95, min and max.
// Usage: npm run bench:mall [-- --count 20]; with REDIS_URL set the queues and events run on Redis.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { createJiti } from "jiti";
import { bootServer } from "./seeded-server.mjs";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const jiti = createJiti(import.meta.url);
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const COUNT = arg("count", 20);

const { startAscServer } = await jiti.import(path.join(root, "tests/support/asc-server.ts"));
const { fixturePath } = await jiti.import(path.join(root, "packages/apple/fixtures/fixtures.ts"));
const { readFileSync } = require("node:fs");

const SECRETS_KEY = randomBytes(32).toString("hex");
const asc = await startAscServer();
const env = {
  TRUST_PROXY: "1",
  APPLE_EXTRA_ROOTS: fixturePath("pki/root.pem"),
  ASC_BASE_URL: asc.url,
  SECRETS_KEY,
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
};
const booted = await bootServer("mall", env);
const { server } = booted;
const base = `http://127.0.0.1:${server.port}`;
const services = server.services;
let worker;

let ipSeq = 0;
async function rest(method, p, token, body, form, ip) {
  const res = await fetch(base + p, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(form ? {} : { "content-type": "application/json" }),
      ...(ip ? { "x-forwarded-for": ip } : {}),
    },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const json = await res.json();
  if (!res.ok || json.success === false) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

try {
  worker = fork(path.join(root, "worker/dist/main.js"), [], {
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: services.config.databaseUrl,
      QUEUE_PREFIX: services.config.queuePrefix,
      JWT_SECRET: services.config.jwtSecret,
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const admin = (await rest("POST", "/api/auth/login", null, { username: "admin", password: "bench-admin" })).token;

  // One account: the fixtures' leaf certificate at a team of the local server, its .p8, the platform certificate.
  const key = asc.addTeam({
    teamId: "BENCHTEAM1",
    certificateDer: readFileSync(fixturePath("pki/leaf.der")),
    deviceLimit: 1000,
  });
  const form = new FormData();
  form.append("password", "test123");
  form.append("p12", new Blob([readFileSync(fixturePath("p12/leaf-aes.p12"))]), "leaf.p12");
  form.append(
    "mobileprovision",
    new Blob([readFileSync(fixturePath("profiles/development.mobileprovision"))]),
    "dev.mobileprovision",
  );
  const cert = await rest("POST", "/api/admin/platform-certificates/upload", admin, undefined, form);
  const p8 = await rest("POST", "/api/admin/p8-certificates", admin, {
    name: "bench",
    issuer_id: key.issuerId,
    key_id: key.keyId,
    private_key: key.pem,
  });
  await rest("POST", "/api/admin/cert-apis", admin, {
    name: "bench",
    p8_key_id: p8.id,
    certificate_id: cert.id,
    device_limit: 1000,
  });
  const pkg = await rest("POST", "/api/admin/certificate-packages", admin, {
    name: "稳定版",
    kind: "stable",
    source: "asc",
    device_type: "iphone",
  });
  const plan = await rest("POST", "/api/admin/price-plans", admin, {
    package_id: pkg.id,
    name: "一年",
    duration_days: 365,
    price: 30,
    warranty_days: 180,
  });

  // Deliveries as the bus announces them.
  const delivered = new Map();
  services.events.subscribe("mall.order-changed", (e) => {
    if (e.status === "delivered" || e.status === "failed") delivered.get(e.orderNo)?.(e.status);
  });

  const times = [];
  for (let i = 0; i < COUNT + 1; i++) {
    const name = `bench_${i}_${randomBytes(3).toString("hex")}`;
    // Each buyer from its own address (registration is rate limited per address).
    const ip = `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
    await rest("POST", "/api/auth/register", null, { username: name, password: "secret1" }, undefined, ip);
    const login = await rest("POST", "/api/auth/login", null, { username: name, password: "secret1" }, undefined, ip);
    const udid = `00008120-${randomBytes(8).toString("hex").toUpperCase()}`;
    const [d] = await services.db.query(
      `INSERT INTO devices (user_id, udid, product, bound_at) VALUES ($1, $2, 'iPhone16,1', now()) RETURNING id`,
      [login.user.id, udid],
    );
    await rest("POST", `/api/admin/users/${login.user.id}/wallet/adjust`, admin, { amount: 30, reason: "bench" });

    const t0 = performance.now();
    let orderNo;
    const done = new Promise((resolve) => {
      const wait = (no) => delivered.set(no, resolve);
      orderNo = wait;
    });
    const order = await rest("POST", "/api/certificate-mall/buy", login.token, { plan_id: plan.id, device_id: d.id });
    orderNo(order.order_no);
    // The event may have come before the answer: check the row too.
    const [row] = await services.db.query(`SELECT status FROM mall_orders WHERE order_no = $1`, [order.order_no]);
    const status = row.status === "delivered" ? "delivered" : await done;
    const ms = performance.now() - t0;
    if (status !== "delivered") throw new Error(`order ${order.order_no} ${status}`);
    if (i > 0) times.push(ms); // the first warms up connections, prepared statements and the token cache
  }
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  const median =
    times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  console.log(
    `mall: ${COUNT} purchases, payment → delivered certificate against the local App Store Connect server (${services.config.redisUrl ? "Redis" : "PostgreSQL"} queues)`,
  );
  console.log(
    `  median ${median.toFixed(0)} ms · p95 ${q(0.95).toFixed(0)} ms · min ${times[0].toFixed(0)} ms · max ${times[times.length - 1].toFixed(0)} ms`,
  );
  console.log(
    `  App Store Connect requests: ${asc.requests.length} (${(asc.requests.length / (COUNT + 1)).toFixed(1)} per purchase), device registrations: ${asc.team("BENCHTEAM1").devices.length}`,
  );
} finally {
  worker?.kill("SIGTERM");
  await new Promise((r) => (worker && worker.exitCode === null ? worker.once("exit", r) : r()));
  await booted.stop();
  await asc.close();
}
process.exit(0);
