#!/usr/bin/env node
// Growth benchmark: the built server in this process on an embedded PostgreSQL with the demo data; the same requests
// are timed at demo size, then after a bulk seed (generate_series, seconds) of 100,000 apps, 100,000 users,
// 1,000,000 ledger rows, 1,000,000 chat messages (one session holds 100,000 of them), 200,000 orders and 100,000
// signing tasks, then again. Each request goes over HTTP one at a time (the admin's token where the page needs it),
// as a browser sends it (keep-alive, accepting br and gzip), timed to the answer's last byte (decoded after), REPS
// times after a warm-up; p50 and p95 are printed side by side with the ratio at scale / at demo
// size. Every SQL statement a request sends is recorded and EXPLAINed at scale: a sequential scan on a large table is
// printed next to the figure. Targets: p95 at scale <= 2x at demo size and <= 50 ms; no sequential scan.
// Usage: npm run bench:scale [-- --reps 200 --apps 100000 --users 100000 --ledger 1000000 --messages 1000000 --plans 1
// --hold 1 --only <regexp> --statements 1]: --plans prints the plan of each statement that scans a large table;
// --statements prints every statement each case sent, with its planning and execution time at scale; --only times
// only the cases whose label matches; --hold keeps the seeded database (its URL printed) until Ctrl-C, to EXPLAIN by hand.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import path from "node:path";
import { bootServer } from "./seeded-server.mjs";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const REPS = arg("reps", 200);
const PLANS = arg("plans", 0) > 0;
const STATEMENTS = arg("statements", 0) > 0;
const HOLD = arg("hold", 0) > 0;
const onlyIdx = process.argv.indexOf("--only");
const ONLY = onlyIdx > 0 ? new RegExp(process.argv[onlyIdx + 1]) : null;
const N = {
  apps: arg("apps", 100_000),
  users: arg("users", 100_000),
  ledger: arg("ledger", 1_000_000),
  messages: arg("messages", 1_000_000),
  orders: arg("orders", 200_000),
  tasks: arg("tasks", 100_000),
};
/** Tables with more rows than this (after the seed's ANALYZE) are large: a sequential scan on one is a finding. */
const LARGE_ROWS = 50_000;

// Every statement the server sends, while a case is being recorded (pg's Client.query is the one door).
const PgClient = require(path.join(root, "node_modules/pg/lib/client.js"));
let recording = null;
const originalQuery = PgClient.prototype.query;
PgClient.prototype.query = function (config, values, cb) {
  if (recording) {
    const text = typeof config === "string" ? config : config?.text;
    const vals = typeof config === "object" && config?.values ? config.values : Array.isArray(values) ? values : [];
    if (text && /^\s*(SELECT|WITH)\b/i.test(text) && !recording.has(text)) recording.set(text, vals);
  }
  return originalQuery.call(this, config, values, cb);
};

