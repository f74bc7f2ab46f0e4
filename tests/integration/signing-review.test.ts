import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import http from "node:http";
import { fixturePath, readFixture } from "../../packages/apple/fixtures/fixtures";
import { verifyIpa } from "../../worker/src/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker } from "../../worker/src/main";
import { client, startInProcess } from "../support/inprocess";
import { biggerIpa, certificateOf, signingWorkerEnv, startSigningServer, userMaker } from "../support/signing";
import { pollUntil } from "../support/wait";
import { postForm } from "../support/certificates";
import { adjustBalance, expectLedgerMatches } from "../support/shop";

/**
 * Adversarial checks of the signing pipeline (issue 11): download counting under every Range shape, link tokens that
 * must not outlive the link they came from, money under concurrent cancel/retry/delete/refund, and the limits under
 * concurrent requests. The real server (in process, real PostgreSQL) and the real worker, driven like a client.
 * The tests that need finished tasks run first; the rest stop the worker so tasks stay queued.
 */
type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
let admin: Client;
let makeUser: ReturnType<typeof userMaker>;

const newUser = () => makeUser();
const waitFor = <T>(fn: () => Promise<T | undefined | null | false>) => pollUntil(fn, 60_000, 150);

async function uploadIpa(token: string): Promise<number> {
  const r = await postForm(`${server.url}/api/signing/upload-ipa`, token, { ipa: readFixture("ipa/thin.ipa") });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number(r.body.data.id);
}

/** A user with a certificate and an upload, and one signed (done) task of theirs. */
async function doneTask() {
  const u = await newUser();
  const cert = await certificateOf(server, u.token);
  const ipa = await uploadIpa(u.token);
  const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: ipa });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  const id = t.body.data.task_id as number;
  const done = await waitFor(async () => {
    const r = await u.c.rest("GET", `/api/signing/tasks/${id}`);
    return ["done", "failed", "cancelled"].includes(r.body.data.status) ? r.body.data : undefined;
  });
  expect(done.status, JSON.stringify(done)).toBe("done");
  return { ...u, taskId: id, size: Number(done.size) };
}

const used = async (c: Client, id: number) =>
  (await c.rest("GET", `/api/signing/tasks/${id}`)).body.data.downloads_used as number;
const expOf = (url: string) => Number(/token=(\d+)\./.exec(url)![1]);
const ledger = async (userId: number) =>
  (
    await server.services.db.query(`SELECT type, amount_fen FROM wallet_ledger WHERE user_id = $1 ORDER BY id`, [
      userId,
    ])
  ).map((l: any) => [l.type, Number(l.amount_fen)]);

beforeAll(async () => {
  server = await startSigningServer();
  makeUser = userMaker(server, "review", 78);
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
  worker = await startWorker(signingWorkerEnv(server, { SIGNING_CONCURRENCY: "2" }));
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await server?.stopAll();
});

