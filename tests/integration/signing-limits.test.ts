import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { unzipSync, zipSync, type Zippable } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataSource } from "typeorm";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { startApp, type TestApp } from "../support/app";
import { biggerIpa } from "../support/signing";
import { client } from "../support/inprocess";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "../support/certificates";
import { pollUntil } from "../support/wait";

/**
 * The worker's limits per signing run (issue 19, items 4 and 5): a run whose memory goes over the ceiling
 * (SIGNING_MEMORY_LIMIT_MB) fails its task with SIGN_MEMORY_LIMIT and its Chinese message while the worker goes on
 * signing; a run's temp directory never outlives it, not even when the worker is killed under it.
 */
let app: TestApp;
let db: DataSource;
let token: string;
let certificateId: number;
let c: ReturnType<typeof client>;

/** The fixture app with `files` more empty files: a central directory that needs tens of MB to seal (about 55 MB of
 * heap for 150,000 files, where the fixture app alone needs under 24 MB). */
/**
 * An app whose plug-in's Info.plist is 24 MB (one long string, stored). The signer must parse a bundle's Info.plist to sign
 * it, and that text alone is more than the test's heap ceiling, however lean the rest of the run is (the signer keeps
 * its per-entry bookkeeping outside the heap).
 */
function hugePlistIpa(): Buffer {
  const entries = unzipSync(new Uint8Array(readFixture("ipa/thin.ipa")));
  const appDir = Object.keys(entries)
    .map((n) => /^(Payload\/[^/]+\.app\/)/.exec(n)?.[1])
    .find(Boolean)!;
  const out: Zippable = {};
  for (const [name, data] of Object.entries(entries)) out[name] = [data, { level: 6 }];
  const plist =
    '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>' +
    "<key>CFBundleIdentifier</key><string>com.example.big.plugin</string>" +
    "<key>CFBundleExecutable</key><string>big</string>" +
    `<key>Padding</key><string>${"a".repeat(24 * 1024 * 1024)}</string></dict></plist>`;
  out[`${appDir}PlugIns/big.appex/Info.plist`] = [new TextEncoder().encode(plist), { level: 0 }];
  return Buffer.from(zipSync(out));
}

const workRoot = () => path.join(app.dataDir, "storage", "tmp", "signing", "work");
const workDirs = () => (existsSync(workRoot()) ? readdirSync(workRoot()) : []);

async function submit(ipa: Buffer, name: string): Promise<number> {
  // Making a big IPA takes longer than the server keeps an idle connection open: a reused socket it has just closed
  // fails the write (EPIPE) before the request reaches it; such a request is sent again on a new connection.
  const send = () => postForm(`${app.url}/api/signing/upload-ipa`, token, { ipa });
  const up = await send().catch((e: Error & { cause?: { code?: string } }) => {
    if (e.cause?.code === "EPIPE" || e.cause?.code === "ECONNRESET") return send();
    throw e;
  });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const t = await c.rest("POST", "/api/signing/create-task", {
    certificate_id: certificateId,
    ipa_id: up.body.data.id,
    display_name: name,
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  return t.body.data.task_id;
}

const task = async (id: number) =>
  (
    await db.query(
      `SELECT status, error_code, error_message, artifact_name, run_lease FROM signing_tasks WHERE id = $1`,
      [id],
    )
  )[0] as {
    status: string;
    error_code: string | null;
    error_message: string | null;
    artifact_name: string;
    run_lease: string | null;
  };
const settled = (id: number, ms = 180_000) =>
  pollUntil(
    async () => ((await task(id)).status === "done" || (await task(id)).status === "failed" ? task(id) : null),
    ms,
    250,
  );

beforeAll(async () => {
  // A killed worker's jobs are handed out again once their lock has passed: 10 s here instead of 30.
  app = await startApp({
    ...trustFixtureRoot(),
    SIGNING_MEMORY_LIMIT_MB: "16",
    SIGNING_CONCURRENCY: "1",
    JOB_LOCK_MS: "10000",
  });
  db = new DataSource({ type: "postgres", url: app.databaseUrl });
  await db.initialize();
  c = client(app.url);
  expect((await c.rest("POST", "/api/auth/register", { username: "limits_user", password: "secret1" })).status).toBe(
    200,
  );
  token = (await c.rest("POST", "/api/auth/login", { username: "limits_user", password: "secret1" })).body.data.token;
  c.setToken(token);
  const cert = await postForm(
    `${app.url}/api/certificates/upload`,
    token,
    { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
    { password: P12_PASSWORD },
  );
  expect(cert.status, JSON.stringify(cert.body)).toBe(200);
  certificateId = cert.body.data.id;
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await app?.stop();
});

describe("memory ceiling per signing run", () => {
  it("fails a run over the ceiling with SIGN_MEMORY_LIMIT, leaves nothing behind, and the same worker signs the next task", async () => {
    const big = await submit(hugePlistIpa(), "巨大配置");
    const small = await submit(readFixture("ipa/thin.ipa"), "小应用");
    const failed = await settled(big);
    expect(failed, app.logs().slice(-2000)).toMatchObject({
      status: "failed",
      error_code: "SIGN_MEMORY_LIMIT",
      error_message: "签名所需内存超出上限，请精简 IPA（减少文件数量）后重试",
    });
    const done = await settled(small);
    expect(done.status, JSON.stringify(done)).toBe("done");
    // One worker process all along: it was not taken down.
    expect(app.logs()).not.toMatch(/worker exited|FATAL ERROR|heap out of memory/i);
    expect(workDirs()).toEqual([]);
  }, 300_000);
});

describe("temp directories of killed runs", () => {
  it("a run killed with the worker leaves its work directory only until the next worker starts", async () => {
    const id = await submit(biggerIpa(4, 16), "被中断");
    // Wait until the run is signing with its work directory in place, then kill the worker under it.
    const lease = await pollUntil(
      async () => {
        const t = await task(id);
        return t.status === "running" && t.run_lease && workDirs().includes(`${t.artifact_name}.${t.run_lease}`)
          ? `${t.artifact_name}.${t.run_lease}`
          : null;
      },
      120_000,
      20,
    );
    await app.killWorker();
    expect(workDirs()).toContain(lease);
    // The server gives up on the task meanwhile (as its cleanup does with a run whose heartbeat stopped).
    await db.query(
      `UPDATE signing_tasks SET status = 'failed', error_code = 'SIGN_FAILED', error_message = '测试' WHERE id = $1`,
      [id],
    );
    app.startWorker();
    await pollUntil(async () => !workDirs().includes(lease), 60_000);
    expect(workDirs()).toEqual([]);
  }, 300_000);

  it("a run killed with the worker has its work directory removed when the job is delivered again, and the task still finishes", async () => {
    const id = await submit(biggerIpa(4, 16), "被中断后重试");
    const killed = await pollUntil(
      async () => {
        const t = await task(id);
        return t.status === "running" && t.run_lease && workDirs().includes(`${t.artifact_name}.${t.run_lease}`)
          ? `${t.artifact_name}.${t.run_lease}`
          : null;
      },
      120_000,
      20,
    );
    await app.killWorker();
    expect(workDirs()).toContain(killed);
    app.startWorker();
    // The task is still running under the killed lease, so the starting worker keeps the directory; the redelivered
    // job's claim removes it.
    const done = await settled(id, 240_000);
    expect(done.status, app.logs().slice(-2000)).toBe("done");
    expect(workDirs()).toEqual([]);
  }, 300_000);
});
