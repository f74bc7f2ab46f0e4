import { existsSync, readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { startWorker } from "../../worker/src/main";
import { verifyIpa } from "../../worker/src/signing";
import { parsePlist } from "../../packages/apple/src/plist";
import { fixturePath, readFixture } from "../../packages/apple/fixtures/fixtures";
import { client, startInProcess } from "../support/inprocess";
import { certificateOf, signingWorkerEnv, startSigningServer, userMaker } from "../support/signing";
import { pollUntil } from "../support/wait";
import { fixtures, postForm } from "../support/certificates";
import { expectLedgerMatches } from "../support/shop";
import { checkSignedIpa } from "../support/ipa-checker";

/**
 * The signing pipeline end to end: the real server (in process, real PostgreSQL) and the real worker signing with the
 * fixtures' fake Apple PKI (trusted through APPLE_EXTRA_ROOTS by both), driven over REST and GraphQL like a client.
 */
type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
let admin: Client;
let makeUser: ReturnType<typeof userMaker>;

const newUser = () => makeUser();
const waitFor = <T>(fn: () => Promise<T | undefined | null | false>) => pollUntil(fn, 60_000, 150);
let adminToken: string;

const workerEnv = () => signingWorkerEnv(server, { SIGNING_CONCURRENCY: "2" });

async function uploadIpa(token: string, bytes: Buffer) {
  return postForm(`${server.url}/api/signing/upload-ipa`, token, { ipa: bytes });
}

async function finished(c: Client, taskId: number) {
  return waitFor(async () => {
    const r = await c.rest("GET", `/api/signing/tasks/${taskId}`);
    expect(r.status).toBe(200);
    return ["done", "failed", "cancelled"].includes(r.body.data.status) ? r.body.data : undefined;
  });
}

const countRows = async (sql: string, params: unknown[] = []) =>
  Number((await server.services.db.query(sql, params))[0].n);

beforeAll(async () => {
  server = await startSigningServer();
  makeUser = userMaker(server, "signer", 77);
  admin = client(server.url);
  adminToken = (await admin.login("admin", server.adminPassword)).token;
  worker = await startWorker(workerEnv());
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await server?.stopAll();
});

describe("uploads", () => {
  it("reads an uploaded IPA on arrival and refuses what is not a signable IPA, keeping nothing", async () => {
    const u = await newUser();
    const ok = await uploadIpa(u.token, readFixture("ipa/thin.ipa"));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.id).toBeGreaterThan(0);
    expect(ok.body.data.bundle_id).toMatch(/\./);
    expect(ok.body.data.name).not.toBe("");

    const before = await countRows(`SELECT count(*) AS n FROM signing_uploads`);
    const stored = () => readdirSync(path.join(server.services.config.storageDir, "private", "unsigned")).length;
    const files = stored();
    for (const bad of ["not-zip.ipa", "no-app.ipa", "traversal.ipa", "bomb-entries.ipa"]) {
      const r = await uploadIpa(u.token, readFixture(`ipa/${bad}`));
      expect(r.status, bad).toBe(400);
      expect(r.body.code, bad).toBe("SIGN_IPA_INVALID");
      expect(r.body.message, bad).toMatch(/IPA|压缩包|路径|解压/);
    }
    expect(await countRows(`SELECT count(*) AS n FROM signing_uploads`)).toBe(before);
    expect(stored()).toBe(files);
    // The temp directory holds no leftovers of the refused uploads.
    expect(readdirSync(path.join(server.services.config.storageDir, "tmp")).filter((f) => !f.startsWith("."))).toEqual(
      [],
    );
  });

  it("needs a login", async () => {
    const r = await uploadIpa("", readFixture("ipa/thin.ipa"));
    expect(r.status).toBe(401);
  });
});

