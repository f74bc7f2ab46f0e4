import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { JOB_SPECS, QUEUES } from "@gryx/contracts";
import { startWorker } from "../../worker/src/main";
import { startInProcess } from "../support/inprocess";

const root = path.resolve(__dirname, "../..");
let server: Awaited<ReturnType<typeof startInProcess>>;
beforeAll(async () => {
  server = await startInProcess();
});
afterAll(async () => server?.stopAll());

describe("jobs", () => {
  it("each job is enqueued with the options its contract declares", async () => {
    const job = await server.services.jobs.add("email.send", { outboxId: 999_999 });
    expect(job.opts).toMatchObject({
      attempts: JOB_SPECS["email.send"].attempts,
      backoff: JOB_SPECS["email.send"].backoff,
    });
    await job.remove();
  });

  it("a job with a contract jobId is enqueued once however often it is added", async () => {
    const nonce = "6f1c2b9e-4f0a-4a63-9d43-0f3f0b2f5a10";
    const first = await server.services.jobs.add("system.health", { nonce });
    const second = await server.services.jobs.add("system.health", { nonce });
    expect(first.id).toBe(`health-${nonce}`);
    expect(second.id).toBe(first.id);
    expect(await server.services.jobs.queueFor("system.health").getWaitingCount()).toBe(1);
    await first.remove();
  });

  it("housekeeping runs as a job on the maintenance queue, consumed by the server instances", async () => {
    const db = server.services.db;
    await db.query(
      `INSERT INTO rate_counters (key, count, window_start) VALUES ('stale-job-key', 3, now() - interval '2 days'), ('fresh-job-key', 1, now())`,
    );
    const events = server.services.jobs.connection.events(QUEUES.maintenance);
    await events.waitUntilReady();
    const job = await server.services.jobs.add("housekeeping.auth", {});
    await job.waitUntilFinished(events, 20_000);
    await events.close();
    const keys = (await db.query(`SELECT key FROM rate_counters WHERE key LIKE '%-job-key'`)).map(
      (r: { key: string }) => r.key,
    );
    expect(keys).toEqual(["fresh-job-key"]);
  });

  it("a worker that stops sending heartbeats (a crash: no last heartbeat) counts as gone after a few of its intervals", async () => {
    const db = server.services.db;
    const insert = (worker: string, intervalMs: number, agoSeconds: number) =>
      db.query(
        `INSERT INTO worker_heartbeats (worker, backend, queues, started_at, interval_ms, last_seen, running)
         VALUES ($1, 'postgres', '{system,email}', now() - interval '1 hour', $2, now() - make_interval(secs => $3), true)`,
        [worker, intervalMs, agoSeconds],
      );
    await insert("crashed:1", 10_000, 60);
    await insert("slow:2", 60_000, 60);
    const status = await server.services.health.workers();
    expect(status.workers.map((w) => [w.worker, w.alive]).sort()).toEqual([
      ["crashed:1", false],
      ["slow:2", true],
    ]);
    expect(status.alive).toBe(true);
    await db.query(`UPDATE worker_heartbeats SET last_seen = now() - interval '10 minutes' WHERE worker = 'slow:2'`);
    expect((await server.services.health.workers()).alive).toBe(false);
    await db.query(`DELETE FROM worker_heartbeats`);
  });

  it("the worker refuses a bad configuration, listing every problem", async () => {
    await expect(startWorker({ DATABASE_URL: "mysql://x", WORKER_CONCURRENCY: "many" })).rejects.toThrow(
      /DATABASE_URL must use postgres: or postgresql: \(got mysql:\)\n.*WORKER_CONCURRENCY must be an integer/,
    );
    // The built worker exits with 2 and says why.
    const r = spawnSync(process.execPath, [path.join(root, "worker/dist/main.js")], {
      env: { PATH: process.env.PATH, REDIS_URL: "nope" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("DATABASE_URL is required");
    expect(r.stderr).toContain("REDIS_URL is not a valid URL");
  });
});
