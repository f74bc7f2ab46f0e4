import { afterAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { JOB_QUEUE, JOB_SPECS, jobsOf, QUEUES } from "@gryx/contracts";
import { client, startInProcess } from "../support/inprocess";
import { createTestDatabase } from "../support/db";
import { startApp } from "../support/app";
import { MIGRATIONS } from "../../server/src/db/data-source";

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => undefined);
});

describe("start-up", () => {
  it("several servers starting at once on a fresh database all start, migrating and seeding once", async () => {
    const db = await createTestDatabase();
    cleanup.push(() => db.drop());
    const env = {
      DATABASE_URL: db.url,
      JWT_SECRET: randomBytes(32).toString("hex"),
      QUEUE_PREFIX: `t${randomBytes(4).toString("hex")}`,
      ADMIN_PASSWORD: "Admin-" + randomBytes(6).toString("hex"),
    };
    const started = await Promise.allSettled([0, 1, 2].map(() => startInProcess(env)));
    for (const s of started) if (s.status === "fulfilled") cleanup.push(() => s.value.stopAll());
    expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "ok"))).toEqual(["ok", "ok", "ok"]);
    const servers = started.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startInProcess>>>).value);

    const c = new Client({ connectionString: db.url });
    await c.connect();
    cleanup.push(() => c.end());
    const { rows } = await c.query(`SELECT name, count(*)::int AS n FROM migrations GROUP BY name`);
    expect(rows.length).toBe(MIGRATIONS.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect((await c.query(`SELECT count(*)::int AS n FROM users WHERE username = 'admin'`)).rows[0].n).toBe(1);
    for (const s of servers) await client(s.url).login("admin", env.ADMIN_PASSWORD);

    // Housekeeping is scheduled once for the cluster, however many instances declared it.
    const queue = servers[0].services.jobs.queueFor("housekeeping.auth");
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.name).sort()).toEqual(
      jobsOf(QUEUES.maintenance)
        .filter((j) => JOB_SPECS[j].everyMs)
        .sort(),
    );
    expect(jobsOf(QUEUES.maintenance).every((j) => JOB_QUEUE[j] === QUEUES.maintenance)).toBe(true);
  });

  it("the built server starts without a worker and reports the worker's absence in its health endpoint", async () => {
    const app = await startApp({ REDIS_URL: "" }, { worker: false });
    cleanup.push(() => app.stop());
    const health = await client(app.url).rest("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({
      database: "ok",
      queue: "postgres",
      events: "postgres",
      worker: { alive: false, lastSeenAt: null },
    });
  });
});
