import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { S3ObjectStore, type S3Settings, type StorageError } from "../../packages/platform/src/storage";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { startWorker } from "../../worker/src/main";
import { client, startInProcess } from "../support/inprocess";
import { freePort } from "../support/net.mjs";
import { startS3 } from "../support/s3-server";
import { certificateOf, signingWorkerEnv, startSigningServer, taskEnded, userMaker } from "../support/signing";
import { postForm } from "../support/certificates";
import { adjustBalance, createShare, expectLedgerMatches } from "../support/shop";
import { pollUntil } from "../support/wait";
import { png } from "./site-content-support";

/**
 * The S3 backend against a real S3 protocol server (s3rver): the store's operations and its named faults, then a
 * server and a worker on STORAGE_BACKEND=s3 with S3_DOWNLOADS=redirect, driven over HTTP like clients: nothing lands on
 * the server's disk, downloads leave the store through signed URLs and are counted exactly.
 */
type S3 = Awaited<ReturnType<typeof startS3>>;
type Server = Awaited<ReturnType<typeof startInProcess>>;
let s3: S3;

const text = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};
const fault = async (work: Promise<unknown>) => {
  const e = (await work.then(
    () => null,
    (err: unknown) => err,
  )) as StorageError | null;
  return e && { code: e.code, fault: e.fault };
};

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

