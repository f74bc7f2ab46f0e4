import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import http2 from "node:http2";
import path from "node:path";
import { createClient, type Client as WsClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "../support/certificates";
import { createCheckScene, uploadLeaf, type CheckScene } from "../support/cert-checks";
import { startSandbox, type Sandbox } from "../support/epay-sandbox";
import { client } from "../support/inprocess";
import { createShare } from "../support/shop";
import { biggerIpa } from "../support/signing";
import { altstoreDoc, manyApps, SourceFixtureServer } from "../support/source-fixtures";
import { DEFAULT_ICON_FILE } from "../../server/src/modules/storage/default-icon";
import { startTopology, type Member, type Topology } from "../support/topology";
import { pollUntil } from "../support/wait";

/**
 * The production topology (issue 22): Debian's PostgreSQL and nginx, Redis, an S3 server, 2 servers and 2 workers from
 * the built code with NODE_ENV=production, driven through the proxy only, like clients. Then the faults: kill -9 of a
 * server in the middle of an IPA upload and of a worker in the middle of a signing, each restarted; after each, every
 * ledger sums to its balance, one artifact per task, no object in the bucket that no row names, every event delivered
 * once to each subscription still open. The database and the bucket are only looked at, never driven.
 */
type Client = ReturnType<typeof client>;
let topo: Topology;
let sandbox: Sandbox;
let scene: CheckScene;
let sources: SourceFixtureServer;
let admin: Client;
let adminToken: string;
const sockets: WsClient[] = [];

beforeAll(async () => {
  [sandbox, scene, sources] = await Promise.all([
    startSandbox(),
    createCheckScene(),
    new SourceFixtureServer().start(),
  ]);
  topo = await startTopology({
    env: {
      // The fixtures' fake Apple root (signing certificates) and the status-check scene's PKI.
      APPLE_EXTRA_ROOTS: [trustFixtureRoot().APPLE_EXTRA_ROOTS, scene.env.APPLE_EXTRA_ROOTS].join(","),
      // The software source is served from this machine.
      SOURCES_ALLOW_PRIVATE: "1",
    },
  });
  admin = client(topo.url);
  adminToken = (await admin.login("admin", topo.adminPassword)).token;
}, 300_000);

afterAll(async () => {
  for (const s of sockets) await s.dispose();
  await topo?.stop();
  await Promise.all([sandbox?.stop(), scene?.close(), sources?.close()]);
});

// ---- helpers: what a client sees, and what the test reads beside it ----

const [S1, S2] = [0, 1];
const server = (i: number) => topo.servers[i];
const served = (pathname: string) => topo.requests().filter((r) => r.path === pathname);
/**
 * The requests for `pathname` through the proxy, once there are `n` (nginx logs a request just after its answer went
 * out, so the client may have it a moment before the log does).
 */
const servedOnce = (pathname: string, n: number) =>
  pollUntil(async () => served(pathname).length >= n && served(pathname), 10_000, 20);

let userSeq = 0;
async function newUser(): Promise<{ c: Client; id: number; token: string; name: string }> {
  const c = client(topo.url);
  const name = `topo_${++userSeq}_${Date.now().toString(36)}`;
  const r = await c.rest("POST", "/api/auth/register", { username: name, password: "secret1" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const { token, user } = await c.login(name, "secret1");
  return { c, id: Number(user.id), token, name };
}

/** A ws WebSocket that remembers which server the proxy sent its upgrade to (nginx's X-Upstream on the 101). */
class TrackedSocket extends WebSocket {
  upstream = "";
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols);
    this.on("upgrade", (res) => (this.upstream = String(res.headers["x-upstream"] ?? "")));
  }
}

interface Subscription {
  events: any[];
  errors: unknown[];
  /** The server the socket is on. */
  upstream: string;
  closed: boolean;
}

/** A graphql-ws client through the proxy on server `m` (aimed there), subscribed to `query`. */
async function subscribeOn(m: Member, token: string, query: string, variables: Record<string, unknown> = {}) {
  await topo.aimAt(m);
  let socket: TrackedSocket | undefined;
  const sub: Subscription = { events: [], errors: [], upstream: "", closed: false };
  const ws = createClient({
    url: topo.url.replace("http", "ws") + "/graphql",
    webSocketImpl: class extends TrackedSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols);
        socket = this; // eslint-disable-line @typescript-eslint/no-this-alias
      }
    },
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    // A socket whose server is killed closes: recorded as `closed`, not printed.
    onNonLazyError: () => undefined,
    on: { closed: () => (sub.closed = true) },
  });
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    const off = ws.on("connected", () => (off(), resolve()));
    ws.on("error", reject);
  });
  sub.upstream = socket!.upstream;
  expect(sub.upstream).toBe(m.address);
  ws.subscribe(
    { query, variables },
    {
      next: (v) => (v.errors ? sub.errors.push(...v.errors) : sub.events.push(v.data)),
      error: (e) => sub.errors.push(e),
      complete: () => undefined,
    },
  );
  return sub;
}

