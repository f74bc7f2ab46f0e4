import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DataSource } from "typeorm";
import { startApp, type TestApp } from "../support/app";
import { biggerIpa } from "../support/signing";
import { client } from "../support/inprocess";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "../support/certificates";

/**
 * kill -9 of the worker while 20 signing tasks are in flight, then a new worker: every task finishes, each with one
 * signed IPA on disk and exactly one charge (the fee mode is on), and no partial files are left.
 */
let app: TestApp;
let db: DataSource;

beforeAll(async () => {
  // The killed worker's jobs are handed out again once their lock has passed: 10 s here instead of 30.
  app = await startApp({ ...trustFixtureRoot(), SIGNING_CONCURRENCY: "2", JOB_LOCK_MS: "10000" });
  db = new DataSource({ type: "postgres", url: app.databaseUrl });
  await db.initialize();
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await app?.stop();
});

it("finishes all 20 tasks in flight after kill -9 of the worker, each with one artifact and one charge", async () => {
  const admin = client(app.url);
  await admin.login(app.adminUsername, app.adminPassword);
  expect((await admin.rest("PUT", "/api/signing-settings", { charge_mode: "fee", fee: 0.5 })).status).toBe(200);

  const ipa = biggerIpa(3, 8);
  const taskIds: number[] = [];
  const users: number[] = [];
  for (let u = 0; u < 4; u++) {
    const c = client(app.url);
    const name = `crash_${u}`;
    const ip = { "x-forwarded-for": `10.66.0.${u + 1}` };
    expect((await c.rest("POST", "/api/auth/register", { username: name, password: "secret1" }, ip)).status).toBe(200);
    const login = await c.rest("POST", "/api/auth/login", { username: name, password: "secret1" }, ip);
    const token = login.body.data.token;
    c.setToken(token);
    users.push(login.body.data.user.id);
    expect(
      (
        await admin.rest("POST", `/api/admin/users/${login.body.data.user.id}/wallet/adjust`, {
          amount: 10,
          reason: "测试",
        })
      ).status,
    ).toBe(200);
    const cert = await postForm(
      `${app.url}/api/certificates/upload`,
      token,
      { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
      { password: P12_PASSWORD },
    );
    expect(cert.status, JSON.stringify(cert.body)).toBe(200);
    const up = await postForm(`${app.url}/api/signing/upload-ipa`, token, { ipa });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    for (let i = 0; i < 5; i++) {
      const t = await c.rest("POST", "/api/signing/create-task", {
        certificate_id: cert.body.data.id,
        ipa_id: up.body.data.id,
        display_name: `应用${u}-${i}`,
      });
      expect(t.status, JSON.stringify(t.body)).toBe(200);
      taskIds.push(t.body.data.task_id);
    }
  }

  const statuses = async () => {
    const rows: { status: string; n: number }[] = await db.query(
      `SELECT status, count(*)::int AS n FROM signing_tasks GROUP BY status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
  };
  // Kill once signing is under way and most tasks are still to do.
  const until = Date.now() + 60_000;
  for (;;) {
    const s = await statuses();
    if ((s.running ?? 0) > 0) break;
    if (Date.now() > until) throw new Error(`no task started: ${JSON.stringify(s)}\n${app.logs()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await app.killWorker();
  const atKill = await statuses();
  expect(atKill.done ?? 0, JSON.stringify(atKill)).toBeLessThan(20);

  app.startWorker();
  const deadline = Date.now() + 150_000;
  for (;;) {
    const s = await statuses();
    if ((s.done ?? 0) === 20) break;
    if ((s.failed ?? 0) > 0)
      throw new Error(
        `a task failed: ${JSON.stringify(await db.query(`SELECT id, error_code, error_message FROM signing_tasks WHERE status = 'failed'`))}`,
      );
    if (Date.now() > deadline) throw new Error(`not all done: ${JSON.stringify(s)}\n${app.logs().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  // One signed IPA per task and nothing partial; one charge per task and no refund.
  const signedDir = path.join(app.dataDir, "storage", "private", "signed");
  const files = readdirSync(signedDir);
  expect(files.filter((f) => f.endsWith(".partial"))).toEqual([]);
  const names: { artifact_name: string }[] = await db.query(
    `SELECT artifact_name FROM signing_tasks WHERE id = ANY($1::int[])`,
    [taskIds],
  );
  expect(files.sort()).toEqual(names.map((n) => n.artifact_name).sort());
  const charges: { type: string; n: number }[] = await db.query(
    `SELECT type, count(*)::int AS n FROM wallet_ledger WHERE user_id = ANY($1::int[]) AND type IN ('signing', 'refund') GROUP BY type`,
    [users],
  );
  expect(Object.fromEntries(charges.map((c) => [c.type, c.n]))).toEqual({ signing: 20 });
  const runs: { runs: number }[] = await db.query(`SELECT runs FROM signing_tasks WHERE id = ANY($1::int[])`, [
    taskIds,
  ]);
  // The killed runs ran again.
  expect(runs.some((r) => r.runs > 1)).toBe(true);
}, 300_000);