describe("the S3 store", () => {
  it("puts streamed within a limit, gets ranges, lists, moves, deletes and signs URLs", async () => {
    const store = new S3ObjectStore(s3.settings);
    const key = `private/unsigned/${"a".repeat(32)}.ipa`;
    const put = await store.put(key, Readable.from([Buffer.from("hello "), Buffer.from("world")]), { maxBytes: 100 });
    expect(put.size).toBe(11);
    expect(put.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await store.head(key))?.size).toBe(11);
    const part = await store.get(key, { start: 6, end: 10 });
    expect([await text(part.body), part.size]).toEqual(["world", 11]);

    // Over the limit: refused, nothing stored.
    const big = `private/unsigned/${"b".repeat(32)}.ipa`;
    expect(await fault(store.put(big, Readable.from([Buffer.alloc(64), Buffer.alloc(64)]), { maxBytes: 100 }))).toEqual(
      {
        code: "TOO_LARGE",
        fault: undefined,
      },
    );
    expect(await store.head(big)).toBeNull();

    const moved = `private/ipas/${"a".repeat(32)}.ipa`;
    await store.move(key, moved);
    expect(await store.head(key)).toBeNull();
    const listed: string[] = [];
    for await (const o of store.list("private/")) listed.push(o.key);
    expect(listed).toEqual([moved]);

    const url = await store.signedUrl(moved, {
      expiresInSeconds: 60,
      contentDisposition: 'attachment; filename="x.ipa"',
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("hello world");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="x.ipa"');

    await store.delete(moved);
    await store.delete(moved); // missing: not an error
    expect(await store.head(moved)).toBeNull();
    expect(await fault(store.get(moved))).toEqual({ code: "NOT_FOUND", fault: undefined });
    await store.probe();
    store.close();
  });

  it("names each fault: DNS, refused, 403, bucket missing, clock skew", async () => {
    const probe = (over: Partial<S3Settings>) => {
      const store = new S3ObjectStore({ ...s3.settings, connectTimeoutMs: 3000, requestTimeoutMs: 5000, ...over });
      return fault(store.probe()).finally(() => store.close());
    };
    expect(await probe({ endpoint: "http://no-such-host.invalid" })).toEqual({ code: "UNAVAILABLE", fault: "dns" });
    expect(await probe({ endpoint: `http://127.0.0.1:${await freePort()}` })).toEqual({
      code: "UNAVAILABLE",
      fault: "refused",
    });
    expect(await probe({ accessKeyId: "WRONGKEY" })).toEqual({ code: "UNAVAILABLE", fault: "forbidden" });
    expect(await probe({ bucket: "missing-bucket" })).toEqual({ code: "UNAVAILABLE", fault: "bucket" });
    const skewed = new S3ObjectStore({ ...s3.settings, clockOffsetMs: 3600_000 });
    expect(await fault(skewed.probe())).toEqual({ code: "UNAVAILABLE", fault: "clock" });
    skewed.close();
  });
});

describe("wrong credentials at start-up", () => {
  it("the server starts and names the failing check in its log and /api/health; the worker refuses, naming it", async () => {
    // s3rver checks the key id (it accepts any secret for its one key).
    const bad = { ...s3.env, S3_ACCESS_KEY_ID: "WRONGKEY" };
    const logged: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    let server: Server | undefined;
    try {
      server = await startInProcess(bad);
    } finally {
      spy.mockRestore();
    }
    try {
      expect(logged.join("")).toMatch(/storage check failed at start-up: STORAGE_BACKEND=s3: 访问被拒绝（403）/);
      const health = await client(server.url).rest("GET", "/api/health");
      expect(health.status).toBe(200);
      expect(health.body.data.storage).toMatchObject({ backend: "s3", ok: false, fault: "forbidden" });
      expect(health.body.data.storage.message).toContain("Access Key");
      // Users meet the clear 503, never a half-stored upload.
      const admin = client(server.url);
      await admin.login("admin", server.adminPassword);
      const up = await admin.upload("/api/banners/upload", "image", png(4, 4), "b.png");
      expect([up.status, up.body.code]).toEqual([503, "STORAGE_UNAVAILABLE"]);
      await expect(
        startWorker({
          ...signingWorkerEnv(server, bad),
          STORAGE_DIR: path.join(server.services.config.storageDir, "w"),
        }),
      ).rejects.toThrow(/STORAGE_BACKEND=s3: 访问被拒绝（403）/);
    } finally {
      await server.stopAll();
    }
  }, 120_000);
});

describe("a server and a worker on S3, downloads redirected", () => {
  let server: Server;
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  let admin: ReturnType<typeof client>;

  beforeAll(async () => {
    server = await startSigningServer({ ...s3.env, S3_DOWNLOADS: "redirect" });
    admin = client(server.url);
    await admin.login("admin", server.adminPassword);
    worker = await startWorker(
      signingWorkerEnv(server, { ...s3.env, STORAGE_DIR: path.join(server.services.config.storageDir, "w") }),
    );
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await server?.stopAll();
  });

  const objects = async (prefix: string) => {
    const keys: string[] = [];
    for await (const o of server.services.storage.store.list(prefix)) keys.push(o.key);
    return keys;
  };

  it("serves uploaded images from the store with a year's cache, and keeps nothing on the server's disk", async () => {
    const image = png(6, 6);
    const up = await admin.upload("/api/banners/upload", "image", image, "b.png");
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const url: string = up.body.data.url;
    expect(await objects("uploads/banners/")).toEqual([url.slice(1)]);
    const res = await fetch(server.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
    expect((await fetch(`${server.url}/uploads/default-app-icon.png`)).status).toBe(200);
    expect(existsSync(path.join(server.services.config.storageDir, "uploads"))).toBe(false);
  });

  it("a resource share with a traffic fee: charged once per grant, the download is a 302 to a signed URL", async () => {
    const makeUser = userMaker(server, "s3buyer", 91);
    const u = await makeUser();
    await adjustBalance(admin, u.id, 10);
    const id = await createShare(admin, "S3 资源", 0);
    // Priced as 2 GB (the defaults: ¥0.40), whatever the fixture's own size.
    await server.services.db.query(`UPDATE resource_shares SET file_size = $2 WHERE id = $1`, [id, 2048 * 1048576]);
    const q = await u.c.rest("GET", `/api/downloads/quote?kind=resource-share&id=${id}`);
    const g = await u.c.rest("POST", "/api/downloads/grant", { quote_id: q.body.data.quote_id });
    expect(g.body.data, JSON.stringify(g.body)).toMatchObject({ fee: 0.4, charged: true });
    const res = await fetch(
      `${server.url}/api/resource-shares/download/${id}?grant=${encodeURIComponent(g.body.data.grant)}`,
      {
        headers: { authorization: `Bearer ${u.token}` },
        redirect: "manual",
      },
    );
    expect(res.status, await res.clone().text()).toBe(302);
    const location = res.headers.get("location")!;
    expect(location.startsWith(s3.endpoint)).toBe(true);
    const file = await fetch(location);
    expect(Buffer.from(await file.arrayBuffer()).equals(readFixture("ipa/thin.ipa"))).toBe(true);
    expect(await expectLedgerMatches(server.services.db, u.id)).toBe(960);
  });

  it("signs an IPA stored in S3 and counts redirected downloads as whole ones, ranges by the byte", async () => {
    const makeUser = userMaker(server, "s3signer", 92);
    const u = await makeUser();
    const cert = await certificateOf(server, u.token);
    const up = await postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: readFixture("ipa/thin.ipa") });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(existsSync(path.join(server.services.config.storageDir, "private"))).toBe(false);
    const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: up.body.data.id });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    const taskId = t.body.data.task_id as number;
    const done = await taskEnded(u.c, taskId, 90_000);
    expect(done.status, JSON.stringify(done)).toBe("done");
    const [row] = await server.services.db.query(
      `SELECT artifact_name, artifact_size FROM signing_tasks WHERE id = $1`,
      [taskId],
    );
    expect(await objects("private/signed/")).toEqual([`private/signed/${row.artifact_name}`]);

    const auth = { authorization: `Bearer ${u.token}` };
    const used = async () => (await u.c.rest("GET", `/api/signing/tasks/${taskId}`)).body.data.downloads_used;
    const res = await fetch(`${server.url}/api/signing/download/${taskId}`, { headers: auth, redirect: "manual" });
    expect(res.status).toBe(302);
    const signed = Buffer.from(await (await fetch(res.headers.get("location")!)).arrayBuffer());
    expect(signed.length).toBe(Number(row.artifact_size));
    expect(await used()).toBe(1);
    // A range is proxied and counted by its bytes: the second half of the file is half a download.
    const half = Math.floor(signed.length / 2);
    const part = await fetch(`${server.url}/api/signing/download/${taskId}`, {
      headers: { ...auth, range: `bytes=${half}-` },
      redirect: "manual",
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(signed.subarray(half))).toBe(true);
    expect(await used()).toBe(2);
    const [bytes] = await server.services.db.query(`SELECT download_bytes FROM signing_tasks WHERE id = $1`, [taskId]);
    expect(Number(bytes.download_bytes)).toBe(signed.length + (signed.length - half));
  }, 150_000);

  it("/admin/storage: the backend and its settings without the secret, usage per kind, 测试连接 naming the fault", async () => {
    const overview = await admin.gql(
      `{ adminStorage { backend downloads bucket accessKeyId secretSet forcePathStyle usage { kind count bytes } } }`,
    );
    expect(overview.body.errors).toBeUndefined();
    const o = overview.body.data.adminStorage;
    expect(o).toMatchObject({
      backend: "s3",
      downloads: "redirect",
      bucket: s3.bucket,
      secretSet: true,
      forcePathStyle: true,
    });
    // s3rver's secret equals its key id: the answer holds it only as the key id.
    expect(JSON.stringify({ ...o, accessKeyId: null })).not.toContain(s3.settings.secretAccessKey);
    const signed = o.usage.find((u: { kind: string }) => u.kind === "private/signed");
    expect(signed.count).toBe((await objects("private/signed/")).length);
    expect(signed.bytes).toBeGreaterThan(0);
    const ok = await admin.gql(`mutation { testStorageConnection { ok fault message } }`);
    expect(ok.body.data.testStorageConnection).toMatchObject({ ok: true, fault: null });
    // Not for users.
    const u = await userMaker(server, "s3nosy", 94)();
    expect((await u.c.gql(`{ adminStorage { backend } }`)).body.errors[0].extensions.code).toBe("FORBIDDEN");
  });

  it("the store down: uploads fail with STORAGE_UNAVAILABLE and record nothing, downloads answer 503 with Retry-After", async () => {
    const makeUser = userMaker(server, "s3down", 93);
    const u = await makeUser();
    const before = await server.services.db.query(`SELECT count(*)::int AS n FROM signing_uploads`);
    await s3.stop(false);
    try {
      const up = await postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: readFixture("ipa/thin.ipa") });
      expect(up.status).toBe(503);
      expect(up.body.code).toBe("STORAGE_UNAVAILABLE");
      expect(up.body.message).toBe("文件存储暂时不可用，请稍后重试");
      expect(await server.services.db.query(`SELECT count(*)::int AS n FROM signing_uploads`)).toEqual(before);
      expect(readdirSync(server.services.storage.tmpDir).filter((f) => !f.startsWith("."))).toEqual([]);
      const icon = await fetch(`${server.url}/uploads/default-app-icon.png`);
      expect(icon.status).toBe(503);
      expect(icon.headers.get("retry-after")).toBe("30");
      const probe = await admin.gql(`mutation { testStorageConnection { ok fault message } }`);
      expect(probe.body.data.testStorageConnection).toMatchObject({ ok: false, fault: "refused" });
      expect(probe.body.data.testStorageConnection.message).toContain("连接被拒绝");
    } finally {
      s3 = await startS3(s3.bucket, { port: s3.port, directory: s3.dir });
    }
  }, 120_000);

  it("the store down during a signing: the worker's run fails and is retried with back-off, then the task is done", async () => {
    const u = await userMaker(server, "s3retry", 95)();
    const cert = await certificateOf(server, u.token);
    const up = await postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: readFixture("ipa/thin.ipa") });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    await s3.stop(false);
    let restarted = false;
    try {
      const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: up.body.data.id });
      expect(t.status, JSON.stringify(t.body)).toBe(200);
      const taskId = t.body.data.task_id as number;
      const [{ run_id }] = await server.services.db.query(`SELECT run_id FROM signing_tasks WHERE id = $1`, [taskId]);
      const job = () => server.services.jobs.queueFor("signing.sign").getJob(`sign-${run_id}`);
      // The first attempt cannot read the upload: failed, queued again (not failed for good).
      await pollUntil(async () => ((await job())?.attemptsMade ?? 0) >= 1, 90_000, 100);
      const waiting = await u.c.rest("GET", `/api/signing/tasks/${taskId}`);
      expect(waiting.body.data.status).not.toBe("failed");
      s3 = await startS3(s3.bucket, { port: s3.port, directory: s3.dir });
      restarted = true;
      const done = await taskEnded(u.c, taskId, 120_000);
      expect(done.status, JSON.stringify(done)).toBe("done");
      expect((await job())!.attemptsMade).toBeGreaterThanOrEqual(1);
      const [row] = await server.services.db.query(`SELECT artifact_name FROM signing_tasks WHERE id = $1`, [taskId]);
      expect((await objects("private/signed/")).filter((k) => k.endsWith(row.artifact_name))).toHaveLength(1);

      // Down again: a ranged download (always streamed through the server) answers 503 with Retry-After.
      await s3.stop(false);
      restarted = false;
      const part = await fetch(`${server.url}/api/signing/download/${taskId}`, {
        headers: { authorization: `Bearer ${u.token}`, range: "bytes=0-99" },
        redirect: "manual",
      });
      expect(part.status).toBe(503);
      expect(part.headers.get("retry-after")).toBe("30");
      expect(((await part.json()) as { code: string }).code).toBe("STORAGE_UNAVAILABLE");
    } finally {
      if (!restarted) s3 = await startS3(s3.bucket, { port: s3.port, directory: s3.dir });
    }
  }, 240_000);

  it("the hourly sweep on S3: an icon no row points at and an unclaimed staged IPA go a day later, a used icon stays", async () => {
    const icon = async () => {
      const r = await admin.upload("/api/apps/upload", "icon", png(4, 4), "i.png");
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.url as string;
    };
    const used = await icon();
    const orphan = await icon();
    expect((await admin.rest("POST", "/api/apps", { name: "S3 应用", icon: used })).status).toBe(200);
    const staged = await admin.upload("/api/apps/upload-ipa", "ipa", readFixture("ipa/thin.ipa"), "a.ipa");
    expect(staged.status, JSON.stringify(staged.body)).toBe(200);
    const stagedKey = `private/${staged.body.data.uploadId ?? staged.body.data.upload_id}`;
    const exists = async (key: string) => !!(await server.services.storage.store.head(key));
    const state = async () => [await exists(used.slice(1)), await exists(orphan.slice(1)), await exists(stagedKey)];
    expect(await state()).toEqual([true, true, true]);
    // Not a day old yet: kept.
    await server.services.apps.housekeeping();
    expect(await state()).toEqual([true, true, true]);
    // A day later (by the objects' LastModified in S3).
    const swept = await server.services.apps.housekeeping(Date.now() + 2 * 24 * 3600_000);
    expect(await state()).toEqual([true, false, false]);
    expect(swept.icons).toBeGreaterThanOrEqual(1);
    expect(swept.staged).toBeGreaterThanOrEqual(1);
  });
});

