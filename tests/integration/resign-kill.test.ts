import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { workerProcesses } from "../support/worker-process";
import { createCheckScene, uploadLeaf, type CheckScene } from "../support/cert-checks";
import { postForm } from "../support/certificates";
import { biggerIpa, userMaker } from "../support/signing";
import { pollUntil } from "../support/wait";

/**
 * 掉签 with the worker killed (SIGKILL) in the middle of the repair: a new worker finishes it. Every affected task is
 * re-signed exactly once (resign_count 1, one artifact each), nothing is charged, the owner is told once.
 */
let scene: CheckScene;
let server: Awaited<ReturnType<typeof startInProcess>>;
let workers: ReturnType<typeof workerProcesses>;

const startWorkerProcess = () =>
  workers.start({
    ...scene.env,
    SIGNING_CONCURRENCY: "2",
    RESIGN_LEASE_SECONDS: "5",
    // The killed worker's jobs are handed out again once their lock has passed: 10 s here instead of 30.
    JOB_LOCK_MS: "10000",
  });

beforeAll(async () => {
  scene = await createCheckScene();
  server = await startInProcess({
    ...scene.env,
    TRUST_PROXY: "1",
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  workers = workerProcesses(server);
}, 180_000);
afterAll(async () => {
  workers?.killAll();
  await server?.stopAll();
  await scene?.close();
});

it("kill -9 mid-repair: a new worker finishes; each task re-signed once, no charge, one message", async () => {
  const db = (sql: string, params: unknown[] = []) => server.services.db.query(sql, params);
  let worker = await startWorkerProcess();
  const u = await userMaker(server, "killresign", 94)();
  const a = await scene.pki.issueLeaf("killa", { ocspUrl: scene.responderUrl, org: "KILLA Co" });
  const b = await scene.pki.issueLeaf("killb", { ocspUrl: scene.responderUrl, org: "KILLB Co" });
  const certA = await uploadLeaf(scene, server.url, u.token, a);
  const certB = await uploadLeaf(scene, server.url, u.token, b);
  expect((await u.c.rest("PUT", `/api/certificates/${certB}/auto-resign`, { enabled: true })).status).toBe(200);
  // Big enough that a re-sign takes a moment to kill it in.
  const go = () => postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: biggerIpa(4, 8) });
  const up = await go().catch(go);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t = await u.c.rest("POST", "/api/signing/create-task", {
      certificate_id: certA,
      ipa_id: up.body.data.id,
      bundle_id: `com.gryx.kill.t${i}`,
    });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    ids.push(t.body.data.task_id);
  }
  const c = client(server.url);
  c.setToken(u.token);
  await pollUntil(
    async () => {
      const all = await Promise.all(ids.map(async (id) => (await c.rest("GET", `/api/signing/tasks/${id}`)).body.data));
      return all.every((t) => t.status === "done");
    },
    300_000,
    300,
  );
  const [{ n: ledgerBefore }] = await db(`SELECT count(*)::int AS n FROM wallet_ledger WHERE user_id = $1`, [u.id]);

  await scene.pki.revoke(a, "keyCompromise");
  expect((await u.c.rest("POST", "/api/certificates/check-status", { id: certA })).body.data.status).toBe("revoked");
  // Killed while a re-sign runs (its lease held by the dying process).
  await pollUntil(
    async () => ((await db(`SELECT 1 FROM resign_items WHERE status = 'running'`)) as unknown[]).length > 0,
    120_000,
    50,
  );
  worker.kill("SIGKILL");
  await new Promise((r) => worker.once("exit", r));
  const [{ n: leftOpen }] = await db(
    `SELECT count(*)::int AS n FROM resign_items WHERE status IN ('pending', 'running', 'waiting')`,
  );
  expect(leftOpen).toBeGreaterThan(0);

  worker = await startWorkerProcess();
  // The lease runs out (5 s); the sweep (every minute) or BullMQ's stalled-job check hands the item out again.
  await pollUntil(
    async () => {
      const rows: { resign_count: number; certificate_id: number }[] = await db(
        `SELECT resign_count, certificate_id FROM signing_tasks WHERE id = ANY($1::int[])`,
        [ids],
      );
      return rows.every((r) => r.certificate_id === certB) ? rows : null;
    },
    240_000,
    500,
  );
  const tasks: { resign_count: number; artifact_name: string }[] = await db(
    `SELECT resign_count, artifact_name FROM signing_tasks WHERE id = ANY($1::int[])`,
    [ids],
  );
  expect(tasks.map((t) => t.resign_count)).toEqual([1, 1, 1, 1]);
  const signed = readdirSync(path.join(server.services.config.storageDir, "private/signed"));
  for (const t of tasks) expect(signed.filter((f) => f.startsWith(t.artifact_name))).toEqual([t.artifact_name]);
  const [incident] = await db(
    `SELECT n.status, count(*) FILTER (WHERE i.status = 'repaired')::int AS repaired FROM resign_incidents n
       JOIN resign_items i ON i.incident_id = n.id WHERE n.certificate_id = $1 GROUP BY n.status`,
    [certA],
  );
  await pollUntil(async () => {
    const [n] = await db(`SELECT status FROM resign_incidents WHERE certificate_id = $1`, [certA]);
    return n.status === "completed";
  });
  expect(incident.repaired).toBe(4);
  const [{ n: ledgerAfter }] = await db(`SELECT count(*)::int AS n FROM wallet_ledger WHERE user_id = $1`, [u.id]);
  expect(ledgerAfter).toBe(ledgerBefore);
  const [{ n: notes }] = await db(
    `SELECT count(*)::int AS n FROM user_notifications WHERE user_id = $1 AND kind = 'certificate-resigned'`,
    [u.id],
  );
  expect(notes).toBe(1);
}, 600_000);