/** Every wallet's ledger sums to its balance: the wallets where it does not (none). */
async function ledgerMismatches() {
  const { rows } = await topo.db.query(
    `SELECT w.user_id, w.balance_fen::bigint AS balance, coalesce(sum(l.amount_fen), 0)::bigint AS sum
       FROM wallets w LEFT JOIN wallet_ledger l ON l.user_id = w.user_id
      GROUP BY w.user_id, w.balance_fen HAVING w.balance_fen <> coalesce(sum(l.amount_fen), 0)`,
  );
  return rows;
}

/**
 * Objects in the bucket that no row names: a row holds a private object as `<kind>/<hex>.<ext>` (a signed IPA by its
 * artifact name) and a public one by its URL `/uploads/...` (or an absolute one). Every text and JSON column of every
 * table is searched.
 */
async function orphanObjects(): Promise<string[]> {
  // The default app icon is the store's own (drawn at start), named by code rather than rows.
  const keys = (await topo.objects()).filter((k) => k !== `uploads/${DEFAULT_ICON_FILE}`);
  const names = keys.map((key) => key.replace(/^private\/(signed\/)?/, ""));
  const { rows: columns } = await topo.db.query(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb')`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const named = new Set<string>();
  for (const [table, cols] of byTable) {
    const where = cols.map((c) => `position(n in "${c}"::text) > 0`).join(" OR ");
    const { rows } = await topo.db.query(
      `SELECT n FROM unnest($1::text[]) n WHERE EXISTS (SELECT 1 FROM "${table}" WHERE ${where})`,
      [names],
    );
    for (const r of rows) named.add(r.n);
  }
  return keys.filter((_, i) => !named.has(names[i]));
}

/** Signed artifacts: one object per done task, and no other. */
async function artifactsPerTask() {
  const { rows } = await topo.db.query(`SELECT artifact_name FROM signing_tasks WHERE status = 'done'`);
  const expected = rows.map((r) => `private/signed/${r.artifact_name}`).sort();
  return { expected, stored: await topo.objects("private/signed/") };
}

/** The scratch files (temp uploads, signing runs) on a member's own disk. */
function scratchFiles(m: Member): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(m.dataDir, p));
    }
  };
  walk(m.dataDir);
  return out;
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function waitTask(c: Client, id: number, ms = 150_000) {
  return pollUntil(
    async () => {
      const r = await c.rest("GET", `/api/signing/tasks/${id}`);
      return ["done", "failed"].includes(r.body.data?.status) ? r.body.data : undefined;
    },
    ms,
    250,
  );
}

