import { once } from "node:events";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LocalObjectStore, S3ObjectStore, digestOf } from "../../packages/platform/src/storage";
import { createTestDatabase } from "../support/db";
import { client, startInProcess } from "../support/inprocess";
import { startS3 } from "../support/s3-server";
import { pollUntil } from "../support/wait";
import { workerProcesses } from "../support/worker-process";
import { png } from "./site-content-support";

/**
 * 迁移 local → S3 (/admin/storage) against s3rver: files a local-disk site stored (a banner uploaded over HTTP, and
 * many private files), then the same site on STORAGE_BACKEND=s3 migrates them with a worker process that is killed
 * (SIGKILL) mid-run and started again. Every object ends in S3 with its size and SHA-256, none is left on the disk,
 * the counts are exact, progress arrives over the subscription, and a second migration moves nothing.
 */
type Server = Awaited<ReturnType<typeof startInProcess>>;
let s3: Awaited<ReturnType<typeof startS3>>;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let server: Server | null = null;
let workers: ReturnType<typeof workerProcesses> | null = null;
const env = () => ({
  DATABASE_URL: db.url,
  DATA_DIR: dataDir,
  JWT_SECRET: "m".repeat(64),
  QUEUE_PREFIX: `mig${randomBytes(3).toString("hex")}`,
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
let fixed: ReturnType<typeof env>;

beforeAll(async () => {
  s3 = await startS3();
  db = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "gryx-mig-"));
  fixed = env();
}, 60_000);
afterAll(async () => {
  workers?.killAll();
  await server?.stopAll();
  await db?.drop().catch(() => undefined);
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const MIGRATION = `id status totalCount totalBytes movedCount movedBytes failedCount runs lastError`;

it("moves a local site's files into S3, verified, through a worker killed mid-run; a second run moves nothing", async () => {
  // 1. The site on local disk: a banner uploaded by the admin; migrating is refused (nothing to migrate to).
  server = await startInProcess(fixed);
  let admin = client(server.url);
  await admin.login("admin", server.adminPassword);
  const banner = png(8, 8);
  const up = await admin.upload("/api/banners/upload", "image", banner, "b.png");
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const bannerUrl: string = up.body.data.url;
  const refused = await admin.gql(`mutation { startStorageMigration { id } }`);
  expect(refused.body.errors?.[0].extensions?.code).toBe("STORAGE_MIGRATE_NOT_S3");
  const storageDir = server.services.config.storageDir;
  await server.close();
  server = null;

  // Many more private files on that disk (as users' uploads and signed IPAs leave them), and one object that a
  // killed earlier attempt left half-written in S3 under the same key.
  const local = new LocalObjectStore(storageDir);
  const expected = new Map<string, string>([[bannerUrl.slice(1), sha(banner)]]);
  // The site's fallback icon, drawn at start-up, is one of its files too.
  expected.set(
    "uploads/default-app-icon.png",
    (await digestOf((await local.get("uploads/default-app-icon.png")).body)).sha256,
  );
  for (let i = 0; i < 240; i++) {
    const key = `private/${i % 2 ? "signed" : "unsigned"}/${randomBytes(16).toString("hex")}.ipa`;
    const body = randomBytes(48 * 1024 + i);
    await local.put(key, body);
    expected.set(key, sha(body));
  }
  const bucket = new S3ObjectStore(s3.settings);
  const halfWritten = [...expected.keys()][5];
  await bucket.put(halfWritten, Buffer.from("truncated"));

  // 2. The same site on S3 (same database and disk), a worker, and the admin's 开始迁移 with its live progress.
  server = await startInProcess({ ...fixed, ...s3.env });
  admin = client(server.url);
  const { token } = await admin.login("admin", server.adminPassword);
  const before = (await admin.gql(`{ adminStorage { backend localCount localBytes migration { id } } }`)).body.data;
  expect(before.adminStorage).toMatchObject({ backend: "s3", localCount: expected.size, migration: null });
  workers = workerProcesses(server);
  // A killed worker's job is handed out again once its lock lapses: 10 s here instead of 30 (JOB_LOCK_MS).
  const workerEnv = { ...fixed, ...s3.env, JOB_LOCK_MS: "10000" };
  let worker = await workers.start(workerEnv);
  const started = await admin.gql(`mutation { startStorageMigration { ${MIGRATION} } }`);
  expect(started.body.errors).toBeUndefined();
  const id = Number(started.body.data.startStorageMigration.id);

  const ws = createClient({
    url: server.url.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  const seen: { movedCount: number; status: string }[] = [];
  const ready = once(server.wsActivity, "subscribed");
  const dispose = ws.subscribe(
    { query: `subscription($id: ID!) { storageMigrationProgress(id: $id) { ${MIGRATION} } }`, variables: { id } },
    {
      next: (v) => void seen.push((v.data as any).storageMigrationProgress),
      error: () => undefined,
      complete: () => undefined,
    },
  );
  await ready;

  // Killed while objects are being moved (some moved, some not).
  const row = async () =>
    (await server!.services.db.query(`SELECT * FROM storage_migrations WHERE id = $1`, [id]))[0] as {
      status: string;
      moved_count: number;
      total_count: number;
      runs: number;
    };
  await pollUntil(async () => (await row()).moved_count >= 20, 120_000, 20);
  worker.kill("SIGKILL");
  await new Promise((r) => worker.once("exit", r));
  const atKill = await row();
  expect(atKill.status).toBe("running");
  expect(atKill.moved_count).toBeLessThan(expected.size);

  // A new worker continues the same run (BullMQ hands the stalled job out again).
  worker = await workers.start(workerEnv);
  const done = await pollUntil(async () => ((await row()).status === "done" ? row() : null), 240_000, 500);
  expect(done).toMatchObject({ total_count: expected.size, moved_count: expected.size, failed_count: 0 });
  expect(done.runs).toBeGreaterThanOrEqual(2);

  // Everything is in S3 with its exact bytes, nothing is left on the disk.
  for (const [key, hash] of expected)
    expect(await digestOf((await bucket.get(key)).body), key).toMatchObject({ sha256: hash });
  const left: string[] = [];
  for await (const o of local.list("")) if (!o.key.startsWith("probe/")) left.push(o.key);
  expect(left).toEqual([]);
  const served = await fetch(server.url + bannerUrl);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(banner)).toBe(true);

  // The page followed it live: counts that only grew, ending done with everything moved.
  await pollUntil(async () => seen.at(-1)?.status === "done", 30_000, 100);
  dispose();
  await ws.dispose();
  const counts = seen.map((s) => s.movedCount);
  expect(counts.length).toBeGreaterThan(2);
  expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  expect(seen.at(-1)).toMatchObject({ status: "done", movedCount: expected.size, totalCount: expected.size });

  // 3. A second migration finds nothing to move.
  const again = await admin.gql(`mutation { startStorageMigration { id } }`);
  const id2 = Number(again.body.data.startStorageMigration.id);
  expect(id2).toBeGreaterThan(id);
  const second = await pollUntil(
    async () => {
      const m = (await admin.gql(`query($id: ID!) { storageMigration(id: $id) { ${MIGRATION} } }`, { id: id2 })).body
        .data.storageMigration;
      return m.status === "done" ? m : null;
    },
    120_000,
    300,
  );
  expect(second).toMatchObject({ totalCount: 0, movedCount: 0, failedCount: 0 });
  const keys: string[] = [];
  for await (const o of bucket.list("")) keys.push(o.key);
  expect(keys.filter((k) => expected.has(k)).length).toBe(expected.size);
  const after = (await admin.gql(`{ adminStorage { localCount migration { id status } } }`)).body.data.adminStorage;
  expect(after).toMatchObject({ localCount: 0, migration: { id: String(id2), status: "done" } });
  bucket.close();
}, 600_000);
