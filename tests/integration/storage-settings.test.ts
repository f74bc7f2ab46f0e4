import path from "node:path";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { startWorker } from "../../worker/src/main";
import { postForm } from "../support/certificates";
import { client } from "../support/inprocess";
import { startS3 } from "../support/s3-server";
import { certificateOf, signingWorkerEnv, startSigningServer, taskEnded, userMaker } from "../support/signing";
import { pollUntil } from "../support/wait";
import { png } from "./site-content-support";

/**
 * /admin/storage 保存设置: a site on local disk switched to S3 from the page, live: the server's next upload and the
 * running worker's next signing use S3 without a restart. Settings are tested before they are saved, the secret is
 * sealed and never answered back, and a variable the environment sets (S3_REGION here) wins and is named.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let server: Awaited<ReturnType<typeof startSigningServer>>;
let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
const logged: string[] = [];

beforeAll(async () => {
  s3 = await startS3();
  server = await startSigningServer({ S3_REGION: "us-east-1" });
  vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void logged.push(a.join(" ")));
  worker = await startWorker(
    signingWorkerEnv(server, {
      S3_REGION: "us-east-1",
      STORAGE_DIR: path.join(server.services.config.storageDir, "w"),
    }),
  );
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await worker?.close();
  await server?.stopAll();
  await s3?.stop();
});

const SAVE = `mutation($input: StorageSettingsInput!) { saveStorageSettings(input: $input) {
  backend downloads endpoint region bucket accessKeyId secretSet forcePathStyle fromEnv } }`;

it("switches a running site from local disk to S3 from the page, server and worker alike", async () => {
  const admin = client(server.url);
  await admin.login("admin", server.adminPassword);
  const before = (await admin.gql(`{ adminStorage { backend region fromEnv envSettings { field variable } } }`)).body
    .data.adminStorage;
  expect(before).toEqual({
    backend: "local",
    region: null,
    fromEnv: ["region"],
    envSettings: [{ field: "region", variable: "S3_REGION" }],
  });
  const input = {
    backend: "s3",
    downloads: "proxy",
    endpoint: s3.endpoint,
    region: "eu-west-9",
    bucket: s3.bucket,
    accessKeyId: s3.settings.accessKeyId,
    secretAccessKey: s3.settings.secretAccessKey,
    forcePathStyle: true,
  };

  // Settings that do not work are refused, naming the fault, and not saved.
  const bad = await admin.gql(SAVE, { input: { ...input, accessKeyId: "WRONGKEY" } });
  expect(bad.body.errors?.[0].extensions?.code).toBe("STORAGE_SETTINGS_PROBE_FAILED");
  expect(bad.body.errors?.[0].message).toMatch(/^连接测试失败，设置未保存：访问被拒绝（403）/);
  const incomplete = await admin.gql(SAVE, { input: { ...input, bucket: "" } });
  expect(incomplete.body.errors?.[0].extensions?.code).toBe("STORAGE_SETTINGS_INVALID");
  expect(await server.services.db.query(`SELECT count(*)::int AS n FROM storage_settings`)).toEqual([{ n: 0 }]);

  // Saved: in force at once; the environment's region wins over the page's, and is named.
  const saved = await admin.gql(SAVE, { input });
  expect(saved.body.errors).toBeUndefined();
  expect(saved.body.data.saveStorageSettings).toEqual({
    backend: "s3",
    downloads: "proxy",
    endpoint: s3.endpoint,
    region: "us-east-1",
    bucket: s3.bucket,
    accessKeyId: s3.settings.accessKeyId,
    secretSet: true,
    forcePathStyle: true,
    fromEnv: ["region"],
  });
  const [row] = await server.services.db.query(`SELECT secret_access_key_sealed AS s FROM storage_settings`);
  expect(row.s).toMatch(/^v2:/);
  expect(row.s).not.toContain(s3.settings.secretAccessKey);
  const health = await admin.rest("GET", "/api/health");
  expect(health.body.data.storage).toMatchObject({ backend: "s3", ok: true });

  // The server's next upload goes to S3, nothing to its disk.
  const image = png(6, 6);
  const up = await admin.upload("/api/banners/upload", "image", image, "b.png");
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const url: string = up.body.data.url;
  expect(await server.services.storage.store.head(url.slice(1))).toMatchObject({ size: image.length });
  expect(existsSync(path.join(server.services.config.storageDir, url.slice(1)))).toBe(false);
  const served = await fetch(server.url + url);
  expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);

  // The worker switched too (told by the event), without a restart: it signs from S3 into S3.
  await pollUntil(async () => logged.some((l) => l.includes("storage settings changed: now s3")), 30_000, 100);
  const u = await userMaker(server, "stset", 96)();
  const cert = await certificateOf(server, u.token);
  const ipa = await postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: readFixture("ipa/thin.ipa") });
  expect(ipa.status, JSON.stringify(ipa.body)).toBe(200);
  const t = await u.c.rest("POST", "/api/signing/create-task", { certificate_id: cert, ipa_id: ipa.body.data.id });
  const taskId = t.body.data.task_id as number;
  const done = await taskEnded(u.c, taskId, 120_000);
  expect(done.status, JSON.stringify(done)).toBe("done");
  const [task] = await server.services.db.query(`SELECT artifact_name FROM signing_tasks WHERE id = $1`, [taskId]);
  expect(await server.services.storage.store.head(`private/signed/${task.artifact_name}`)).not.toBeNull();

  // Saved again with the secret left blank: the saved one is kept; downloads now leave S3 by redirect.
  const again = await admin.gql(SAVE, { input: { ...input, secretAccessKey: "", downloads: "redirect" } });
  expect(again.body.data.saveStorageSettings).toMatchObject({ backend: "s3", downloads: "redirect", secretSet: true });
  const dl = await fetch(`${server.url}/api/signing/download/${taskId}`, {
    headers: { authorization: `Bearer ${u.token}` },
    redirect: "manual",
  });
  expect(dl.status).toBe(302);
  expect(dl.headers.get("location")!.startsWith(s3.endpoint)).toBe(true);
  // Not for users.
  expect((await u.c.gql(SAVE, { input })).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
}, 300_000);