/** A multipart upload of `ipa` whose body stops half-way until `release` is called (a client on a slow line). */
function slowUpload(url: string, token: string, ipa: Buffer) {
  const boundary = "----topology" + Date.now();
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="ipa"; filename="big.ipa"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(ipa.length / 2);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const body = new ReadableStream<Uint8Array>({
    async start(ctl) {
      ctl.enqueue(head);
      for (let at = 0; at < half; at += 256 * 1024) ctl.enqueue(ipa.subarray(at, Math.min(half, at + 256 * 1024)));
      await gate;
      try {
        ctl.enqueue(ipa.subarray(half));
        ctl.enqueue(tail);
        ctl.close();
      } catch {
        // The request is already gone.
      }
    },
  });
  const response = fetch(url, {
    method: "POST",
    body,
    duplex: "half",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit).then(
    async (r) => ({ status: r.status, text: await r.text() }),
    (e: Error) => ({ status: 0, text: e.message }),
  );
  return { response, release };
}

// ---- the shared story: one user, one admin, across both servers ----

let buyer: Awaited<ReturnType<typeof newUser>>;
let certificateId: number;
let chat: { sessionId: string; user: Subscription; admin: Subscription };
const report: Record<string, unknown> = {};

describe("through the proxy, on 2 servers and 2 workers", () => {
  it("registers and logs in (both servers answer: the proxy balances round-robin)", async () => {
    buyer = await newUser();
    const me = await buyer.c.rest("GET", "/api/users/profile");
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    await topo.aimAt(server(S2));
    expect((await buyer.c.rest("GET", "/api/users/profile")).headers.get("x-upstream")).toBe(server(S2).address);
    const upstreams = new Set(topo.requests().map((r) => r.upstream));
    expect([...upstreams].sort()).toEqual(topo.servers.map((s) => s.address).sort());
  });

  it("tops up through the EPay sandbox: the order on one server, the gateway's notify on the other", async () => {
    const method = await admin.rest("POST", "/api/admin/payments/methods", {
      name: "沙箱支付",
      channel: "alipay",
      gateway_url: sandbox.url + "/",
      pid: sandbox.pid,
      key: sandbox.key,
      min_amount: 1,
      max_amount: 1000,
      enabled: true,
    });
    expect(method.status, JSON.stringify(method.body)).toBe(200);
    await topo.aimAt(server(S1));
    const order = await buyer.c.rest("POST", "/api/payments/recharge", { amount: 20, method: method.body.data.id });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.headers.get("x-upstream")).toBe(server(S1).address);
    const payUrl = new URL(order.body.data.pay_url);
    expect((await fetch(payUrl)).status).toBe(200);
    const paid = await fetch(new URL("pay", payUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ out_trade_no: order.body.data.order_no }).toString(),
      redirect: "manual",
    });
    expect(paid.status).toBe(302);
    // The gateway's notify reached PUBLIC_URL (the proxy), which sent it to the other server.
    const notifies = await servedOnce("/api/payments/callback/epay", 1);
    expect(notifies.map((n) => [n.status, n.upstream])).toEqual([[200, server(S2).address]]);
    const status = await buyer.c.rest("GET", `/api/payments/status/${order.body.data.order_no}`);
    expect(status.body.data.status).toBe("paid");
    expect((await buyer.c.rest("GET", "/api/users/wallet/balance")).body.data.balance).toBe(20);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it("buys a paid item with the wallet", async () => {
    const share = await createShare(admin, "拓扑资源", 3);
    const bought = await buyer.c.rest("POST", "/api/users/wallet/pay", { kind: "resource-share", id: share });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const status = await buyer.c.rest("GET", `/api/settings/purchase-status/${share}?kind=resource-share`);
    expect(status.body.data).toMatchObject({ purchased: true });
    expect((await buyer.c.rest("GET", "/api/users/wallet/balance")).body.data.balance).toBe(17);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it("signs an IPA: uploaded on one server, signed by a worker, downloaded through the other, proxied then redirected", async () => {
    const cert = await postForm(
      `${topo.url}/api/certificates/upload`,
      buyer.token,
      { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
      { password: P12_PASSWORD },
    );
    expect(cert.status, JSON.stringify(cert.body)).toBe(200);
    certificateId = Number(cert.body.data.id);
    await topo.aimAt(server(S1));
    const up = await postForm(`${topo.url}/api/signing/upload-ipa`, buyer.token, { ipa: biggerIpa(1, 1) });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((await servedOnce("/api/signing/upload-ipa", 1)).map((r) => r.upstream)).toEqual([server(S1).address]);
    const t = await buyer.c.rest("POST", "/api/signing/create-task", {
      certificate_id: certificateId,
      ipa_id: up.body.data.id,
    });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    const id = Number(t.body.data.task_id);
    const done = await waitTask(buyer.c, id);
    expect(done.status, JSON.stringify(done)).toBe("done");
    const { rows } = await topo.db.query(`SELECT artifact_size, report FROM signing_tasks WHERE id = $1`, [id]);
    const pids = topo.workers.map((w) => w.pid());
    expect(pids).toContain(Number(String(rows[0].report.worker).split(":").pop()));

    // proxy: the bytes stream through the other server.
    await topo.aimAt(server(S2));
    const auth = { authorization: `Bearer ${buyer.token}` };
    const proxied = await fetch(`${topo.url}/api/signing/download/${id}`, { headers: auth, redirect: "manual" });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get("x-upstream")).toBe(server(S2).address);
    const bytes = Buffer.from(await proxied.arrayBuffer());
    expect(bytes.length).toBe(Number(rows[0].artifact_size));
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    const sha = sha256(bytes);

    // redirect: both servers restarted one after the other with S3_DOWNLOADS=redirect; the server answers 302 to a
    // signed URL of the store, and the store serves the same bytes.
    await topo.setDownloads("redirect");
    await topo.aimAt(server(S2));
    const redirected = await fetch(`${topo.url}/api/signing/download/${id}`, { headers: auth, redirect: "manual" });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("x-upstream")).toBe(server(S2).address);
    const location = redirected.headers.get("location")!;
    expect(location.startsWith(topo.s3.endpoint)).toBe(true);
    expect(sha256(Buffer.from(await (await fetch(location)).arrayBuffer()))).toBe(sha);
    const used = (await buyer.c.rest("GET", `/api/signing/tasks/${id}`)).body.data.downloads_used;
    expect(used).toBe(2);
    // The rest of the suite runs with downloads redirected.
  });

  it("chats: a user on one server, the admin on the other, each message delivered once to each subscription", async () => {
    const session = await buyer.c.rest("POST", "/api/customer-service/sessions", {});
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const sessionId = session.body.data.session_id as string;
    const user = await subscribeOn(
      server(S1),
      buyer.token,
      `subscription($sessionId: String!) { messageAdded(sessionId: $sessionId) { id senderType content } }`,
      { sessionId },
    );
    const adminSub = await subscribeOn(
      server(S2),
      adminToken,
      `subscription { customerServiceChanged { session { sessionId } message { id content senderType } } }`,
    );
    chat = { sessionId, user, admin: adminSub };
    // The server takes a subscription in a moment after the socket is up: the first message is sent until both see it.
    await pollUntil(
      async () => {
        await buyer.c.rest("POST", "/api/customer-service/messages", {
          session_id: sessionId,
          content: "你好",
          message_type: "text",
        });
        return pollUntil(async () => user.events.length > 0 && adminSub.events.length > 0, 3000, 50).catch(() => false);
      },
      30_000,
      0,
    );
    const sent = await chatRound(chat, "第一轮");
    expect(sent.length).toBe(3);
  });

  it("runs a detection batch with live progress (checked by the workers, watched on a server)", async () => {
    const owner = await newUser();
    for (const leaf of [scene.leaves.good, scene.leaves.revoked]) await uploadLeaf(scene, topo.url, owner.token, leaf);
    scene.setDelay(200);
    const started = await admin.rest("POST", "/api/admin/certificate-detection/batches", { filter: { scope: "all" } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const batchId = started.body.data.id;
    const total = started.body.data.total as number;
    expect(total).toBe(3);
    const progress = await subscribeOn(
      server(S1),
      adminToken,
      `subscription($id: ID!) { detectionBatchProgress(id: $id) { status total done good revoked unknown error } }`,
      { id: String(batchId) },
    );
    const last = await pollUntil(
      async () => progress.events.map((e) => e.detectionBatchProgress).find((b) => b.status === "completed"),
      120_000,
      100,
    );
    scene.setDelay(0);
    expect(last).toMatchObject({ total: 3, done: 3, good: 1, revoked: 1 });
    const done = progress.events.map((e) => e.detectionBatchProgress.done as number);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(progress.errors).toEqual([]);
  });

  it("fetches a software source (a job) and lists its apps", async () => {
    const url = sources.json("/topology.json", altstoreDoc("拓扑源", manyApps(12, "Topo App", "com.topology")));
    const added = await admin.rest("POST", "/api/admin/software-sources", { name: "拓扑源", url });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.data.id;
    const fetched = await pollUntil(async () => {
      const s = (await admin.rest("GET", `/api/admin/software-sources/${id}`)).body.data;
      return s.fetches.length > 0 ? s : undefined;
    }, 60_000);
    expect(fetched).toMatchObject({ status: "ok", format: "altstore", app_count: 12 });
    const apps = await client(topo.url).rest("GET", `/api/software-sources/${id}/apps?page=1&limit=20`);
    expect(apps.body.data.items?.length ?? apps.body.data.apps?.length).toBe(12);
  });
});

/** GETs `paths` over one HTTP/2 session to the proxy's TLS listener, trusting its certificate only. */
async function http2Gets(paths: string[], token: string) {
  const session = http2.connect(topo.tlsUrl, { ca: topo.ca });
  try {
    await new Promise<void>((resolve, reject) => session.once("connect", () => resolve()).once("error", reject));
    const answers = await Promise.all(
      paths.map(
        (p) =>
          new Promise<{ status: number; upstream: string; body: string }>((resolve, reject) => {
            const req = session.request({ ":path": p, authorization: `Bearer ${token}` });
            let status = 0;
            let upstream = "";
            const chunks: Buffer[] = [];
            req.on("response", (h) => ((status = Number(h[":status"])), (upstream = String(h["x-upstream"] ?? ""))));
            req.on("data", (d: Buffer) => chunks.push(d));
            req.on("end", () => resolve({ status, upstream, body: Buffer.concat(chunks).toString("utf8") }));
            req.on("error", reject);
            req.end();
          }),
      ),
    );
    return { protocol: session.alpnProtocol, answers };
  } finally {
    session.close();
  }
}

describe("over HTTPS (the proxy's TLS listener)", () => {
  it("serves the page and the API over one HTTP/2 connection, and accepts graphql-ws over wss", async () => {
    const { protocol, answers } = await http2Gets(["/", "/api/users/profile", "/api/health"], buyer.token);
    expect(protocol).toBe("h2");
    const [page, profile, health] = answers;
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(profile.status, profile.body).toBe(200);
    expect(JSON.parse(profile.body).data.username).toBe(buyer.name);
    expect(health.status).toBe(200);
    const addresses = topo.servers.map((m) => m.address);
    for (const a of answers) expect(addresses).toContain(a.upstream);
    // WebSockets stay on HTTP/1.1 (nginx offers no extended CONNECT on HTTP/2): the upgrade goes through TLS.
    const ws = createClient({
      url: topo.tlsUrl.replace("https", "wss") + "/graphql",
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { ca: topo.ca });
        }
      },
      connectionParams: { authorization: `Bearer ${buyer.token}` },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => undefined,
    });
    sockets.push(ws);
    // Acknowledged: the upgrade went through TLS to a server, which accepted the caller's token.
    await new Promise<void>((resolve, reject) => {
      const off = ws.on("connected", () => (off(), resolve()));
      ws.on("error", reject);
      ws.on("closed", (e) => reject(new Error(`closed: ${(e as { code?: number }).code}`)));
    });
  });
});