describe("downloads", () => {
  it("counts every byte it serves: suffix ranges and ranges past byte 0 are downloads too; HEAD and refused ranges are not", async () => {
    const t = await doneTask();
    const url = `${server.url}/api/signing/download/${t.taskId}`;
    const auth = { authorization: `Bearer ${t.token}` };
    const full = Buffer.from(await (await fetch(url, { headers: auth })).arrayBuffer());
    expect(full.length).toBe(t.size);
    expect(await used(t.c, t.taskId)).toBe(1);

    // HEAD: the headers only, not a download.
    const head = await fetch(url, { method: "HEAD", headers: auth });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(t.size));
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    expect(await used(t.c, t.taskId)).toBe(1);

    // A suffix range covering the whole file is the whole file: a download.
    const suffix = await fetch(url, { headers: { ...auth, range: `bytes=-${t.size + 100}` } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(`bytes 0-${t.size - 1}/${t.size}`);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(full)).toBe(true);
    expect(await used(t.c, t.taskId)).toBe(2);

    // Everything but the first byte (a zip always starts with "P") is a download as well.
    const tail = await fetch(url, { headers: { ...auth, range: "bytes=1-" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(full.subarray(1))).toBe(true);
    // 2 + (size - 1) bytes: a third download begun.
    expect(await used(t.c, t.taskId)).toBe(3);

    // Unsatisfiable: 416 with the size, nothing counted.
    const before = await used(t.c, t.taskId);
    const bad = await fetch(url, { headers: { ...auth, range: `bytes=${t.size}-` } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get("content-range")).toBe(`bytes */${t.size}`);
    expect(await used(t.c, t.taskId)).toBe(before);

    // Several ranges, or a Range that is not bytes=: served whole (200) as if there were none.
    for (const range of ["bytes=0-0,5-6", "items=0-5"]) {
      const r = await fetch(url, { headers: { ...auth, range } });
      expect(r.status, range).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()).equals(full), range).toBe(true);
    }
  }, 120_000);

  it("a download resumed in pieces is one download; once the quota is spent no range is served", async () => {
    const t = await doneTask();
    const url = `${server.url}/api/signing/download/${t.taskId}`;
    const auth = { authorization: `Bearer ${t.token}` };
    const half = Math.floor(t.size / 2);
    const a = await fetch(url, { headers: { ...auth, range: `bytes=0-${half - 1}` } });
    expect(a.status).toBe(206);
    const b = await fetch(url, { headers: { ...auth, range: `bytes=${half}-` } });
    expect(b.status).toBe(206);
    expect(Buffer.concat([Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())]).length).toBe(t.size);
    expect(await used(t.c, t.taskId)).toBe(1);
    // bytes=0-0 is one byte, not a whole download.
    expect((await fetch(url, { headers: { ...auth, range: "bytes=0-0" } })).status).toBe(206);
    expect(await used(t.c, t.taskId)).toBe(1);

    const limit = (await t.c.rest("GET", `/api/signing/tasks/${t.taskId}`)).body.data.downloads_limit as number;
    for (let i = await used(t.c, t.taskId); i < limit; i++)
      expect((await t.c.rest("POST", "/api/signing/deduct-download", { task_id: t.taskId })).status).toBe(200);
    expect(await used(t.c, t.taskId)).toBe(limit);
    for (const range of [undefined, "bytes=1-", `bytes=-${t.size}`, `bytes=${half}-`]) {
      const r = await fetch(url, { headers: { ...auth, ...(range ? { range } : {}) } });
      expect(r.status, String(range)).toBe(403);
      expect(((await r.json()) as any).code).toBe("SIGN_DOWNLOADS_EXHAUSTED");
    }
    expect(await used(t.c, t.taskId)).toBe(limit);
  }, 120_000);
});

describe("link tokens", () => {
  it("links handed out through a link never outlive it, and a shared install link works for someone logged in as another user", async () => {
    const t = await doneTask();
    // A page link with 100 s left.
    const page = server.services.signing.linkToken("page", t.taskId, Date.now() - 3500_000);
    const pageExp = Number(page.split(".")[0]);
    const anon = client(server.url);
    const i = await anon.rest("GET", `/api/signing/install/${t.taskId}?token=${page}`);
    expect(i.status, JSON.stringify(i.body)).toBe(200);
    for (const key of ["download_url", "plist_url", "install_page_url"])
      expect(expOf(i.body.data[key]), key).toBeLessThanOrEqual(pageExp);
    // The manifest fetched with the plist link names an IPA link that ends when the plist link does.
    const plistExp = expOf(i.body.data.plist_url);
    const xml = await (await fetch(i.body.data.plist_url)).text();
    const ipaUrl = /<string>(http[^<]*download[^<]*)<\/string>/.exec(xml)![1].replace(/&amp;/g, "&");
    expect(expOf(ipaUrl)).toBeLessThanOrEqual(plistExp);
    // The GraphQL install page likewise.
    const g = await anon.gql(
      `query($id: ID!, $token: String) { signingInstall(id: $id, token: $token) { downloadUrl installPageUrl } }`,
      { id: String(t.taskId), token: page },
    );
    expect(g.body.errors, JSON.stringify(g.body.errors)).toBeUndefined();
    expect(expOf(g.body.data.signingInstall.installPageUrl)).toBeLessThanOrEqual(pageExp);

    // A friend logged in to their own account opens the shared link: the link decides, not their session.
    const friend = await newUser();
    const fi = await friend.c.rest("GET", `/api/signing/install/${t.taskId}?token=${page}`);
    expect(fi.status, JSON.stringify(fi.body)).toBe(200);
    expect(fi.body.data.task_id).toBe(t.taskId);
    // Without the link, still another user's task.
    expect((await friend.c.rest("GET", `/api/signing/install/${t.taskId}`)).status).toBe(404);

    // A link for one purpose or task is no link for another; an expired one is refused.
    const ipaToken = /token=([^&]+)/.exec(i.body.data.download_url)![1];
    expect((await fetch(`${server.url}/api/signing/plist/${t.taskId}?token=${ipaToken}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/signing/download/${t.taskId + 1}?token=${ipaToken}`)).status).toBe(404);
    const old = server.services.signing.linkToken("ipa", t.taskId, Date.now() - 3601_000);
    expect((await fetch(`${server.url}/api/signing/download/${t.taskId}?token=${old}`)).status).toBe(404);
  }, 120_000);
});

