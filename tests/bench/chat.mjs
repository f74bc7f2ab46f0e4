#!/usr/bin/env node
// Customer-service chat benchmark against the built server in its own process (embedded PostgreSQL, demo data):
// POLLERS guests poll their session every 3000 ms (page size 50, If-None-Match: 304 when unchanged) for SECONDS,
// while SUBSCRIBERS of them hold a graphql-ws `messageAdded` subscription and admins answer each of those sessions once
// every ROUND_MS (a steady stream, at most 4 requests in flight; POST /api/admin/customer-service/messages). Pollers, subscribers and the admin each run in a
// worker thread. Prints poll p50/p95, delivery p50/p95/max to the subscribers (send → receipt), and errors.
// Targets: poll p95 <= 50 ms, delivery p95 <= 200 ms, 0 errors.
// Usage: npm run bench:chat [-- --pollers 1000 --subscribers 200 --seconds 60 --round 20000]
import { Worker } from "node:worker_threads";
import { startSeededServer } from "./seeded-server.mjs";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const POLLERS = arg("pollers", 1000);
const SUBSCRIBERS = arg("subscribers", 200);
const SECONDS = arg("seconds", 60);
const ROUND_MS = arg("round", 20000);
const POLL_MS = 3000;

const pct = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x) => `${x.toFixed(1)} ms`;

function worker(data) {
  const w = new Worker(new URL("./chat-load.mjs", import.meta.url), { workerData: data });
  w.on("error", (e) => {
    console.error(`${data.role} worker failed:`, e);
    process.exitCode = 1;
  });
  return w;
}
const nextMessage = (w) => new Promise((resolve) => w.once("message", resolve));

const server = await startSeededServer("chat", { TRUST_PROXY: "1" });
const base = `http://127.0.0.1:${server.port}`;
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "bench-admin" }),
  });
  const token = (await login.json()).data.token;

  // One guest session per poller, each from its own address (sessions are limited per address).
  const sessions = [];
  for (let i = 0; i < POLLERS; i++) {
    const r = await fetch(`${base}/api/customer-service/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.8.${i >> 8}.${i & 255}` },
      body: JSON.stringify({}),
    });
    const d = (await r.json()).data;
    sessions.push({ sessionId: d.session_id, guestId: d.guest_id });
  }
  const subscribed = sessions.slice(0, SUBSCRIBERS);
  const durationMs = SECONDS * 1000;
  console.log(
    `chat bench: ${POLLERS} pollers every ${POLL_MS} ms for ${SECONDS} s; ${SUBSCRIBERS} graphql-ws subscribers, admins answering each once every ${ROUND_MS} ms (${((SUBSCRIBERS * 1000) / ROUND_MS).toFixed(0)} messages/s)`,
  );

  const subs = worker({ role: "subscribers", base, sessions: subscribed, durationMs });
  const subsReady = await nextMessage(subs);
  if (subsReady.type !== "ready") throw new Error("subscribers did not start");
  const polling = worker({ role: "pollers", base, sessions, intervalMs: POLL_MS, durationMs });
  const sending = worker({ role: "sender", base, sessions: subscribed, token, roundMs: ROUND_MS, durationMs });
  const [polled, sent] = await Promise.all([nextMessage(polling), nextMessage(sending)]);
  subs.postMessage("stop");
  const delivered = await nextMessage(subs);

  const expected = sent.sent;
  const got = delivered.latencies.length;
  const missing = expected - got;
  console.log(
    `polls: ${polled.times.length}, p50 ${ms(pct(polled.times, 50))}, p95 ${ms(pct(polled.times, 95))}, max ${ms(Math.max(...polled.times))}`,
  );
  for (const [status, xs] of Object.entries(polled.byStatus))
    console.log(`  ${status}: ${xs.length}, p50 ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))}`);
  console.log(
    `  after each poller's first poll (${polled.steady.length}): p50 ${ms(pct(polled.steady, 50))}, p95 ${ms(pct(polled.steady, 95))}`,
  );
  console.log(
    `admin messages: ${sent.sent}, send p50 ${ms(pct(sent.sendTimes, 50))}, p95 ${ms(pct(sent.sendTimes, 95))}`,
  );
  console.log(
    `delivery to ${SUBSCRIBERS} subscribers: ${got} of ${expected}, p50 ${ms(pct(delivered.latencies, 50))}, p95 ${ms(pct(delivered.latencies, 95))}, max ${ms(Math.max(...delivered.latencies))}`,
  );
  const errors = polled.errors + sent.errors + delivered.errors + Math.max(0, missing);
  console.log(
    `errors: ${errors} (poll ${polled.errors}, send ${sent.errors}, subscription ${delivered.errors}, undelivered ${Math.max(0, missing)})`,
  );
  if (polled.errors) console.log(`poll failures: ${JSON.stringify(polled.failures)}`);
  const ok = pct(polled.times, 95) <= 50 && pct(delivered.latencies, 95) <= 200 && errors === 0;
  console.log(`targets (poll p95 <= 50 ms, delivery p95 <= 200 ms, 0 errors): ${ok ? "met" : "NOT met"}`);
  if (!ok) process.exitCode = 1;
} finally {
  await server.stop();
}