describe("S3_PUBLIC_URL: icons and banners on a CDN origin", () => {
  let server: Server;
  let publicUrl: string;
  beforeAll(async () => {
    // s3rver serves its bucket anonymously: it stands in for the CDN origin.
    publicUrl = `${s3.endpoint}/${s3.bucket}`;
    server = await startInProcess({ ...s3.env, S3_PUBLIC_URL: publicUrl });
  }, 120_000);
  afterAll(async () => {
    await server?.stopAll();
  });

  it("answers a permanent redirect to the origin; the object is stored content-addressed with a year's immutable cache", async () => {
    const admin = client(server.url);
    await admin.login("admin", server.adminPassword);
    const image = png(5, 7);
    const up = await admin.upload("/api/banners/upload", "image", image, "b.png");
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const url: string = up.body.data.url;
    // The name is random hex that is never reused: a new image is always a new URL.
    expect(url).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.png$/);
    const res = await fetch(server.url + url, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`${publicUrl}${url}`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const cdn = await fetch(res.headers.get("location")!);
    expect(cdn.status).toBe(200);
    expect(cdn.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(cdn.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await cdn.arrayBuffer()).equals(image)).toBe(true);
    // The fallback icon too.
    const icon = await fetch(`${server.url}/uploads/default-app-icon.png`, { redirect: "manual" });
    expect([icon.status, icon.headers.get("location")]).toEqual([301, `${publicUrl}/uploads/default-app-icon.png`]);
    // A name the store never made is not redirected anywhere.
    expect((await fetch(`${server.url}/uploads/banners/../../private/x.ipa`, { redirect: "manual" })).status).not.toBe(
      301,
    );
  });
});
