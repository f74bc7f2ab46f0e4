import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client as WsClient } from "graphql-ws";
import WebSocket from "ws";
import { startWorker } from "../../worker/src/main";
import { client, startInProcess } from "../support/inprocess";
import { createCheckScene, uploadLeaf, type CheckScene } from "../support/cert-checks";
import { postForm } from "../support/certificates";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_PKI_PASSWORD } from "../../packages/apple/fixtures/test-pki";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let scene: CheckScene;
let server: Server;
let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
let admin: Client;
let adminToken: string;

const workerEnv = () => ({
  DATABASE_URL: server.services.config.databaseUrl,
  QUEUE_PREFIX: server.services.config.queuePrefix,
  ...scene.env,
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
async function runWorker() {
  worker ??= await startWorker(workerEnv());
}
async function stopWorker() {
  await worker?.close();
  worker = null;
}

let userSeq = 0;
async function newUser(email?: string): Promise<{ c: Client; id: number; token: string; name: string }> {
  const c = client(server.url);
  const name = `check_user_${++userSeq}`;
  const ip = { "x-forwarded-for": `10.88.0.${userSeq + 1}` };
  expect(
    (
      await c.rest(
        "POST",
        "/api/auth/register",
        { username: name, password: "secret1", ...(email ? { email } : {}) },
        ip,
      )
    ).status,
  ).toBe(200);
  const r = await c.rest("POST", "/api/auth/login", { username: name, password: "secret1" }, ip);
  c.setToken(r.body.data.token);
  return { c, id: r.body.data.user.id, token: r.body.data.token, name };
}

async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

function wsClient(token: string): WsClient {
  return createClient({
    url: server.url.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
}

/** Subscribes and resolves once the server has the subscription in place; `events` fills as they come. */
async function subscribed(c: WsClient, query: string, variables?: Record<string, unknown>) {
  const events: any[] = [];
  const ready = once(server.wsActivity, "subscribed");
  const dispose = c.subscribe(
    { query, variables },
    { next: (v) => void events.push(v), error: (e) => events.push({ error: e }), complete: () => undefined },
  );
  await ready;
  return { events, dispose };
}

const queueIdle = async () => {
  const counts = await server.services.jobs
    .queueFor("certificates.check")
    .getJobCounts("waiting", "active", "delayed", "waiting-children");
  return Object.values(counts).every((n) => n === 0);
};

let owner: Awaited<ReturnType<typeof newUser>>;
const ids = { good: 0, revoked: 0, unknown: 0, down: 0 };

beforeAll(async () => {
  scene = await createCheckScene();
  server = await startInProcess({
    ...scene.env,
    TRUST_PROXY: "1",
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  admin = client(server.url);
  adminToken = (await admin.login("admin", server.adminPassword)).token;
  await runWorker();
  owner = await newUser("owner@example.com");
  for (const k of Object.keys(ids) as (keyof typeof ids)[])
    ids[k] = await uploadLeaf(scene, server.url, owner.token, scene.leaves[k]);
}, 180_000);
afterAll(async () => {
  await stopWorker();
  await server?.stopAll();
  await scene?.close();
});

describe("check-status (the certificates.check job against a real openssl ocsp responder)", () => {
  it("a good certificate is valid: the answer, the certificate's status, the task and its full report", async () => {
    const r = await owner.c.rest("POST", "/api/certificates/check-status", { id: ids.good });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: "valid", ocsp_status: "good", certificate_id: ids.good, reason: null });
    const checks = r.body.data.report.checks.map((c: { name: string; outcome: string }) => `${c.name}:${c.outcome}`);
    expect(checks).toEqual([
      "certificate-expiry:pass",
      "profile-expiry:pass",
      "team:pass",
      "certificate-in-profile:pass",
      "devices:pass",
      "ocsp:pass",
    ]);
    expect(r.body.data.report.ocsp).toMatchObject({
      status: "good",
      signedBy: "delegated",
      responderUrl: scene.responderUrl,
    });

    const list = (await owner.c.rest("GET", "/api/certificates")).body.data;
    const mine = list.find((c: { id: number }) => c.id === ids.good);
    expect(mine.status).toBe("valid");
    expect(mine.checked_at).not.toBeNull();

    const task = await owner.c.rest("GET", `/api/certificates/tasks/${r.body.data.task_id}`);
    expect(task.body.data).toMatchObject({ status: "valid", certificate_id: ids.good });
    const tasks = await owner.c.rest("GET", "/api/certificates/tasks");
    expect(tasks.body.data.tasks.map((t: { id: number }) => t.id)).toContain(r.body.data.task_id);
  });

  it("revoked, unknown to the responder, and a responder that is down: revoked with its time, error, error with the reason", async () => {
    const revoked = (await owner.c.rest("POST", "/api/certificates/check-status", { id: ids.revoked })).body.data;
    expect(revoked).toMatchObject({ status: "revoked", ocsp_status: "revoked" });
    expect(revoked.reason).toContain("2025-10-01 08:00:00 UTC");
    expect(revoked.report.ocsp.revocationReason).toBe("keyCompromise");
    const unknown = (await owner.c.rest("POST", "/api/certificates/check-status", { id: ids.unknown })).body.data;
    expect(unknown).toMatchObject({ status: "error", ocsp_status: "unknown", reason: "OCSP 服务器不认识此证书" });
    const down = (await owner.c.rest("POST", "/api/certificates/check-status", { id: ids.down })).body.data;
    expect(down).toMatchObject({ status: "error", ocsp_status: "error" });
    expect(down.reason).toContain("无法连接 OCSP 服务器");
    const statuses = await server.services.db.query(
      `SELECT id, status FROM certificates WHERE user_id = $1 ORDER BY id`,
      [owner.id],
    );
    expect(statuses.map((s: { status: string }) => s.status)).toEqual(["valid", "revoked", "error", "error"]);
  });

  it("another user's certificate is not found (404) and stores no task; a bad id is a 400", async () => {
    const other = await newUser();
    const before = (await server.services.db.query(`SELECT count(*)::int AS n FROM certificate_checks`))[0].n;
    const r = await other.c.rest("POST", "/api/certificates/check-status", { id: ids.good });
    expect([r.status, r.body.code, r.body.message]).toEqual([404, "CERT_NOT_FOUND", "证书不存在"]);
    expect((await other.c.rest("GET", `/api/certificates/tasks/1`)).status).toBe(404);
    expect((await other.c.rest("POST", "/api/certificates/check-status", { id: "x" })).status).toBe(400);
    expect((await server.services.db.query(`SELECT count(*)::int AS n FROM certificate_checks`))[0].n).toBe(before);
  });

  it("checks are limited per user (60 per 10 minutes): past it, 429 and no task", async () => {
    const user = await newUser();
    const id = await uploadLeaf(scene, server.url, user.token, scene.leaves.good);
    await server.services.db.query(`INSERT INTO rate_counters (key, count, window_start) VALUES ($1, 60, now())`, [
      `cert-check:${user.id}`,
    ]);
    const r = await user.c.rest("POST", "/api/certificates/check-status", { id });
    expect([r.status, r.body.code, r.body.message]).toEqual([429, "RATE_LIMITED", "检测过于频繁，请稍后再试"]);
    expect(
      await server.services.db.query(`SELECT count(*)::int AS n FROM certificate_checks WHERE certificate_id = $1`, [
        id,
      ]),
    ).toEqual([{ n: 0 }]);
    await server.services.db.query(`DELETE FROM certificates WHERE id = $1`, [id]);
  });

  it("without a worker the answer is checking; the result reaches the owner's subscription once a worker runs it", async () => {
    await stopWorker();
    const ws = wsClient(owner.token);
    try {
      const sub = await subscribed(ws, `subscription { certificateChecked { id certificateId status ocspStatus } }`);
      const r = await owner.c.rest("POST", "/api/certificates/check-status", { id: ids.good });
      expect(r.body.data.status).toBe("checking");
      expect(sub.events).toEqual([]);
      await runWorker();
      const pushed = await waitFor(async () => sub.events[0]);
      expect(pushed.data.certificateChecked).toEqual({
        id: String(r.body.data.task_id),
        certificateId: String(ids.good),
        status: "valid",
        ocspStatus: "good",
      });
      sub.dispose();
    } finally {
      await ws.dispose();
    }
  });

  it("an admin checks any certificate by id, or an uploaded one, and sees the full report", async () => {
    const byId = await admin.rest("POST", "/api/admin/certificate-status-check", { id: ids.revoked });
    expect(byId.body.data).toMatchObject({ status: "revoked", username: owner.name });
    const up = await postForm(`${server.url}/api/admin/certificate-status-check/upload`, adminToken, {
      certificate: Buffer.from(scene.leaves.good.pem),
      mobileprovision: await scene.profileFor(scene.leaves.good),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({
      status: "valid",
      ocsp: { status: "good" },
      certificate: { teamId: "TEAMPKI123" },
    });
    const bad = await postForm(`${server.url}/api/admin/certificate-status-check/upload`, adminToken, {
      certificate: Buffer.from("not a certificate"),
    });
    expect([bad.status, bad.body.code]).toEqual([400, "CERT_CHECK_UPLOAD_INVALID"]);
    // Users may not.
    expect((await owner.c.rest("POST", "/api/admin/certificate-status-check", { id: ids.good })).status).toBe(403);
  });

  it("an uploaded certificate from a self-made CA does not make the server call the OCSP address it names", async () => {
    let asked = 0;
    const responder = createServer((_q, r) => {
      asked++;
      r.writeHead(200, { "content-type": "application/ocsp-response" }).end("INTERNAL-ANSWER");
    });
    await new Promise<void>((r) => responder.listen(0, "127.0.0.1", r));
    const dir = mkdtempSync(path.join(tmpdir(), "gryx-selfmade-ca-"));
    try {
      const run = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
      run([
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-days",
        "30",
        "-subj",
        "/CN=Self-made CA",
        "-addext",
        "basicConstraints=critical,CA:true",
      ]);
      run([
        "req",
        "-new",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "leaf.key",
        "-out",
        "leaf.csr",
        "-subj",
        "/CN=iPhone Distribution: Nobody (TEAM000001)/OU=TEAM000001",
      ]);
      writeFileSync(
        path.join(dir, "ext.cnf"),
        `authorityInfoAccess=OCSP;URI:http://127.0.0.1:${(responder.address() as AddressInfo).port}/ocsp\n`,
      );
      run([
        "x509",
        "-req",
        "-in",
        "leaf.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-set_serial",
        "7",
        "-days",
        "30",
        "-extfile",
        "ext.cnf",
        "-out",
        "leaf.pem",
      ]);
      run([
        "pkcs12",
        "-export",
        "-passout",
        "pass:pw123",
        "-inkey",
        "leaf.key",
        "-in",
        "leaf.pem",
        "-certfile",
        "ca.pem",
        "-keypbe",
        "AES-256-CBC",
        "-certpbe",
        "AES-256-CBC",
        "-out",
        "leaf.p12",
      ]);
      const up = await postForm(
        `${server.url}/api/admin/certificate-status-check/upload`,
        adminToken,
        { p12: readFileSync(path.join(dir, "leaf.p12")) },
        { password: "pw123" },
      );
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      expect(JSON.stringify(up.body)).not.toContain("INTERNAL-ANSWER");
      expect(up.body.data.checks.find((c: { name: string }) => c.name === "ocsp")).toMatchObject({ outcome: "skip" });
      expect(asked).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await new Promise<void>((r) => responder.close(() => r()));
    }
  });
});

describe("detection batches (a BullMQ flow: one child check per certificate)", () => {
  it("runs over every certificate with live progress, tells the revoked certificate's owner once (site message + email), exports CSV", async () => {
    const second = await newUser();
    await uploadLeaf(scene, server.url, second.token, scene.leaves.good, "second-good");
    const token = adminToken;
    const ws = wsClient(token);
    try {
      const started = await admin.rest("POST", "/api/admin/certificate-detection/batches", {
        filter: { scope: "all" },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const batchId = started.body.data.id;
      expect(started.body.data).toMatchObject({ status: "running", total: 5 });
      const sub = await subscribed(
        ws,
        `subscription($id: ID!) { detectionBatchProgress(id: $id) { status total done good revoked unknown error } }`,
        { id: String(batchId) },
      );
      const last = await waitFor(async () =>
        sub.events.map((e) => e.data?.detectionBatchProgress).find((b) => b?.status === "completed"),
      );
      expect(last).toEqual({ status: "completed", total: 5, done: 5, good: 2, revoked: 1, unknown: 1, error: 1 });
      sub.dispose();

      const batch = (await admin.rest("GET", `/api/admin/certificate-detection/batches/${batchId}`)).body.data;
      expect(batch).toMatchObject({ status: "completed", done: 5, good: 2, revoked: 1, unknown: 1, error: 1 });
      const history = (await admin.rest("GET", "/api/admin/certificate-detection/batches")).body.data.batches;
      expect(history[0].id).toBe(batchId);
      const revokedItems = (
        await admin.rest("GET", `/api/admin/certificate-detection/batches/${batchId}/items?status=revoked`)
      ).body.data.items;
      expect(revokedItems.map((i: { certificate_id: number }) => i.certificate_id)).toEqual([ids.revoked]);

      // The owner of the revoked certificate: one site message and one email, and again none for a second batch.
      const notes = await owner.c.rest("GET", "/api/notifications");
      expect(notes.body.data.unread).toBe(1);
      expect(notes.body.data.notifications[0]).toMatchObject({
        kind: "certificate-revoked",
        title: "证书「revoked」已被吊销",
        link: `/certificate/${ids.revoked}`,
      });
      const mails = await waitFor(async () => {
        const r = await server.services.db.query(
          `SELECT to_address, subject, status FROM email_outbox WHERE kind = 'certificate-revoked'`,
        );
        return r.length && r.every((m: { status: string }) => m.status !== "pending") ? r : undefined;
      });
      expect(mails).toEqual([
        { to_address: "owner@example.com", subject: "证书「revoked」已被吊销", status: "logged" },
      ]);
      expect((await second.c.rest("GET", "/api/notifications")).body.data.total).toBe(0);
      const foreign = await second.c.rest("POST", "/api/notifications/read", {
        id: notes.body.data.notifications[0].id,
      });
      expect([foreign.status, foreign.body.code]).toEqual([404, "NOTIFICATION_NOT_FOUND"]);

      const csv = await fetch(`${server.url}/api/admin/certificate-detection/batches/${batchId}/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(csv.headers.get("content-type")).toContain("text/csv");
      const lines = (await csv.text())
        .replace(/^\ufeff/, "")
        .trim()
        .split("\n");
      expect(lines[0]).toBe("证书ID,名称,用户,证书名称,团队ID,序列号,状态,OCSP,原因,检测时间");
      expect(lines).toHaveLength(6);
      expect(lines.find((l) => l.startsWith(`${ids.revoked},`))).toContain("已吊销");

      const again = await admin.rest("POST", "/api/admin/certificate-detection/batches", {
        filter: { status: "revoked" },
      });
      expect(again.body.data.total).toBe(1);
      await waitFor(
        async () =>
          (await admin.rest("GET", `/api/admin/certificate-detection/batches/${again.body.data.id}`)).body.data
            .status === "completed",
      );
      expect((await owner.c.rest("GET", "/api/notifications")).body.data.total).toBe(1);
      expect(
        await server.services.db.query(
          `SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'certificate-revoked'`,
        ),
      ).toEqual([{ n: 1 }]);
      expect((await owner.c.rest("POST", "/api/notifications/read", {})).body.data.marked).toBe(1);
      expect((await owner.c.rest("GET", "/api/notifications")).body.data.unread).toBe(0);
    } finally {
      await ws.dispose();
    }
  });

  it("a batch started twice at once runs once: the other start is refused and stores nothing", async () => {
    const batchesBefore = (await server.services.db.query(`SELECT count(*)::int AS n FROM detection_batches`))[0].n;
    const [a, b] = await Promise.all([
      admin.rest("POST", "/api/admin/certificate-detection/batches", { filter: {} }),
      admin.rest("POST", "/api/admin/certificate-detection/batches", { filter: {} }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect([refused.body.code, refused.body.message]).toEqual([
      "CERT_DETECTION_RUNNING",
      "已有检测批次正在进行，请等待其完成或先取消",
    ]);
    expect((await server.services.db.query(`SELECT count(*)::int AS n FROM detection_batches`))[0].n).toBe(
      batchesBefore + 1,
    );
    const ran = a.status === 200 ? a : b;
    await waitFor(
      async () =>
        (await admin.rest("GET", `/api/admin/certificate-detection/batches/${ran.body.data.id}`)).body.data.status ===
        "completed",
    );
  });

  it("cancel: checks not yet run end cancelled, without asking the responder; the batch stays cancelled", async () => {
    await stopWorker();
    const started = await admin.rest("POST", "/api/admin/certificate-detection/batches", {
      filter: { search: "good" },
    });
    expect(started.body.data.total).toBe(2);
    const id = started.body.data.id;
    await server.services.certificateChecks.queueing;
    const cancelled = await admin.rest("POST", `/api/admin/certificate-detection/batches/${id}/cancel`);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", done: 2, cancelled: 2, good: 0 });
    expect((await admin.rest("POST", `/api/admin/certificate-detection/batches/${id}/cancel`)).body.code).toBe(
      "CERT_DETECTION_NOT_RUNNING",
    );
    await runWorker();
    await waitFor(queueIdle);
    const after = (await admin.rest("GET", `/api/admin/certificate-detection/batches/${id}`)).body.data;
    expect(after).toMatchObject({ status: "cancelled", cancelled: 2, good: 0 });
    // The next batch may start at once.
    const next = await admin.rest("POST", "/api/admin/certificate-detection/batches", { filter: { scope: "temp" } });
    expect([next.status, next.body.code]).toEqual([400, "CERT_DETECTION_EMPTY"]);
  });

  it("bad filters and non-admins are refused, storing nothing", async () => {
    const before = (await server.services.db.query(`SELECT count(*)::int AS n FROM detection_batches`))[0].n;
    const bad = await admin.rest("POST", "/api/admin/certificate-detection/batches", { filter: { scope: "everyone" } });
    expect([bad.status, bad.body.code]).toEqual([400, "CERT_DETECTION_FILTER_INVALID"]);
    expect((await owner.c.rest("POST", "/api/admin/certificate-detection/batches", { filter: {} })).status).toBe(403);
    expect((await owner.c.gql(`mutation { startDetectionBatch { id } }`)).body.errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect((await server.services.db.query(`SELECT count(*)::int AS n FROM detection_batches`))[0].n).toBe(before);
  });
});

describe("the report and the owner's devices", () => {
  it("the report says whether the owner's bound devices are in the profile (ProvisionedDevices or ProvisionsAllDevices)", async () => {
    const udid = "00008030-001A2B3C4D5E6F70";
    const user = await newUser();
    await server.services.db.query(`INSERT INTO devices (udid, user_id, bound_at) VALUES ($1, $2, now())`, [
      udid,
      user.id,
    ]);
    const leaf = await scene.pki.issueLeaf("device-check", { ocspUrl: scene.responderUrl });
    const listed = readFileSync(
      await scene.pki.profile("other-device", { certs: [leaf.der], devices: ["00008101-000A11B22C33D44E"] }),
    );
    const up = await postForm(
      `${server.url}/api/certificates/upload`,
      user.token,
      { p12: readFileSync(leaf.p12Path), mobileprovision: listed },
      { password: TEST_PKI_PASSWORD },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const r = (await user.c.rest("POST", "/api/certificates/check-status", { id: up.body.data.id })).body.data;
    expect(r.status, r.reason).toBe("valid");
    expect(r.report.devices).toEqual({ included: [], missing: [udid] });
    expect(r.report.checks.find((c: { name: string }) => c.name === "devices")).toMatchObject({ outcome: "warn" });
    const all = await uploadLeaf(scene, server.url, user.token, scene.leaves.good);
    const r2 = (await user.c.rest("POST", "/api/certificates/check-status", { id: all })).body.data;
    expect(r2.report.devices).toEqual({ included: [udid], missing: [] });
  });
});