describe("signing an upload", () => {
  it("signs with a new display name and bundle id, serves a verified IPA, the manifest and an install link; downloads count", async () => {
    const u = await newUser();
    const certId = await certificateOf(server, u.token);
    const up = await uploadIpa(u.token, readFixture("ipa/full.ipa"));
    expect(up.status, JSON.stringify(up.body)).toBe(200);

    const created = await u.c.rest("POST", "/api/signing/create-task", {
      certificate_id: certId,
      ipa_id: up.body.data.id,
      display_name: "新名字",
      bundle_id: "com.gryx.renamed",
      version: "2.0.1",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId = created.body.data.task_id;
    expect(["queued", "running", "done"]).toContain(created.body.data.status);

    const done = await finished(u.c, taskId);
    expect(done.status, JSON.stringify(done)).toBe("done");
    expect(done.progress).toBe(100);
    expect(done.bundle_id).toBe("com.gryx.renamed");
    expect(done.app_name).toBe("新名字");
    expect(new Date(done.expires_at).getTime()).toBeGreaterThan(Date.now());

    // The signed IPA, through the owner's token: it verifies against the trusted (fixture) root.
    const dl = await fetch(`${server.url}/api/signing/download/${taskId}`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(dl.status).toBe(200);
    const bytes = Buffer.from(await dl.arrayBuffer());
    const dir = mkdtempSync(path.join(os.tmpdir(), "signed-"));
    try {
      const file = path.join(dir, "a.ipa");
      writeFileSync(file, bytes);
      const v = await verifyIpa(file, { trustedRoots: [readFileSync(fixturePath("pki/root.pem"), "utf8")] });
      expect(v.ok, v.problems.join("\n")).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Install: the itms-services link to a manifest naming the new bundle id; the manifest's IPA URL works without a session.
    const inst = await u.c.rest("GET", `/api/signing/install/${taskId}`);
    expect(inst.status).toBe(200);
    expect(inst.body.data.itms_url).toMatch(/^itms-services:\/\/\?action=download-manifest&url=/);
    expect(inst.body.data.https).toBe(false);
    const manifestUrl = decodeURIComponent(inst.body.data.itms_url.split("url=")[1]);
    expect(manifestUrl).toBe(inst.body.data.plist_url);
    const plistRes = await fetch(manifestUrl);
    expect(plistRes.status).toBe(200);
    const manifest = parsePlist(Buffer.from(await plistRes.text())) as any;
    expect(manifest.items[0].metadata["bundle-identifier"]).toBe("com.gryx.renamed");
    expect(manifest.items[0].metadata.kind).toBe("software");
    expect(manifest.items[0].metadata.title).toBe("新名字");
    const pkg = manifest.items[0].assets.find((a: any) => a.kind === "software-package");
    const anon = await fetch(pkg.url);
    expect(anon.status).toBe(200);
    expect(Buffer.from(await anon.arrayBuffer()).equals(bytes)).toBe(true);

    // Range: the second half of the file, counted by its bytes (half a download: a third one begun).
    const used = (await u.c.rest("GET", `/api/signing/tasks/${taskId}`)).body.data.downloads_used;
    expect(used).toBe(2);
    const half = Math.floor(bytes.length / 2);
    const part = await fetch(pkg.url, { headers: { range: `bytes=${half}-` } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes ${half}-${bytes.length - 1}/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(half))).toBe(true);
    expect((await u.c.rest("GET", `/api/signing/tasks/${taskId}`)).body.data.downloads_used).toBe(3);
    expect((await fetch(pkg.url, { headers: { range: "bytes=999999999-" } })).status).toBe(416);

    // A forged or expired token, and no token at all.
    expect((await fetch(pkg.url.replace(/token=\d+\./, "token=1."))).status).toBe(404);
    expect((await fetch(`${server.url}/api/signing/download/${taskId}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/signing/plist/${taskId}?token=123.abc`)).status).toBe(404);

    // The quota runs out; an admin adds more.
    const limit = (await u.c.rest("GET", `/api/signing/tasks/${taskId}`)).body.data.downloads_limit;
    for (let i = 3; i < limit; i++)
      expect((await u.c.rest("POST", "/api/signing/deduct-download", { task_id: taskId })).status).toBe(200);
    const out = await fetch(`${server.url}/api/signing/download/${taskId}`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(out.status).toBe(403);
    expect(((await out.json()) as any).code).toBe("SIGN_DOWNLOADS_EXHAUSTED");
    expect((await u.c.rest("POST", "/api/signing/add-downloads", { task_id: taskId, count: 2 })).status).toBe(403);
    const added = await admin.rest("POST", "/api/signing/add-downloads", { task_id: taskId, count: 2 });
    expect(added.status).toBe(200);
    expect(added.body.data.downloads_limit).toBe(limit + 2);
    expect(
      (await fetch(`${server.url}/api/signing/download/${taskId}`, { headers: { authorization: `Bearer ${u.token}` } }))
        .status,
    ).toBe(200);

    // One artifact on disk for the task.
    const signedDir = path.join(server.services.config.storageDir, "private", "signed");
    expect(readdirSync(signedDir).filter((f) => f.endsWith(".partial"))).toEqual([]);
  }, 120_000);

  it("answers 404 for another user's task on every call", async () => {
    const owner = await newUser();
    const other = await newUser();
    const certId = await certificateOf(server, owner.token);
    const up = await uploadIpa(owner.token, readFixture("ipa/thin.ipa"));
    const t = await owner.c.rest("POST", "/api/signing/create-task", {
      certificate_id: certId,
      ipa_id: up.body.data.id,
    });
    const id = t.body.data.task_id;
    await finished(owner.c, id);
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/signing/tasks/${id}`],
      ["POST", `/api/signing/cancel/${id}`],
      ["POST", `/api/signing/retry/${id}`],
      ["DELETE", `/api/signing/delete/${id}`],
      ["POST", "/api/signing/deduct-download", { task_id: id }],
      ["GET", `/api/signing/install/${id}`],
      ["GET", `/api/signing/download/${id}`],
    ];
    for (const [method, p, body] of calls) {
      const r = await other.c.rest(method, p, body);
      expect(r.status, `${method} ${p}`).toBe(404);
      expect(r.body.code, `${method} ${p}`).toBe("SIGN_TASK_NOT_FOUND");
    }
    // Nor can another user sign someone else's upload or with their certificate.
    const otherCert = await certificateOf(server, other.token);
    expect(
      (await other.c.rest("POST", "/api/signing/create-task", { certificate_id: otherCert, ipa_id: up.body.data.id }))
        .body.code,
    ).toBe("SIGN_UPLOAD_NOT_FOUND");
    const own = await uploadIpa(other.token, readFixture("ipa/thin.ipa"));
    expect(
      (await other.c.rest("POST", "/api/signing/create-task", { certificate_id: certId, ipa_id: own.body.data.id }))
        .body.code,
    ).toBe("SIGN_CERT_NOT_FOUND");
    const gq = await other.c.gql(`query($id: ID!) { signingTask(id: $id) { id } }`, { id: String(id) });
    expect(gq.body.errors?.[0]?.extensions?.code).toBe("SIGN_TASK_NOT_FOUND");
  }, 120_000);
});

describe("live progress", () => {
  it("pushes the task's stages to its owner through signingTaskUpdated until done", async () => {
    const u = await newUser();
    const certId = await certificateOf(server, u.token);
    const up = await uploadIpa(u.token, readFixture("ipa/full.ipa"));
    const ws = createClient({
      url: server.url.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${u.token}` },
      retryAttempts: 0,
    });
    const seen: any[] = [];
    const ready = once(server.wsActivity, "subscribed");
    const dispose = ws.subscribe(
      { query: `subscription { signingTaskUpdated { id status stage progress appName } }` },
      { next: (v) => void seen.push(v.data?.signingTaskUpdated), error: () => undefined, complete: () => undefined },
    );
    try {
      await ready;
      const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: certId, ipa_id: up.body.data.id });
      await waitFor(async () => seen.some((e) => e?.status === "done"));
      const stages = seen.filter((e) => e && String(e.id) === String(t.body.data.task_id)).map((e) => e.stage);
      // Each event carries the task as it is when read, so stages only move forward and end at done.
      const order = ["queued", "preparing", "signing", "verifying", "storing", "done"];
      const idx = stages.map((st) => order.indexOf(st));
      expect(idx.every((x) => x >= 0)).toBe(true);
      expect(idx).toEqual([...idx].sort((a, b) => a - b));
      expect(stages.at(-1)).toBe("done");
      expect(seen.at(-1).progress).toBe(100);
      // Another user's subscription hears nothing of it.
      expect(seen.every((e) => String(e.id) === String(t.body.data.task_id))).toBe(true);
    } finally {
      dispose();
      await ws.dispose();
    }
  }, 120_000);
});