// Statements may run 10 minutes here (the bulk seed and VACUUM); the measured requests take milliseconds.
// The demo seed builds its packages inside its transaction: on a loaded machine it may sit idle in it past a minute.
const booted = await bootServer("scale", {
  SEED_DEMO: "1",
  TRUST_PROXY: "1",
  DB_STATEMENT_TIMEOUT_MS: "600000",
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: "0",
});
const { server } = booted;
const db = server.services.db;
const base = `http://127.0.0.1:${server.port}`;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** The HTTP client's worker thread (below). */
let client;
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: server.adminUsername, password: "bench-admin" }),
  }).then((r) => r.json());
  const admin = { authorization: `Bearer ${login.data.token}` };

  const { print } = require(path.join(root, "node_modules/graphql/index.js"));
  const generated = readFileSync(path.join(root, "client/src/gql/graphql.ts"), "utf8");
  const doc = (name) => {
    const m = new RegExp(`^export const ${name}Document = (\\{.*\\}) as unknown as DocumentNode`, "m").exec(generated);
    if (!m) throw new Error(`${name} not found in client/src/gql/graphql.ts`);
    return print(JSON.parse(m[1]));
  };
  const HOME = doc("HomePage");
  const SEARCH = `query Search($search: String!) { searchCatalog(search: $search, page: 1, pageSize: 10) {
    total page pageSize items { id kind name icon version price } } }`;

  // Each request as a browser makes it (keep-alive, `Accept-Encoding: gzip, deflate, br`), timed from its start to
  // the answer's last byte; the answer is decoded and checked after the timing (a phone's decompression is not the
  // server's time). Each case answers { ms, data }.
  // The client runs in a worker thread: its allocations (answers, decoding) never pause the server's event loop.
  client = new Worker(
    `const { parentPort } = require("node:worker_threads");
     const http = require("node:http");
     const { brotliDecompressSync, gunzipSync } = require("node:zlib");
     const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
     parentPort.on("message", ({ id, method, url, headers, body }) => {
       const t = performance.now();
       const fail = (e) => parentPort.postMessage({ id, error: String(e) });
       const req = http.request(url, { method, agent, headers: { "accept-encoding": "gzip, deflate, br", ...headers } },
         (res) => {
           const chunks = [];
           res.on("data", (c) => chunks.push(c));
           res.on("end", () => {
             const ms = performance.now() - t;
             const raw = Buffer.concat(chunks);
             const enc = res.headers["content-encoding"];
             const text = (enc === "br" ? brotliDecompressSync(raw) : enc === "gzip" ? gunzipSync(raw) : raw).toString();
             parentPort.postMessage({ id, ms, text });
           });
           res.on("error", fail);
         });
       req.on("error", fail);
       req.end(body);
     });`,
    { eval: true },
  );
  const pending = new Map();
  let nextId = 0;
  client.on("message", ({ id, ms, text, error }) => {
    const p = pending.get(id);
    pending.delete(id);
    if (error) p.reject(new Error(error));
    else p.resolve({ ms, body: JSON.parse(text) });
  });
  const send = (method, url, headers, body) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      client.postMessage({ id, method, url: base + url, headers, body });
    });
  const gql = (query, variables) => async () => {
    const { ms, body } = await send(
      "POST",
      "/graphql",
      { "content-type": "application/json" },
      JSON.stringify({ query, variables }),
    );
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return { ms, data: body.data };
  };
  const rest = (url) => async () => {
    const { ms, body } = await send("GET", url(), admin);
    if (!body.success) throw new Error(`${url()}: ${JSON.stringify(body)}`);
    return { ms, data: body.data };
  };

  // The chat session with the most messages (at scale: the 100,000-message one) and deep pages: the 500th page of 20.
  const ctx = { session: null, deep: 500, after: {} };
  const cases = [
    ["home page (HomePage query)", gql(HOME, {})],
    ["whole-catalogue search", gql(SEARCH, { search: "微信" })],
    ["admin users: first page", rest(() => "/api/admin/users?page=1&pageSize=20")],
    ["admin users: filtered (search)", rest(() => "/api/admin/users?search=scale_u4242&page=1&pageSize=20")],
    ["admin users: deep page", rest(() => `/api/admin/users?page=${ctx.deep}&pageSize=20`)],
    [
      "admin users: deep page (cursor)",
      rest(() => `/api/admin/users?page=${ctx.deep}&pageSize=20&after=${ctx.after.users}`),
    ],
    ["admin orders: first page", rest(() => "/api/admin/orders?page=1&limit=20")],
    ["admin orders: filtered (status)", rest(() => "/api/admin/orders?status=refunded&page=1&limit=20")],
    ["admin orders: deep page", rest(() => `/api/admin/orders?page=${ctx.deep}&limit=20`)],
    [
      "admin orders: deep page (cursor)",
      rest(() => `/api/admin/orders?page=${ctx.deep}&limit=20&after=${ctx.after.orders}`),
    ],
    ["consumption records: first page", rest(() => "/api/admin/consumption-records?page=1&limit=20")],
    ["consumption records: filtered (type)", rest(() => "/api/admin/consumption-records?type=recharge&limit=20")],
    ["consumption records: deep page", rest(() => `/api/admin/consumption-records?page=${ctx.deep}&limit=20`)],
    [
      "consumption records: deep page (cursor)",
      rest(() => `/api/admin/consumption-records?page=${ctx.deep}&limit=20&after=${ctx.after.wallet_ledger}`),
    ],
    ["signing tasks: first page", rest(() => "/api/signing/admin/tasks?page=1&limit=20")],
    ["signing tasks: filtered (status)", rest(() => "/api/signing/admin/tasks?status=failed&page=1&limit=20")],
    ["signing tasks: deep page", rest(() => `/api/signing/admin/tasks?page=${ctx.deep}&limit=20`)],
    [
      "signing tasks: deep page (cursor)",
      rest(() => `/api/signing/admin/tasks?page=${ctx.deep}&limit=20&after=${ctx.after.signing_tasks}`),
    ],
    [
      "chat history page",
      rest(() => `/api/admin/customer-service/sessions/${ctx.session}/messages?page=2&pageSize=50`),
    ],
  ];

  /** Times every case REPS times (after 3 warm-ups), round the cases; at scale, also EXPLAINs each statement it sent. */
  async function measure(explain) {
    const [s] = await db.query(`SELECT public_id FROM cs_sessions ORDER BY message_count DESC, id LIMIT 1`);
    ctx.session = s?.public_id;
    // The keyset cursor of the deep page: the id of the last row of the page before it (lists are newest first).
    for (const t of ["users", "orders", "wallet_ledger", "signing_tasks"]) {
      const [r] = await db.query(`SELECT id FROM ${t} ORDER BY id DESC OFFSET $1 LIMIT 1`, [(ctx.deep - 1) * 20 - 1]);
      ctx.after[t] = r?.id ?? 1;
    }
    const active = cases.filter(
      ([label]) => !(label.startsWith("chat") && !ctx.session) && !(ONLY && !ONLY.test(label)),
    );
    // Warm-up: each case 3 times, recording the statements it sends.
    const sent = new Map();
    for (const [label, run] of active) {
      recording = new Map();
      for (let i = 0; i < 3; i++) await run();
      sent.set(label, recording);
      recording = null;
    }
    // The timed requests go round the cases, one of each in turn: a pause of the process or the database (a
    // collection, a background write) falls on every case alike, not on whichever case was being timed.
    const times = new Map(active.map(([label]) => [label, []]));
    for (let i = 0; i < REPS; i++) for (const [label, run] of active) times.get(label).push((await run()).ms);
    const large = explain
      ? new Set(
          (await db.query(`SELECT relname FROM pg_class WHERE relkind = 'r' AND reltuples > $1`, [LARGE_ROWS])).map(
            (r) => r.relname,
          ),
        )
      : new Set();
    const out = new Map();
    for (const [label] of active) {
      const scans = new Set();
      if (explain)
        for (const [text, vals] of sent.get(label)) {
          const plan = await db.query(`EXPLAIN ${text}`, vals).catch(() => []);
          let scanned = false;
          for (const row of plan) {
            const m = /Seq Scan on (\w+)/.exec(row["QUERY PLAN"]);
            if (m && large.has(m[1])) {
              scans.add(m[1]);
              scanned = true;
            }
          }
          if (STATEMENTS) {
            const timed = await db.query(`EXPLAIN (ANALYZE, SUMMARY) ${text}`, vals).catch(() => []);
            const ms = (what) =>
              timed.map((r) => new RegExp(`${what} Time: ([\\d.]+)`).exec(r["QUERY PLAN"])?.[1]).find(Boolean) ?? "-";
            console.log(`-- ${label}: planning ${ms("Planning")} ms, execution ${ms("Execution")} ms\n${text}\n`);
          }
          if (PLANS && scanned)
            console.log(
              `-- ${label}\n${text}\n-- ${JSON.stringify(vals)}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}\n`,
            );
        }
      const ts = times.get(label);
      out.set(label, { p50: pct(ts, 50), p95: pct(ts, 95), scans: [...scans] });
    }
    return out;
  }

  console.log(`scale bench: ${REPS} timed requests per case, one at a time`);
  // The demo has no chat: one session of 200 messages to read at demo size.
  const [demoUser] = await db.query(`SELECT id FROM users ORDER BY id LIMIT 1`);
  await db.query(
    `WITH s AS (INSERT INTO cs_sessions (public_id, user_id, message_count, last_message_at, last_message_preview)
                VALUES ('cs_' || md5('demo-chat'), $1, 200, now(), '演示') RETURNING id)
     INSERT INTO cs_messages (session_id, sender_type, sender_name, message_type, content)
     SELECT s.id, CASE WHEN g % 2 = 0 THEN 'user' ELSE 'admin' END, '用户', 'text', '演示消息 ' || g
     FROM s, generate_series(1, 200) g`,
    [demoUser.id],
  );
  const demo = await measure(false);

  const t0 = performance.now();
  await seedAtScale();
  const seedS = (performance.now() - t0) / 1000;
  const counts = await db.query(
    `SELECT (SELECT count(*) FROM apps)::int AS apps, (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM wallet_ledger)::int AS ledger, (SELECT count(*) FROM cs_messages)::int AS messages,
            (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM signing_tasks)::int AS tasks`,
  );
  console.log(`seeded in ${seedS.toFixed(1)} s: ${JSON.stringify(counts[0])}`);
  const scale = await measure(true);
  // The cursor pages are the offset pages: same rows.
  for (const [label] of cases.filter(([l]) => l.endsWith("(cursor)"))) {
    const offsetRun = cases.find(([l]) => l === label.replace(" (cursor)", ""))[1];
    const cursorRun = cases.find(([l]) => l === label)[1];
    const ids = (d) => JSON.stringify((d.items ?? d.orders ?? d.records ?? d.tasks).map((x) => x.id));
    if (ids((await offsetRun()).data) !== ids((await cursorRun()).data)) {
      console.log(`${label}: the cursor page differs from the offset page`);
      process.exitCode = 1;
    }
  }

  const f = (x) => (x === undefined ? "-" : x.toFixed(1)).padStart(7);
  console.log(
    `${"".padEnd(40)} ${"demo p50".padStart(9)} ${"p95".padStart(7)} │ ${"scale p50".padStart(9)} ${"p95".padStart(7)} │ ${"×demo".padStart(6)}  verdict`,
  );
  let misses = 0;
  for (const [label] of cases) {
    const d = demo.get(label);
    const s = scale.get(label);
    if (!s) continue;
    const ratio = s.p95 / Math.max(d?.p95 ?? s.p95, 1);
    const ok = s.p95 <= 50 && ratio <= 2 && s.scans.length === 0;
    if (!ok) misses++;
    console.log(
      `${label.padEnd(40)} ${f(d?.p50)}   ${f(d?.p95)} │ ${f(s.p50)}   ${f(s.p95)} │ ${ratio.toFixed(2).padStart(6)}  ${ok ? "ok" : "MISS"}${s.scans.length ? `  seq scan on ${s.scans.join(", ")}` : ""}`,
    );
  }
  console.log(`${misses} of ${scale.size} over target (p95 at scale <= 2x demo and <= 50 ms, no seq scan)`);
  if (HOLD) {
    console.log(`holding the seeded database: psql ${server.services.config.databaseUrl} (Ctrl-C ends)`);
    await new Promise((resolve) => process.once("SIGINT", resolve));
  }
} finally {
  PgClient.prototype.query = originalQuery;
  await client?.terminate();
  await booted.stop();
}