describe("access", () => {
  it("another user's task is 404 through GraphQL too, and every admin operation needs the admin role", async () => {
    const t = await doneTask();
    const other = await newUser();
    const id = String(t.taskId);
    const calls = [
      `mutation($id: ID!) { cancelSigningTask(id: $id) { id } }`,
      `mutation($id: ID!) { retrySigningTask(id: $id) { id } }`,
      `mutation($id: ID!) { deleteSigningTask(id: $id) }`,
      `mutation($id: ID!) { deductSigningDownload(id: $id) { id } }`,
      `query($id: ID!) { signingInstall(id: $id) { itmsUrl } }`,
    ];
    for (const q of calls) {
      const r = await other.c.gql(q, { id });
      expect(r.body.errors?.[0]?.extensions?.code, q).toBe("SIGN_TASK_NOT_FOUND");
      expect(r.body.errors?.[0]?.extensions?.status, q).toBe(404);
    }
    // Nothing happened to it.
    const after = (await t.c.rest("GET", `/api/signing/tasks/${t.taskId}`)).body.data;
    expect([after.status, after.downloads_used]).toEqual(["done", 0]);

    const adminOps: [string, Record<string, unknown>][] = [
      [`query { adminSigningTasks { total } }`, {}],
      [`query($id: ID!) { adminSigningTask(id: $id) { id } }`, { id }],
      [`query { signingStats { done } }`, {}],
      [`mutation($id: ID!) { adminRetrySigningTask(id: $id) { id } }`, { id }],
      [`mutation($id: ID!) { adminCancelSigningTask(id: $id) { id } }`, { id }],
      [`mutation($id: ID!) { adminDeleteSigningTask(id: $id) }`, { id }],
      [`mutation($id: ID!) { addSigningDownloads(id: $id, count: 5) { id } }`, { id }],
      [`mutation { signingCleanup { artifacts } }`, {}],
      [`mutation { updateSigningSettings(input: { chargeMode: "free" }) { chargeMode } }`, {}],
    ];
    for (const [q, vars] of adminOps) {
      const r = await t.c.gql(q, vars);
      expect(r.body.errors?.[0]?.extensions?.status, q).toBe(403);
    }
    const rest: [string, string][] = [
      ["GET", "/api/signing/admin/tasks"],
      ["GET", `/api/signing/admin/tasks/${id}`],
      ["GET", "/api/signing/admin/stats"],
      ["POST", `/api/signing/admin/tasks/${id}/retry`],
      ["POST", `/api/signing/admin/tasks/${id}/cancel`],
      ["DELETE", `/api/signing/admin/tasks/${id}`],
      ["POST", "/api/signing/add-downloads"],
      ["POST", "/api/signing/cleanup"],
      ["PUT", "/api/signing-settings"],
    ];
    for (const [method, p] of rest)
      expect(
        (await t.c.rest(method, p, method === "GET" ? undefined : { task_id: t.taskId, count: 5 })).status,
        `${method} ${p}`,
      ).toBe(403);
    const still = (await t.c.rest("GET", `/api/signing/tasks/${t.taskId}`)).body.data;
    expect([still.status, still.downloads_limit]).toEqual(["done", after.downloads_limit]);

    // Bodies that are not JSON objects are refused, not misread.
    const raw = await fetch(`${server.url}/api/signing/create-task`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(raw.status).toBe(400);
    const text = await fetch(`${server.url}/api/signing/create-task`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.token}`, "content-type": "text/plain" },
      body: "certificate_id=1",
    });
    expect(text.status).toBe(400);
    expect(
      (
        await t.c.rest("POST", "/api/signing/create-task", {
          certificate_id: 1,
          ipa_id: 1,
          dylib_ids: Array.from({ length: 5000 }, (_, i) => i + 1),
        })
      ).body.code,
    ).toMatch(/SIGN_DYLIB_TOO_MANY|SIGN_CERT_NOT_FOUND|SIGN_UPLOAD_NOT_FOUND/);
    expect(
      (await t.c.rest("POST", "/api/signing/create-task", { certificate_id: 1, ipa_id: 1, dylib_ids: [{ id: 1 }] }))
        .status,
    ).toBe(400);
  }, 120_000);
});

describe("money and limits (no worker: tasks stay queued)", () => {
  beforeAll(async () => {
    await worker?.close();
    worker = null;
    expect((await admin.rest("PUT", "/api/signing-settings", { charge_mode: "fee", fee: 1 })).status).toBe(200);
  });
  afterAll(async () => {
    await admin.rest("PUT", "/api/signing-settings", { charge_mode: "free", fee: 0 });
  });

  it("deleting a failed task whose refund has not run yet gives the charge back, once, even racing the refund job", async () => {
    for (const race of [false, true]) {
      const u = await newUser();
      await adjustBalance(admin, u.id, 3);
      const cert = await certificateOf(server, u.token);
      const ipa = await uploadIpa(u.token);
      const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: ipa });
      expect(t.status, JSON.stringify(t.body)).toBe(200);
      const id = t.body.data.task_id;
      // What the worker's fail() leaves: failed, charge not yet back (its signing.refund job still to run).
      await server.services.db.query(
        `UPDATE signing_tasks SET status = 'failed', stage = 'failed', error_code = 'SIGN_FAILED', error_message = '签名失败' WHERE id = $1`,
        [id],
      );
      const del = race
        ? (
            await Promise.all([
              u.c.rest("DELETE", `/api/signing/delete/${id}`),
              server.services.signing.refundTask(id),
              server.services.signing.refundTask(id),
            ])
          )[0]
        : await u.c.rest("DELETE", `/api/signing/delete/${id}`);
      expect(del.status, JSON.stringify(del.body)).toBe(200);
      expect(await ledger(u.id)).toEqual([
        ["admin_adjust", 300],
        ["signing", -100],
        ["refund", 100],
      ]);
      expect(await expectLedgerMatches(server.services.db, u.id)).toBe(300);
    }
  }, 60_000);

  it("concurrent retries cannot take a user past 5 active tasks", async () => {
    const u = await newUser();
    await adjustBalance(admin, u.id, 50);
    const cert = await certificateOf(server, u.token);
    const ipa = await uploadIpa(u.token);
    const create = () => u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: ipa });
    // Concurrent creates: exactly 5 get through.
    const made = await Promise.all(Array.from({ length: 8 }, create));
    const ok = made.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    expect(made.filter((r) => r.status !== 200).every((r) => r.body.code === "SIGN_TOO_MANY_ACTIVE")).toBe(true);
    for (const r of ok) expect((await u.c.rest("POST", `/api/signing/cancel/${r.body.data.task_id}`)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await create()).status).toBe(200);
    // 3 active, 5 cancelled retried at once: 2 may run.
    const retried = await Promise.all(ok.map((r) => u.c.rest("POST", `/api/signing/retry/${r.body.data.task_id}`)));
    expect(retried.filter((r) => r.status === 200)).toHaveLength(2);
    expect(retried.filter((r) => r.status !== 200).every((r) => r.body.code === "SIGN_TOO_MANY_ACTIVE")).toBe(true);
    const [{ n }] = await server.services.db.query(
      `SELECT count(*)::int AS n FROM signing_tasks WHERE user_id = $1 AND status IN ('queued', 'running')`,
      [u.id],
    );
    expect(n).toBe(5);
    // 8 creates' worth charged (5 refunded on cancel) plus the 2 retries: 50 - 3 - 2 = 45 yuan.
    expect(await expectLedgerMatches(server.services.db, u.id)).toBe(4500);
  }, 60_000);

  it("concurrent cancel, retry, delete and refunds on one task never charge or refund twice", async () => {
    const u = await newUser();
    await adjustBalance(admin, u.id, 20);
    const cert = await certificateOf(server, u.token);
    const ipa = await uploadIpa(u.token);
    const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: ipa });
    const id = t.body.data.task_id;
    const adminRetry = client(server.url);
    adminRetry.setToken((await admin.login("admin", server.adminPassword)).token);
    for (let round = 0; round < 6; round++) {
      await Promise.all([
        u.c.rest("POST", `/api/signing/cancel/${id}`),
        u.c.rest("POST", `/api/signing/cancel/${id}`),
        u.c.rest("POST", `/api/signing/retry/${id}`),
        u.c.rest("POST", `/api/signing/retry/${id}`),
        adminRetry.rest("POST", `/api/signing/admin/tasks/${id}/retry`),
        server.services.signing.refundTask(id),
        server.services.signing.cleanup(),
      ]);
      const balance = await expectLedgerMatches(server.services.db, u.id);
      const [row] = await server.services.db.query(
        `SELECT status, charge_fen, refunded_at FROM signing_tasks WHERE id = $1`,
        [id],
      );
      // What the user paid for this task is what the task says it holds (nothing once refunded).
      const held = row.refunded_at === null ? Number(row.charge_fen) : 0;
      expect(2000 - balance, JSON.stringify(row)).toBe(held);
      expect(held).toBeLessThanOrEqual(100);
    }
    await Promise.all([
      u.c.rest("DELETE", `/api/signing/delete/${id}`),
      u.c.rest("POST", `/api/signing/retry/${id}`),
      u.c.rest("DELETE", `/api/signing/delete/${id}`),
    ]);
    const rows = await server.services.db.query(
      `SELECT status, charge_fen, refunded_at FROM signing_tasks WHERE id = $1`,
      [id],
    );
    const balance = await expectLedgerMatches(server.services.db, u.id);
    const held = rows.length && rows[0].refunded_at === null ? Number(rows[0].charge_fen) : 0;
    expect(2000 - balance).toBe(held);
  }, 60_000);

  it("the daily limit counts submissions: deleting a task or cancelling and retrying it does not give one back", async () => {
    expect((await admin.rest("PUT", "/api/signing-settings", { daily_limit: 2 })).status).toBe(200);
    try {
      const u = await newUser();
      await adjustBalance(admin, u.id, 10);
      const cert = await certificateOf(server, u.token);
      const ipa = await uploadIpa(u.token);
      const create = () => u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: ipa });
      const a = await create();
      const b = await create();
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await create()).body.code).toBe("SIGN_QUOTA_EXHAUSTED");
      // Delete one: still two signings today.
      expect((await u.c.rest("DELETE", `/api/signing/delete/${a.body.data.task_id}`)).status).toBe(200);
      const again = await create();
      expect(again.status).toBe(429);
      expect(again.body.code).toBe("SIGN_QUOTA_EXHAUSTED");
      // Cancel and retry: a retry is another signing.
      expect((await u.c.rest("POST", `/api/signing/cancel/${b.body.data.task_id}`)).status).toBe(200);
      const retried = await u.c.rest("POST", `/api/signing/retry/${b.body.data.task_id}`);
      expect(retried.status).toBe(429);
      expect(retried.body.code).toBe("SIGN_QUOTA_EXHAUSTED");
      // An admin may still run it again.
      expect((await admin.rest("POST", `/api/signing/admin/tasks/${b.body.data.task_id}/retry`)).status).toBe(200);
      // Charged for the two made, both given back (one deleted while queued, one cancelled); the admin's retry is free.
      expect(await expectLedgerMatches(server.services.db, u.id)).toBe(1000);
    } finally {
      await admin.rest("PUT", "/api/signing-settings", { daily_limit: 50 });
    }
  }, 60_000);

  it("a retry whose upload is gone is refused before any charge", async () => {
    const u = await newUser();
    await adjustBalance(admin, u.id, 5);
    const cert = await certificateOf(server, u.token);
    const ipa = await uploadIpa(u.token);
    const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: ipa });
    const id = t.body.data.task_id;
    expect((await u.c.rest("POST", `/api/signing/cancel/${id}`)).status).toBe(200);
    await server.services.db.query(
      `UPDATE signing_uploads SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [ipa],
    );
    await server.services.signing.cleanup();
    const r = await u.c.rest("POST", `/api/signing/retry/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(r.body.code).toBe("SIGN_UPLOAD_NOT_FOUND");
    expect((await u.c.rest("GET", `/api/signing/tasks/${id}`)).body.data.status).toBe("cancelled");
    expect(await expectLedgerMatches(server.services.db, u.id)).toBe(500);
  }, 60_000);
});

describe("input", () => {
  it("refuses display names an install manifest or a home screen cannot carry; counts a name's length in what one sees", async () => {
    const u = await newUser();
    const cert = await certificateOf(server, u.token);
    const ipa = await uploadIpa(u.token);
    const create = (display_name: string) =>
      u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: ipa, display_name });
    // Not XML (a noncharacter, a lone surrogate), a C1 control, a line separator, bidi overrides that flip what is shown.
    for (const bad of ["名字\uffff", "\ud800名字", "a\u0085b", "a\u2028b", "\u202e名字", "a\u2066b", "a\ufeffb"]) {
      const r = await create(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.code, JSON.stringify(bad)).toBe("SIGN_DISPLAY_NAME_INVALID");
    }
    expect((await create("字".repeat(51))).body.code).toBe("SIGN_DISPLAY_NAME_INVALID");
    expect(
      await server.services.db.query(`SELECT count(*)::int AS n FROM signing_tasks WHERE user_id = $1`, [u.id]),
    ).toEqual([{ n: 0 }]);
    // Ten family emoji are ten characters on the screen (70 code points), and a joiner is part of an emoji.
    const family = "👨‍👩‍👧‍👦".repeat(10);
    const ok = await create(family);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.app_name).toBe(family);
  });

  it("uploads: an empty file, a huge declared size and a path for a file name are handled without touching the disk", async () => {
    const u = await newUser();
    const unsigned = path.join(server.services.config.storageDir, "private", "unsigned");
    const before = existsSync(unsigned) ? readdirSync(unsigned).length : 0;
    const empty = await postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("UPLOAD_FILE_EMPTY");
    // A body declared far beyond the limit is refused before it is read.
    const huge = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/signing/upload-ipa`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${u.token}`,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(9 * 1024 ** 3),
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          req.destroy();
        });
      });
      req.on("error", reject);
      req.write("--x\r\n");
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe("UPLOAD_TOO_LARGE");
    // A path for a file name is only a name (its last part), never a place on the disk.
    const form = new FormData();
    form.append("ipa", new Blob([readFixture("ipa/thin.ipa")]), "../../../../etc/passwd");
    const named = await fetch(`${server.url}/api/signing/upload-ipa`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${u.token}` },
    });
    const body = (await named.json()) as any;
    expect(named.status, JSON.stringify(body)).toBe(200);
    expect(body.data.filename).toBe("passwd");
    const [row] = await server.services.db.query(`SELECT storage_key FROM signing_uploads WHERE id = $1`, [
      body.data.id,
    ]);
    expect(row.storage_key).toMatch(/^unsigned\/[0-9a-f]{32}\.ipa$/);
    expect(readdirSync(unsigned).length).toBe(before + 1);
    expect(readdirSync(path.join(server.services.config.storageDir, "tmp")).filter((f) => f.endsWith(".part"))).toEqual(
      [],
    );
  });

  it("lets 30 uploads an hour through, however many arrive at once", async () => {
    const u = await newUser();
    const results = await Promise.all(
      Array.from({ length: 34 }, () =>
        postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: readFixture("ipa/thin.ipa") }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(30);
    expect(results.filter((r) => r.status !== 200).map((r) => r.body.code)).toEqual([
      "RATE_LIMITED",
      "RATE_LIMITED",
      "RATE_LIMITED",
      "RATE_LIMITED",
    ]);
    expect(
      await server.services.db.query(`SELECT count(*)::int AS n FROM signing_uploads WHERE user_id = $1`, [u.id]),
    ).toEqual([{ n: 30 }]);
    expect(readdirSync(path.join(server.services.config.storageDir, "tmp")).filter((f) => f.endsWith(".part"))).toEqual(
      [],
    );
  }, 120_000);
});