/** The user sends two messages and the admin answers one: each reaches each open subscription exactly once. */
async function chatRound(c: NonNullable<typeof chat>, label: string) {
  const ids: string[] = [];
  for (const content of [`${label}-问题一`, `${label}-问题二`]) {
    const r = await buyer.c.rest("POST", "/api/customer-service/messages", {
      session_id: c.sessionId,
      content,
      message_type: "text",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids.push(String(r.body.data.id));
  }
  const reply = await admin.rest("POST", "/api/admin/customer-service/messages", {
    session_id: c.sessionId,
    content: `${label}-回答`,
    message_type: "text",
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  ids.push(String(reply.body.data.id));
  const seen = (s: Subscription) =>
    s === c.user
      ? s.events.map((e) => String(e.messageAdded.id))
      : s.events
          .map((e) => e.customerServiceChanged.message?.id)
          .filter(Boolean)
          .map(String);
  for (const s of [c.user, c.admin].filter((s) => !s.closed)) {
    await pollUntil(async () => ids.every((id) => seen(s).includes(id)), 30_000, 50);
    for (const id of ids) expect(seen(s).filter((x) => x === id).length, `${id} on ${s.upstream}`).toBe(1);
    expect(s.errors).toEqual([]);
  }
  return ids;
}

/**
 * What every fault must leave: balanced ledgers, one artifact per task, no orphan objects beyond those before the
 * faults (`unsaved`: icons of staged uploads nobody saved, which the unused-upload sweep removes after a day).
 */
let unsaved: string[] | undefined;
async function expectNothingLost() {
  expect(await ledgerMismatches()).toEqual([]);
  const a = await artifactsPerTask();
  expect(a.stored).toEqual(a.expected);
  expect(await orphanObjects()).toEqual(unsaved);
}

describe("faults", () => {
  let bigIpa: Buffer;

  it("kill -9 of a server in the middle of an IPA upload: the upload fails, nothing is recorded or stored", async () => {
    bigIpa = biggerIpa(2, 6);
    // Before the faults: only public uploads no row names yet (the share's staged icon), no private object.
    unsaved = await orphanObjects();
    expect(
      unsaved.every((k) => k.startsWith("uploads/icons/")),
      unsaved.join(),
    ).toBe(true);
    const uploadsBefore = (await topo.db.query(`SELECT count(*)::int AS n FROM signing_uploads`)).rows[0].n;
    const objectsBefore = await topo.objects();
    const victim = server(S1);
    await topo.aimAt(victim);
    const upload = slowUpload(`${topo.url}/api/signing/upload-ipa`, buyer.token, bigIpa);
    // The victim is receiving it: its temp file has bytes.
    await pollUntil(
      async () =>
        scratchFiles(victim).some((f) => f.endsWith(".part") && statSync(path.join(victim.dataDir, f)).size > 0),
      60_000,
      50,
    );
    await victim.kill9();
    upload.release();
    const answer = await upload.response;
    expect(answer.status).not.toBe(200);
    const scratchAtKill = scratchFiles(victim);
    await victim.start();
    report.serverKill = {
      clientSaw: answer.status || answer.text,
      scratchAtKill,
      scratchAfterRestart: scratchFiles(victim),
    };

    expect((await topo.db.query(`SELECT count(*)::int AS n FROM signing_uploads`)).rows[0].n).toBe(uploadsBefore);
    expect(await topo.objects()).toEqual(objectsBefore);
    await expectNothingLost();
    // The subscription on the killed server is gone (its socket closed); the one on the other server still gets each
    // message once.
    const open = [chat.user, chat.admin].filter((s) => s.upstream !== victim.address);
    expect(open.every((s) => !s.closed)).toBe(true);
    expect([chat.user, chat.admin].find((s) => s.upstream === victim.address)?.closed).toBe(true);
    await chatRound(chat, "重启后");
  });

  it("kill -9 of a worker in the middle of a signing: the task is signed once by the other, one artifact, one done event", async () => {
    const up = await postForm(`${topo.url}/api/signing/upload-ipa`, buyer.token, { ipa: bigIpa });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const subs = [
      await subscribeOn(server(S1), buyer.token, `subscription { signingTaskUpdated { id status } }`),
      await subscribeOn(server(S2), buyer.token, `subscription { signingTaskUpdated { id status } }`),
    ];
    const balanceBefore = (await buyer.c.rest("GET", "/api/users/wallet/balance")).body.data.balance;
    const t = await buyer.c.rest("POST", "/api/signing/create-task", {
      certificate_id: certificateId,
      ipa_id: up.body.data.id,
    });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    const id = Number(t.body.data.task_id);
    const { rows } = await topo.db.query(`SELECT artifact_name FROM signing_tasks WHERE id = $1`, [id]);
    const artifact = rows[0].artifact_name as string;
    // The worker whose scratch space holds this task's signing run is in the middle of it.
    const victim = await pollUntil(
      async () => topo.workers.find((w) => scratchFiles(w).some((f) => f.includes(`work/${artifact}.`))),
      90_000,
      25,
    );
    const killedPid = victim.pid();
    await victim.kill9();
    const scratchAtKill = scratchFiles(victim);
    await victim.start();
    const done = await waitTask(buyer.c, id, 180_000);
    expect(done.status, JSON.stringify(done)).toBe("done");
    // Each subscription (one on each server, both opened long before the task ended) saw it done exactly once.
    const doneOn = (s: Subscription) =>
      s.events.filter((e) => Number(e.signingTaskUpdated.id) === id && e.signingTaskUpdated.status === "done").length;
    await pollUntil(async () => subs.every((s) => doneOn(s) > 0), 30_000, 50);
    const { rows: after } = await topo.db.query(`SELECT runs, report FROM signing_tasks WHERE id = $1`, [id]);
    report.workerKill = {
      runs: after[0].runs,
      killed: `${victim.name} (pid ${killedPid})`,
      signedBy: after[0].report.worker,
      scratchAtKill,
      scratchAfterRestart: scratchFiles(victim),
    };
    expect(after[0].runs).toBeGreaterThan(1);
    expect((await buyer.c.rest("GET", "/api/users/wallet/balance")).body.data.balance).toBe(balanceBefore);
    await expectNothingLost();
    for (const s of subs) {
      expect(doneOn(s), s.upstream).toBe(1);
      expect(s.errors).toEqual([]);
    }
    // The signed app downloads through the proxy (redirected to the store).
    const res = await fetch(`${topo.url}/api/signing/download/${id}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    await chatRound(chat, "最后");
    console.log(`[topology] what the faults left: ${JSON.stringify(report)}`);
  });
});