/** The bulk seed: one INSERT ... SELECT FROM generate_series per table, then VACUUM ANALYZE. */
async function seedAtScale() {
  const [{ hash }] = await db.query(`SELECT password_hash AS hash FROM users ORDER BY id LIMIT 1`);
  const step = async (label, sql, params = []) => {
    const t = performance.now();
    // One transaction each, without the server's statement timeout; the rows' references are valid by construction,
    // so the per-row foreign-key triggers are skipped (session_replication_role, as a bulk restore does).
    await db.transaction(async (m) => {
      await m.query(`SET LOCAL statement_timeout = 0`);
      await m.query(`SET LOCAL session_replication_role = replica`);
      await m.query(sql, params);
    });
    console.log(`  ${label.padEnd(34)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await step(
    `${N.users} users`,
    `INSERT INTO users (username, password_hash, role, permissions, email, created_at, last_login_at)
     SELECT 'scale_u' || g, $2, 'user', '{}', 'scale_u' || g || '@example.com',
            now() - (g || ' minutes')::interval, now() - (g || ' seconds')::interval
     FROM generate_series(1, $1::int) g`,
    [N.users, hash],
  );
  await step(
    `${N.apps} apps`,
    `INSERT INTO apps (name, version, size, description, keywords, category_id, price, bundle_id, is_active, sort_order,
                       developer, download_count)
     SELECT (ARRAY['微信','抖音','相机','音乐','视频','游戏','工具','阅读'])[1 + g % 8] || ' 应用 ' || g, '1.' || (g % 50),
            1000000 + g, '批量生成的应用 ' || g, 'kw' || (g % 1000), (SELECT array_agg(id ORDER BY id) FROM categories)[1 + g % 3],
            CASE WHEN g % 4 = 0 THEN 100 * (g % 10) ELSE 0 END, 'com.bulk.app' || g, g % 10 <> 0, g % 100,
            'dev' || (g % 500), g % 1000
     FROM generate_series(1, $1::int) g`,
    [N.apps],
  );
  await step(
    `${N.ledger} ledger rows`,
    `INSERT INTO wallet_ledger (user_id, type, amount_fen, balance_after_fen, order_no, note, created_at)
     SELECT u.id, (ARRAY['recharge','purchase','signing','refund'])[1 + g % 4], CASE WHEN g % 4 = 0 THEN 1000 ELSE -100 END,
            g % 100000, NULL, 'bulk', now() - ((${N.ledger} - g) || ' seconds')::interval
     FROM generate_series(1, $1::int) g, LATERAL (SELECT (SELECT max(id) FROM users) - (g % $2::int) AS id) u`,
    [N.ledger, N.users],
  );
  await step(
    `${N.orders} orders`,
    `INSERT INTO orders (order_no, user_id, kind, item_id, item_name, amount_fen, status, pay_method, created_at, paid_at)
     SELECT 'B' || lpad(g::text, 12, '0'), (SELECT max(id) FROM users) - (g % $2::int), 'resource-share', 1, '批量订单 ' || g,
            100, (ARRAY['fulfilled','fulfilled','fulfilled','pending','closed','refunded'])[1 + g % 6], 'wallet',
            now() - ((${N.orders} - g) || ' seconds')::interval, now()
     FROM generate_series(1, $1::int) g`,
    [N.orders, N.users],
  );
  await step(
    `${N.tasks} signing tasks`,
    `INSERT INTO signing_tasks (user_id, certificate_name, source, status, stage, run_id, app_name, bundle_id,
                                artifact_name, downloads_limit, created_at)
     SELECT (SELECT max(id) FROM users) - (g % $2::int), '批量证书', 'upload',
            (ARRAY['done','done','done','failed','cancelled'])[1 + g % 5], 'done', gen_random_uuid(),
            '应用 ' || g, 'com.bulk.sign' || g, 'bulk-' || g || '.ipa', 10, now() - ((${N.tasks} - g) || ' seconds')::interval
     FROM generate_series(1, $1::int) g`,
    [N.tasks, N.users],
  );
  // Sessions: one per 100 messages, the first holds a tenth of them all.
  const sessions = Math.max(1, Math.floor(N.messages / 100));
  await step(
    `${sessions} chat sessions`,
    `INSERT INTO cs_sessions (public_id, user_id, status, message_count, last_message_at, last_message_preview)
     SELECT 'cs_' || md5('bulk' || g), (SELECT max(id) FROM users) - (g % $2::int), 'open',
            CASE WHEN g = 1 THEN $3::int / 10 ELSE ($3::int - $3::int / 10) / ($1::int - 1) END, now(), '批量消息'
     FROM generate_series(1, $1::int) g`,
    [sessions, N.users, N.messages],
  );
  await step(
    `${N.messages} chat messages`,
    `INSERT INTO cs_messages (session_id, sender_type, sender_name, message_type, content, created_at)
     SELECT s.id, CASE WHEN g % 2 = 0 THEN 'user' ELSE 'admin' END, '用户', 'text', '批量消息 ' || g,
            now() - (($1::int - g) || ' seconds')::interval
     FROM generate_series(1, $1::int) g
     JOIN cs_sessions s ON s.public_id = 'cs_' || md5('bulk' || CASE WHEN g <= $1::int / 10 THEN 1 ELSE 2 + g % ($2::int - 1) END)`,
    [N.messages, sessions],
  );
  const t = performance.now();
  await db.query(`VACUUM ANALYZE`); // visibility map for index-only scans, statistics for the planner
  // The bulk load's dirty pages are written now, not by a checkpoint that would land in the middle of the timings.
  await db.query(`CHECKPOINT`);
  console.log(`  ${"VACUUM ANALYZE".padEnd(34)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
