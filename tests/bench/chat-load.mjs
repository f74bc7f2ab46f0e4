// Load-generating roles for bench:chat, each run in its own worker thread (never on the server's event loop; the
// server is another process): "pollers", "subscribers", "sender". See tests/bench/chat.mjs.
import { parentPort, workerData } from "node:worker_threads";
import http from "node:http";
import { createClient } from "graphql-ws";
import WebSocket from "ws";

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const { role, base, durationMs } = workerData;

function request(agent, method, path, headers, body) {
  const url = new URL(base + path);
  return new Promise((resolve) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("error", (e) => resolve({ status: 0, error: e.message }));
    req.end(body);
  });
}

/** Each session polled every intervalMs (page 1, 50 a page, If-None-Match), starts spread over the first interval. */
async function pollers() {
  const { sessions, intervalMs } = workerData;
  // Idle sockets are dropped after 4 s, before the server's 5 s keep-alive timeout closes them under a request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });
  const times = [];
  /** Polls after each poller's first (which has no ETag yet and opens its connection). */
  const steady = [];
  const byStatus = {};
  const statuses = {};
  const failures = {};
  let errors = 0;
  const end = now() + durationMs;
  await Promise.all(
    sessions.map(async (s, i) => {
      let etag = null;
      let first = true;
      await sleep((i / sessions.length) * intervalMs);
      while (now() < end) {
        const t0 = now();
        const r = await request(agent, "GET", `/api/customer-service/messages/${s.sessionId}?page=1&pageSize=50`, {
          "x-guest-id": s.guestId,
          ...(etag ? { "if-none-match": etag } : {}),
        });
        const took = now() - t0;
        times.push(took);
        if (!first) steady.push(took);
        first = false;
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        (byStatus[r.status] ??= []).push(took);
        if (r.status === 200) etag = r.headers.etag ?? null;
        else if (r.status !== 304) {
          errors++;
          const why = r.error ?? `HTTP ${r.status}`;
          failures[why] = (failures[why] ?? 0) + 1;
        }
        await sleep(Math.max(0, intervalMs - (now() - t0)));
      }
    }),
  );
  agent.destroy();
  parentPort.postMessage({ times, steady, statuses, byStatus, errors, failures });
}

/** One graphql-ws client per session, subscribed to its messageAdded; reports each delivery's latency. */
async function subscribers() {
  const { sessions } = workerData;
  const latencies = [];
  let errors = 0;
  const received = new Map();
  const clients = [];
  let ready = 0;
  await new Promise((resolveAll) => {
    for (const s of sessions) {
      const c = createClient({
        url: base.replace("http", "ws") + "/graphql",
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        lazy: false,
      });
      clients.push(c);
      let first = true;
      c.on("connected", () => {
        if (first && ++ready === sessions.length) resolveAll();
        first = false;
      });
      c.subscribe(
        {
          query: "subscription($s: String!, $g: String) { messageAdded(sessionId: $s, guestId: $g) { content } }",
          variables: { s: s.sessionId, g: s.guestId },
        },
        {
          next: (v) => {
            if (v.errors) return void errors++;
            const m = /^bench (\d+) ([\d.]+)$/.exec(v.data.messageAdded.content);
            if (!m) return;
            latencies.push(now() - Number(m[2]));
            received.set(m[1], (received.get(m[1]) ?? 0) + 1);
          },
          error: () => errors++,
          complete: () => undefined,
        },
      );
    }
  });
  parentPort.postMessage({ type: "ready" });
  await new Promise((r) => parentPort.once("message", r));
  await sleep(2000); // the last round's deliveries
  await Promise.all(clients.map((c) => c.dispose()));
  parentPort.postMessage({ type: "done", latencies, errors, received: [...received.entries()] });
}

/**
 * Admins answering: every subscribed session gets one message per roundMs, sent as a steady stream (one every
 * roundMs / sessions), at most 4 requests in flight. The content carries the send time.
 */
async function sender() {
  const { sessions, token, roundMs } = workerData;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4, timeout: 4000 });
  let errors = 0;
  let sent = 0;
  let inFlight = 0;
  const sendTimes = [];
  const gap = roundMs / sessions.length;
  const t0 = now();
  const end = t0 + durationMs;
  const pending = new Set();
  for (let k = 0; ; k++) {
    const due = t0 + k * gap;
    if (due >= end) break;
    await sleep(Math.max(0, due - now()));
    while (inFlight >= 4) await sleep(1);
    const s = sessions[k % sessions.length];
    const body = JSON.stringify({ session_id: s.sessionId, content: `bench ${k} ${now()}`, message_type: "text" });
    inFlight++;
    const ts = now();
    const p = request(
      agent,
      "POST",
      "/api/admin/customer-service/messages",
      {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        authorization: `Bearer ${token}`,
      },
      body,
    ).then((r) => {
      inFlight--;
      sendTimes.push(now() - ts);
      if (r.status === 200) sent++;
      else errors++;
      pending.delete(p);
    });
    pending.add(p);
  }
  await Promise.all(pending);
  agent.destroy();
  parentPort.postMessage({ sent, errors, rounds: Math.round(durationMs / roundMs), sendTimes });
}

await { pollers, subscribers, sender }[role]();