describe("worker failures leave nothing behind and sign nothing short", () => {
  const signedPath = (name: string) => path.join(server.services.config.storageDir, "private", "signed", name);
  const startSigner = async () => {
    worker = await startWorker(signingWorkerEnv(server, { SIGNING_CONCURRENCY: "2" }));
  };
  const settled = (c: Client, id: number) =>
    waitFor(async () => {
      const r = await c.rest("GET", `/api/signing/tasks/${id}`);
      return ["done", "failed", "cancelled"].includes(r.body.data.status) ? r.body.data : undefined;
    });

  it("fails a task whose chosen dylib is gone by the time it runs (never signs without it), and a failing run removes a signed IPA an earlier crashed attempt left", async () => {
    await worker?.close();
    worker = null;
    // Two free catalogue dylibs.
    const adminToken = (await admin.login("admin", server.adminPassword)).token;
    const newDylib = async (name: string) => {
      const form = new FormData();
      form.append("file", new Blob([readFixture("bin/libinject.dylib")]), "libinject.dylib");
      const staged = await fetch(`${server.url}/api/dylib-management/upload`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const stagedBody = (await staged.json()) as any;
      expect(staged.status, JSON.stringify(stagedBody)).toBe(200);
      const d = await admin.gql(`mutation($input: DylibInput!) { createDylib(input: $input) { id } }`, {
        input: { name, version: "1.0", resourceFee: 0, fileUploadId: stagedBody.data.uploadId },
      });
      expect(d.body.errors, JSON.stringify(d.body.errors)).toBeUndefined();
      return Number(d.body.data.createDylib.id);
    };
    const fileGone = await newDylib("文件丢失");
    const deleted = await newDylib("已删除");

    const u = await newUser();
    const cert = await certificateOf(server, u.token);
    const withA = await u.c.rest("POST", "/api/signing/create-task", {
      certificate_id: cert,
      ipa_id: await uploadIpa(u.token),
      dylib_ids: [fileGone],
    });
    expect(withA.status, JSON.stringify(withA.body)).toBe(200);
    const withB = await u.c.rest("POST", "/api/signing/create-task", {
      certificate_id: cert,
      ipa_id: await uploadIpa(u.token),
      dylib_ids: [deleted],
    });
    expect(withB.status, JSON.stringify(withB.body)).toBe(200);
    const ipa2 = await uploadIpa(u.token);
    const lost = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: ipa2 });
    expect(lost.status, JSON.stringify(lost.body)).toBe(200);

    // Before the tasks run, one dylib's file disappears and the admin deletes the other.
    const [dylib] = await server.services.db.query(`SELECT file_key FROM dylibs WHERE id = $1`, [fileGone]);
    rmSync(path.join(server.services.config.storageDir, "private", dylib.file_key));
    expect((await admin.rest("DELETE", `/api/dylib-management/${deleted}`)).status).toBe(200);
    // The second task: a crashed attempt had already renamed its signed IPA into place; now its IPA is gone.
    const [t2] = await server.services.db.query(`SELECT artifact_name FROM signing_tasks WHERE id = $1`, [
      lost.body.data.task_id,
    ]);
    mkdirSync(path.dirname(signedPath(t2.artifact_name)), { recursive: true });
    writeFileSync(signedPath(t2.artifact_name), "left by a crashed run");
    const [up2] = await server.services.db.query(`SELECT storage_key FROM signing_uploads WHERE id = $1`, [ipa2]);
    rmSync(path.join(server.services.config.storageDir, "private", up2.storage_key));

    await startSigner();
    for (const t of [withA, withB]) {
      const a = await settled(u.c, t.body.data.task_id);
      expect(a.status, JSON.stringify(a)).toBe("failed");
      expect(a.error.code).toBe("SIGN_DYLIB_NOT_FOUND");
      expect(a.error.message).toMatch(/插件/);
      // At once, not after the transient-failure retries.
      const [row] = await server.services.db.query(`SELECT artifact_name, runs FROM signing_tasks WHERE id = $1`, [
        t.body.data.task_id,
      ]);
      expect(row.runs).toBe(1);
      expect(existsSync(signedPath(row.artifact_name))).toBe(false);
    }

    const b = await settled(u.c, lost.body.data.task_id);
    expect(b.status).toBe("failed");
    expect(b.error.code).toBe("SIGN_SOURCE_MISSING");
    expect(existsSync(signedPath(t2.artifact_name))).toBe(false);
    const mine: { artifact_name: string }[] = await server.services.db.query(
      `SELECT artifact_name FROM signing_tasks WHERE user_id = $1`,
      [u.id],
    );
    expect(
      readdirSync(path.dirname(signedPath("x"))).filter((f) => mine.some((m) => f.startsWith(m.artifact_name))),
    ).toEqual([]);
  }, 120_000);
  it("cancelling or deleting a task while it signs stops the run: the charge goes back, no file stays anywhere", async () => {
    expect((await admin.rest("PUT", "/api/signing-settings", { charge_mode: "fee", fee: 1 })).status).toBe(200);
    try {
      if (!worker) await startSigner();
      const u = await newUser();
      await adjustBalance(admin, u.id, 5);
      const cert = await certificateOf(server, u.token);
      const up = await postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: biggerIpa(3, 32) });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const ids: number[] = [];
      for (let i = 0; i < 2; i++) {
        const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: up.body.data.id });
        expect(t.status, JSON.stringify(t.body)).toBe(200);
        ids.push(t.body.data.task_id);
      }
      const names: { id: number; artifact_name: string }[] = await server.services.db.query(
        `SELECT id, artifact_name FROM signing_tasks WHERE id = ANY($1::int[])`,
        [ids],
      );
      await waitFor(async () => {
        const rows: { status: string }[] = await server.services.db.query(
          `SELECT status FROM signing_tasks WHERE id = ANY($1::int[])`,
          [ids],
        );
        return (
          rows.every((r) => r.status === "running") || rows.some((r) => r.status !== "queued" && r.status !== "running")
        );
      });
      const [cancelled, deleted] = await Promise.all([
        u.c.rest("POST", `/api/signing/cancel/${ids[0]}`),
        u.c.rest("DELETE", `/api/signing/delete/${ids[1]}`),
      ]);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.data.refunded).toBe(true);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

      // Within a few seconds the runs have stopped and cleaned up after themselves.
      const signedDir = path.dirname(signedPath("x"));
      const workDir = path.join(server.services.config.storageDir, "tmp", "signing");
      await waitFor(async () => {
        const signed = existsSync(signedDir) ? readdirSync(signedDir) : [];
        const work = existsSync(workDir) ? readdirSync(workDir).filter((f) => f.startsWith("ipasign-")) : [];
        const runs = existsSync(path.join(workDir, "runs")) ? readdirSync(path.join(workDir, "runs")) : [];
        const ours = (f: string) => names.some((n) => f.startsWith(n.artifact_name));
        return !signed.some(ours) && !runs.some(ours) && work.length === 0;
      }, 30_000);
      await new Promise((r) => setTimeout(r, 2500));
      expect(
        (existsSync(signedDir) ? readdirSync(signedDir) : []).filter((f) =>
          names.some((n) => f.startsWith(n.artifact_name)),
        ),
      ).toEqual([]);
      const [t0] = await server.services.db.query(`SELECT status, refunded_at FROM signing_tasks WHERE id = $1`, [
        ids[0],
      ]);
      expect(t0.status).toBe("cancelled");
      expect(await server.services.db.query(`SELECT id FROM signing_tasks WHERE id = $1`, [ids[1]])).toEqual([]);
      // Charged twice, refunded twice.
      expect(await expectLedgerMatches(server.services.db, u.id)).toBe(500);
    } finally {
      await admin.rest("PUT", "/api/signing-settings", { charge_mode: "free", fee: 0 });
    }
  }, 120_000);
  it("a job delivered twice at once (a stalled job handed out again while its first run lives) still ends with one good artifact; a download of it broken off and resumed counts once", async () => {
    if (!worker) await startSigner();
    const u = await newUser();
    const cert = await certificateOf(server, u.token);
    const up = await postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: biggerIpa(8, 32) });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: up.body.data.id });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    const id = t.body.data.task_id as number;
    const [row] = await server.services.db.query(`SELECT run_id, artifact_name FROM signing_tasks WHERE id = $1`, [id]);
    // Once the first delivery runs, the same run is handed out again (another job id, as a stalled job would be) to
    // start while the first is under way.
    await waitFor(
      async () =>
        (await server.services.db.query(`SELECT status FROM signing_tasks WHERE id = $1`, [id]))[0].status ===
        "running",
      30_000,
    );
    await server.services.jobs
      .queueFor("signing.sign")
      .add("signing.sign", { taskId: id, runId: row.run_id }, { jobId: `dup-${row.run_id}`, attempts: 1, delay: 300 });
    const done = await settled(u.c, id);
    expect(done.status, JSON.stringify(done)).toBe("done");
    // Both deliveries have finished.
    await waitFor(async () => {
      const q = server.services.jobs.queueFor("signing.sign");
      const states = await Promise.all(
        [`sign-${row.run_id}`, `dup-${row.run_id}`].map(async (j) => (await q.getJob(j))?.getState()),
      );
      return states.every((s) => s === "completed" || s === "failed");
    });
    expect((await u.c.rest("GET", `/api/signing/tasks/${id}`)).body.data.status).toBe("done");
    const signedDir = path.dirname(signedPath("x"));
    expect(readdirSync(signedDir).filter((f) => f.startsWith(row.artifact_name))).toEqual([row.artifact_name]);
    const runsDir = path.join(server.services.config.storageDir, "tmp", "signing", "runs");
    expect((existsSync(runsDir) ? readdirSync(runsDir) : []).filter((f) => f.startsWith(row.artifact_name))).toEqual(
      [],
    );
    const v = await verifyIpa(signedPath(row.artifact_name), {
      trustedRoots: [readFileSync(fixturePath("pki/root.pem"), "utf8")],
    });
    expect(v.ok, v.problems.join("\n")).toBe(true);

    // A download that breaks off and is resumed where it stopped is one download: what was not sent is given back.
    const url = `${server.url}/api/signing/download/${id}`;
    const size = readFileSync(signedPath(row.artifact_name)).length;
    const ac = new AbortController();
    const first = await fetch(url, { headers: { authorization: `Bearer ${u.token}` }, signal: ac.signal });
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    let got = 0;
    while (got < 1024 * 1024) got += (await reader.read()).value!.length;
    ac.abort();
    await reader.cancel().catch(() => undefined);
    // The server notices the client went away and settles.
    await waitFor(
      async () =>
        Number(
          (await server.services.db.query(`SELECT download_bytes FROM signing_tasks WHERE id = $1`, [id]))[0]
            .download_bytes,
        ) < size,
    );
    const rest = await fetch(url, { headers: { authorization: `Bearer ${u.token}`, range: `bytes=${got}-` } });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).length).toBe(size - got);
    expect(await used(u.c, id)).toBe(1);
  }, 120_000);
});