describe("refusals", () => {
  it("refuses bad submissions with their code, leaving no task and taking no money", async () => {
    const u = await newUser();
    const devCert = await certificateOf(server, u.token, fixtures.developmentProfile()); // App ID TEAMID1234.com.example.demo
    const up = await uploadIpa(u.token, readFixture("ipa/thin.ipa"));
    const ipaId = up.body.data.id;
    const tasks = () => countRows(`SELECT count(*) AS n FROM signing_tasks WHERE user_id = $1`, [u.id]);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ipa_id: ipaId }, 400, "SIGN_CERT_REQUIRED"],
      [{ certificate_id: devCert }, 400, "SIGN_SOURCE_REQUIRED"],
      [{ certificate_id: devCert, ipa_id: ipaId, app_id: 1 }, 400, "SIGN_SOURCE_REQUIRED"],
      [{ certificate_id: devCert, ipa_id: ipaId, bundle_id: "com.other.app" }, 400, "SIGN_BUNDLE_ID_NOT_ALLOWED"],
      [{ certificate_id: devCert, ipa_id: ipaId, bundle_id: "not a bundle" }, 400, "SIGN_BUNDLE_ID_INVALID"],
      [{ certificate_id: devCert, ipa_id: ipaId, display_name: "x".repeat(51) }, 400, "SIGN_DISPLAY_NAME_INVALID"],
      [{ certificate_id: devCert, ipa_id: ipaId, version: "1..2" }, 400, "SIGN_VERSION_INVALID"],
      [{ certificate_id: devCert, ipa_id: 999999 }, 404, "SIGN_UPLOAD_NOT_FOUND"],
      [{ certificate_id: devCert, app_id: 999999 }, 404, "SIGN_APP_NOT_FOUND"],
      [{ certificate_id: devCert, ipa_id: ipaId, dylib_ids: [999999] }, 404, "SIGN_DYLIB_NOT_FOUND"],
      [{ certificate_id: 999999, ipa_id: ipaId }, 404, "SIGN_CERT_NOT_FOUND"],
    ];
    for (const [body, status, code] of cases) {
      const r = await u.c.rest("POST", "/api/signing/create-task", body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    // An expired or revoked certificate.
    await server.services.db.query(`UPDATE certificates SET expires_at = now() - interval '1 day' WHERE id = $1`, [
      devCert,
    ]);
    expect(
      (await u.c.rest("POST", "/api/signing/create-task", { certificate_id: devCert, ipa_id: ipaId })).body.code,
    ).toBe("SIGN_CERT_EXPIRED");
    await server.services.db.query(
      `UPDATE certificates SET expires_at = now() + interval '300 days', status = 'revoked' WHERE id = $1`,
      [devCert],
    );
    expect(
      (await u.c.rest("POST", "/api/signing/create-task", { certificate_id: devCert, ipa_id: ipaId })).body.code,
    ).toBe("SIGN_CERT_REVOKED");
    expect(await tasks()).toBe(0);
  });

  it("signs every bundle shape (xctest with frameworks, extensions, Watch, App Clip, loadable bundle, helpers, x86_64 slices); nested code it cannot sign fails the task naming the file", async () => {
    const u = await newUser();
    const certId = await certificateOf(server, u.token);
    const up = await uploadIpa(u.token, readFixture("ipa/shapes.ipa"));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const created = await u.c.rest("POST", "/api/signing/create-task", {
      certificate_id: certId,
      ipa_id: up.body.data.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const done = await finished(u.c, created.body.data.task_id);
    expect(done.status, JSON.stringify(done)).toBe("done");
    const dl = await fetch(`${server.url}/api/signing/download/${created.body.data.task_id}`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(dl.status).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), "signed-"));
    try {
      const file = path.join(dir, "a.ipa");
      writeFileSync(file, Buffer.from(await dl.arrayBuffer()));
      const v = await verifyIpa(file, { trustedRoots: [readFileSync(fixturePath("pki/root.pem"), "utf8")] });
      expect(v.problems).toEqual([]);
      const report = await checkSignedIpa(file, {
        rootPem: fixturePath("pki/root.pem"),
        teamId: "TEAMID1234",
        signerCommonName: "iPhone Distribution: Test Co (TEAMID1234)",
      });
      expect(report.problems).toEqual([]);
      expect(report.bundles).toContain("Payload/Demo.app/PlugIns/DemoTests.xctest/");
      expect(report.code).toHaveLength(13);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const bad = await uploadIpa(u.token, readFixture("ipa/shapes-encrypted.ipa"));
    expect(bad.status, JSON.stringify(bad.body)).toBe(200);
    const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: certId, ipa_id: bad.body.data.id });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    const failed = await finished(u.c, t.body.data.task_id);
    expect(failed.status).toBe("failed");
    expect(failed.error.code).toBe("APPLE_ENCRYPTED_BINARY");
    expect(failed.error.message).toBe(
      "应用二进制已加密（App Store 加密包），无法签名：Payload/Demo.app/Extensions/Widget.appex/Widget",
    );
    expect(
      readdirSync(path.join(server.services.config.storageDir, "private", "signed")).filter((f) =>
        f.endsWith(".partial"),
      ),
    ).toEqual([]);
  }, 120_000);

  it("charges per signing: an empty wallet refuses the task; a bad binary fails in the worker with the signer's message and is refunded once", async () => {
    const set = await admin.rest("PUT", "/api/signing-settings", { charge_mode: "fee", fee: 1.5 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    try {
      const u = await newUser();
      const certId = await certificateOf(server, u.token);
      const up = await uploadIpa(u.token, readFixture("ipa/encrypted.ipa"));
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const poor = await u.c.rest("POST", "/api/signing/create-task", {
        certificate_id: certId,
        ipa_id: up.body.data.id,
      });
      expect(poor.status).toBe(400);
      expect(poor.body.code).toBe("WALLET_INSUFFICIENT_BALANCE");
      expect(await countRows(`SELECT count(*) AS n FROM signing_tasks WHERE user_id = $1`, [u.id])).toBe(0);

      expect(
        (await admin.rest("POST", `/api/admin/users/${u.id}/wallet/adjust`, { amount: 2, reason: "测试" })).status,
      ).toBe(200);
      const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: certId, ipa_id: up.body.data.id });
      expect(t.status, JSON.stringify(t.body)).toBe(200);
      expect(t.body.data.charge).toBe(1.5);
      const failed = await finished(u.c, t.body.data.task_id);
      expect(failed.status).toBe("failed");
      expect(failed.error.code).toBe("APPLE_ENCRYPTED_BINARY");
      expect(failed.error.message).toBe("应用二进制已加密（App Store 加密包），无法签名：Payload/Demo.app/Demo");
      await waitFor(
        async () => (await u.c.rest("GET", `/api/signing/tasks/${t.body.data.task_id}`)).body.data.refunded,
      );
      // Refund twice (a replayed job): still one refund.
      expect(await server.services.signing.refundTask(t.body.data.task_id)).toBe(0);
      const ledger = await server.services.db.query(
        `SELECT type, amount_fen FROM wallet_ledger WHERE user_id = $1 ORDER BY id`,
        [u.id],
      );
      expect(ledger.map((l: any) => [l.type, Number(l.amount_fen)])).toEqual([
        ["admin_adjust", 200],
        ["signing", -150],
        ["refund", 150],
      ]);
      expect(await expectLedgerMatches(server.services.db, u.id)).toBe(200);
      expect(
        readdirSync(path.join(server.services.config.storageDir, "private", "signed")).filter((f) =>
          f.endsWith(".partial"),
        ),
      ).toEqual([]);
    } finally {
      await admin.rest("PUT", "/api/signing-settings", { charge_mode: "free", fee: 0 });
    }
  }, 120_000);

  it("cancels a queued task (refunded), retries it (charged again) and deletes it with its file", async () => {
    await admin.rest("PUT", "/api/signing-settings", { charge_mode: "fee", fee: 1 });
    await worker?.close();
    worker = null;
    try {
      const u = await newUser();
      await admin.rest("POST", `/api/admin/users/${u.id}/wallet/adjust`, { amount: 5, reason: "测试" });
      const certId = await certificateOf(server, u.token);
      const up = await uploadIpa(u.token, readFixture("ipa/thin.ipa"));
      const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: certId, ipa_id: up.body.data.id });
      const id = t.body.data.task_id;
      expect(t.body.data.status).toBe("queued");
      const c1 = await u.c.rest("POST", `/api/signing/cancel/${id}`);
      expect(c1.status).toBe(200);
      expect(c1.body.data.status).toBe("cancelled");
      expect(c1.body.data.refunded).toBe(true);
      expect((await u.c.rest("POST", `/api/signing/cancel/${id}`)).body.code).toBe("SIGN_TASK_STATE");

      const r = await u.c.rest("POST", `/api/signing/retry/${id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.status).toBe("queued");
      expect(await expectLedgerMatches(server.services.db, u.id)).toBe(400);

      worker = await startWorker(workerEnv());
      const done = await finished(u.c, id);
      expect(done.status).toBe("done");
      expect(
        await countRows(`SELECT count(*) AS n FROM wallet_ledger WHERE user_id = $1 AND type = 'signing'`, [u.id]),
      ).toBe(2);
      expect(
        await countRows(`SELECT count(*) AS n FROM wallet_ledger WHERE user_id = $1 AND type = 'refund'`, [u.id]),
      ).toBe(1);

      const [row] = await server.services.db.query(`SELECT artifact_name FROM signing_tasks WHERE id = $1`, [id]);
      const file = path.join(server.services.config.storageDir, "private", "signed", row.artifact_name);
      expect(existsSync(file)).toBe(true);
      expect((await u.c.rest("DELETE", `/api/signing/delete/${id}`)).status).toBe(200);
      expect(existsSync(file)).toBe(false);
      expect((await u.c.rest("GET", `/api/signing/tasks/${id}`)).status).toBe(404);
    } finally {
      worker ??= await startWorker(workerEnv());
      await admin.rest("PUT", "/api/signing-settings", { charge_mode: "free", fee: 0 });
    }
  }, 120_000);
});

describe("catalogue apps and admin", () => {
  it("signs a free catalogue app with an IPA; a paid one needs buying first", async () => {
    const stage = await postForm(`${server.url}/api/apps/upload-ipa`, adminToken, { ipa: readFixture("ipa/thin.ipa") });
    expect(stage.status, JSON.stringify(stage.body)).toBe(200);
    const free = await admin.gql(`mutation($input: AppInput!) { createApp(input: $input) { id } }`, {
      input: { name: "免费演示", ipaUploadId: stage.body.data.uploadId, price: 0 },
    });
    expect(free.body.errors, JSON.stringify(free.body.errors)).toBeUndefined();
    const stage2 = await postForm(`${server.url}/api/apps/upload-ipa`, adminToken, {
      ipa: readFixture("ipa/thin.ipa"),
    });
    const paid = await admin.gql(`mutation($input: AppInput!) { createApp(input: $input) { id } }`, {
      input: { name: "付费应用", ipaUploadId: stage2.body.data.uploadId, price: 3 },
    });
    expect(paid.body.errors, JSON.stringify(paid.body.errors)).toBeUndefined();

    const u = await newUser();
    const certId = await certificateOf(server, u.token);
    const apps = await u.c.gql(`{ signableApps(search: "演示") { total items { id name bought } } }`);
    expect(apps.body.data.signableApps.items.map((a: any) => a.name)).toEqual(["免费演示"]);
    const refused = await u.c.rest("POST", "/api/signing/create-task", {
      certificate_id: certId,
      app_id: paid.body.data.createApp.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SIGN_APP_NOT_PURCHASED");

    const g = await u.c.gql(
      `mutation($input: CreateSigningTaskInput!) { createSigningTask(input: $input) { id status appName source } }`,
      {
        input: { certificateId: String(certId), appId: String(free.body.data.createApp.id), displayName: "我的应用" },
      },
    );
    expect(g.body.errors, JSON.stringify(g.body.errors)).toBeUndefined();
    expect(g.body.data.createSigningTask.source).toBe("app");
    const done = await finished(u.c, Number(g.body.data.createSigningTask.id));
    expect(done.status).toBe("done");
    expect(done.app_name).toBe("我的应用");

    // The admin sees it with the signer's report, the counts and the days; users may not.
    const list = await admin.rest("GET", `/api/signing/admin/tasks?user=${u.id}`);
    expect(list.status).toBe(200);
    expect(list.body.data.tasks).toHaveLength(1);
    expect(list.body.data.tasks[0].report.teamId).toBe("TEAMID1234");
    const stats = await admin.gql(`{ signingStats { done failed perDay { day count } } }`);
    expect(stats.body.data.signingStats.done).toBeGreaterThanOrEqual(1);
    expect(stats.body.data.signingStats.perDay).toHaveLength(14);
    expect(stats.body.data.signingStats.perDay.at(-1).count).toBeGreaterThanOrEqual(1);
    expect((await u.c.rest("GET", "/api/signing/admin/tasks")).status).toBe(403);
    expect((await u.c.rest("PUT", "/api/signing-settings", { charge_mode: "free" })).status).toBe(403);
    expect((await u.c.rest("POST", "/api/signing/cleanup")).status).toBe(403);
  }, 120_000);

  it("cleanup removes expired signed IPAs and uploads", async () => {
    const u = await newUser();
    const certId = await certificateOf(server, u.token);
    const up = await uploadIpa(u.token, readFixture("ipa/thin.ipa"));
    const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: certId, ipa_id: up.body.data.id });
    const id = t.body.data.task_id;
    await finished(u.c, id);
    const [row] = await server.services.db.query(`SELECT artifact_name FROM signing_tasks WHERE id = $1`, [id]);
    const file = path.join(server.services.config.storageDir, "private", "signed", row.artifact_name);
    expect(existsSync(file)).toBe(true);
    await server.services.db.query(`UPDATE signing_tasks SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      id,
    ]);
    await server.services.db.query(
      `UPDATE signing_uploads SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [up.body.data.id],
    );
    const c = await admin.rest("POST", "/api/signing/cleanup");
    expect(c.status).toBe(200);
    expect(c.body.data.artifacts).toBeGreaterThanOrEqual(1);
    expect(c.body.data.uploads).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    const dl = await u.c.rest("GET", `/api/signing/download/${id}`);
    expect(dl.status).toBe(410);
    expect(dl.body.code).toBe("SIGN_ARTIFACT_EXPIRED");
  }, 120_000);
});
