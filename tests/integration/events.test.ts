import { once } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { connectEventBus, PG_NOTIFY_MAX_BYTES, REDIS_INLINE_MAX_BYTES, type EventBus } from "@gryx/platform";
import { QUEUES, SERVER_QUEUES } from "@gryx/contracts";
import type { UserEventPayload } from "../../server/src/modules/users/users.events";
import { startWorker } from "../../worker/src/main";
import { client, startInProcess } from "../support/inprocess";
import { createTestDatabase } from "../support/db";
import { startApp } from "../support/app";

// REDIS_URL empty, not absent: the built processes inherit the test runner's environment.
const backends: { name: "postgres" | "redis"; env: Record<string, string> }[] = [
  { name: "postgres", env: { REDIS_URL: "" } },
];
if (process.env.REDIS_URL) backends.push({ name: "redis", env: { REDIS_URL: process.env.REDIS_URL } });

type Server = Awaited<ReturnType<typeof startInProcess>>;

function wsClient(server: Server, token: string): Client {
  return createClient({
    url: server.url.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
}

/** Subscribes and resolves once `server` says the subscription is in place; events collect in `events`. */
async function subscribed(server: Server, c: Client, query: string) {
  const events: any[] = [];
  const errors: unknown[] = [];
  const ready = once(server.wsActivity, "subscribed");
  c.subscribe(
    { query },
    { next: (v) => void events.push(v), error: (e) => void errors.push(e), complete: () => undefined },
  );
  await ready;
  return { events, errors };
}

/** The queues a worker consumes: every queue but the servers'. */
const WORKER_QUEUES = Object.values(QUEUES).filter((q) => !SERVER_QUEUES.includes(q));

const WORKER_STATUS = "subscription { workerStatusChanged { alive workers { worker alive backend } } }";

describe.each(backends)("events across processes on $name", ({ name, env }) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  });

  it("the worker's events reach graphql-ws subscribers of both server instances on one database", async () => {
    const a = await startInProcess(env);
    cleanup.push(() => a.stopAll());
    const cfg = a.services.config;
    const b = await startInProcess({
      ...env,
      DATABASE_URL: cfg.databaseUrl,
      JWT_SECRET: cfg.jwtSecret,
      QUEUE_PREFIX: cfg.queuePrefix,
      ADMIN_PASSWORD: a.adminPassword,
    });
    cleanup.push(() => b.stopAll());
    expect(a.services.events.kind).toBe(name);

    const { token } = await client(a.url).login("admin", a.adminPassword);
    const wsA = wsClient(a, token);
    const wsB = wsClient(b, token);
    cleanup.push(async () => void (await Promise.all([wsA.dispose(), wsB.dispose()])));
    const subA = await subscribed(a, wsA, WORKER_STATUS);
    const subB = await subscribed(b, wsB, WORKER_STATUS);
    // The current status comes first: no worker yet.
    await expect.poll(() => subA.events.length + subB.events.length).toBe(2);
    expect(subA.events[0].data.workerStatusChanged).toEqual({ alive: false, workers: [] });
    expect(subB.events[0].data.workerStatusChanged).toEqual({ alive: false, workers: [] });
    expect((await client(b.url).rest("GET", "/api/health")).body.data.worker).toEqual({
      alive: false,
      lastSeenAt: null,
    });

    // A long interval: the heartbeats seen here are the start's and the health job's, not the timer's.
    const worker = await startWorker({
      DATABASE_URL: cfg.databaseUrl,
      QUEUE_PREFIX: cfg.queuePrefix,
      WORKER_HEARTBEAT_MS: "600000",
      ...env,
    });
    let workerOpen = true;
    cleanup.push(async () => void (workerOpen && (await worker.close())));
    const alive = { alive: true, workers: [{ worker: worker.workerId, alive: true, backend: name }] };
    for (const sub of [subA, subB]) {
      await expect.poll(() => sub.events.length).toBe(2);
      expect(sub.events[1].data.workerStatusChanged).toEqual(alive);
    }

    // A job the worker runs publishes too.
    const rt = await b.services.health.jobRoundTrip(20_000);
    expect(rt.worker).toBe(worker.workerId);
    for (const sub of [subA, subB]) await expect.poll(() => sub.events.length).toBe(3);

    const health = (await client(a.url).rest("GET", "/api/health")).body.data;
    expect(health).toMatchObject({ database: "ok", queue: name, events: name, worker: { alive: true } });
    const guest = await client(b.url).gql("{ health { database queue events worker { alive lastSeenAt } } }");
    expect(guest.body.data.health).toMatchObject({
      database: true,
      queue: name,
      events: name,
      worker: { alive: true },
    });
    const admin = client(b.url);
    admin.setToken(token);
    const status = await admin.gql("{ workerStatus { alive lastSeenAt workers { worker queues alive } } }");
    expect(status.body.data.workerStatus).toMatchObject({
      alive: true,
      workers: [{ worker: worker.workerId, queues: WORKER_QUEUES, alive: true }],
    });

    // Its last heartbeat says it stopped.
    await worker.close();
    workerOpen = false;
    for (const sub of [subA, subB]) {
      await expect.poll(() => sub.events.length).toBe(4);
      expect(sub.events[3].data.workerStatusChanged).toEqual({
        alive: false,
        workers: [{ worker: worker.workerId, alive: false, backend: name }],
      });
    }
    expect(subA.errors).toEqual([]);
    expect(subB.errors).toEqual([]);
  });

  it("an event raised on one server instance reaches subscribers of the other", async () => {
    const a = await startInProcess(env);
    cleanup.push(() => a.stopAll());
    const cfg = a.services.config;
    const b = await startInProcess({
      ...env,
      DATABASE_URL: cfg.databaseUrl,
      JWT_SECRET: cfg.jwtSecret,
      QUEUE_PREFIX: cfg.queuePrefix,
      ADMIN_PASSWORD: a.adminPassword,
    });
    cleanup.push(() => b.stopAll());
    const { token } = await client(a.url).login("admin", a.adminPassword);
    const wsB = wsClient(b, token);
    cleanup.push(() => wsB.dispose() as Promise<void>);
    const sub = await subscribed(b, wsB, "subscription { userRegistered { username } }");
    expect(
      (await client(a.url).rest("POST", "/api/auth/register", { username: "crossover", password: "secret1" })).status,
    ).toBe(200);
    await expect.poll(() => sub.events.length).toBe(1);
    expect(sub.events[0].data.userRegistered).toEqual({ username: "crossover" });

    // Logging out on A closes the socket open on B.
    const wsEnded = new Promise((resolve) => wsB.on("closed", (e) => resolve((e as { code: number }).code)));
    const logout = client(a.url);
    logout.setToken(token);
    expect((await logout.rest("POST", "/api/auth/logout")).status).toBe(200);
    expect(await wsEnded).toBe(4401);
  });

  it("payloads too large for the wire travel by id, in order with small ones", async () => {
    const db = await createTestDatabase();
    cleanup.push(() => db.drop());
    const prefix = `t${Date.now().toString(36)}`;
    const buses: EventBus[] = [0, 1].map(() =>
      connectEventBus({ databaseUrl: db.url, redisUrl: env.REDIS_URL, prefix }),
    );
    cleanup.push(async () => void (await Promise.all(buses.map((x) => x.close()))));
    const got: string[][] = [[], []];
    buses.forEach((bus, i) =>
      bus.subscribe("user.registered", (u) => got[i].push(`${u.username}:${u.permissions.length}`)),
    );
    await Promise.all(buses.map((x) => x.ready()));

    const limit = name === "redis" ? REDIS_INLINE_MAX_BYTES : PG_NOTIFY_MAX_BYTES;
    const user = (username: string, n: number): UserEventPayload => ({
      id: 1,
      username,
      email: null,
      role: "user",
      permissions: Array.from({ length: n }, (_, i) => `perm.${i}`),
      disabled: false,
      createdAt: new Date().toISOString(),
      lastLoginAt: null,
    });
    const big = Math.ceil(limit / 8) + 10;
    expect(JSON.stringify(user("big", big)).length).toBeGreaterThan(limit);
    await buses[0].publish("user.registered", user("small1", 1));
    await buses[0].publish("user.registered", user("big", big));
    await buses[0].publish("user.registered", user("small2", 2));
    const expected = ["small1:1", `big:${big}`, "small2:2"];
    await expect.poll(() => got).toEqual([expected, expected]);
  });
});

/** The built processes, as deployed: needs `npm run build` (the test command does it). */
describe.each(backends)("server and worker processes on $name", ({ name, env }) => {
  it("two server processes and a worker process on one database: a job's event reaches subscribers of both, a logout on one closes the socket on the other", async () => {
    const app = await startApp({ ...env, WORKER_HEARTBEAT_MS: "600000" }, { servers: 2 });
    try {
      expect(app.urls.length).toBe(2);
      const { token } = await client(app.url).login(app.adminUsername, app.adminPassword);
      const sockets = app.urls.map((url) =>
        createClient({
          url: url.replace("http", "ws") + "/graphql",
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${token}` },
          retryAttempts: 0,
        }),
      );
      const subs = sockets.map((ws) => {
        const events: any[] = [];
        const closed = new Promise<number>((resolve) => ws.on("closed", (e) => resolve((e as { code: number }).code)));
        ws.subscribe(
          { query: "subscription { workerStatusChanged { alive lastSeenAt } }" },
          { next: (v) => void events.push(v), error: () => undefined, complete: () => undefined },
        );
        return { events, closed };
      });
      // The first value is the current status: both subscriptions are in place.
      for (const sub of subs) await expect.poll(() => sub.events.length).toBe(1);

      const admin = client(app.urls[1]);
      admin.setToken(token);
      const rt = await admin.rest("POST", "/api/admin/health/job-round-trip");
      expect(rt.status).toBe(200);
      expect(rt.body.data.backend).toBe(name);
      // (The worker's start-up heartbeat may land in between: what counts is a new, live status on both.)
      for (const sub of subs)
        await expect.poll(() => sub.events.length > 1 && sub.events.at(-1).data.workerStatusChanged.alive).toBe(true);
      expect((await client(app.urls[0]).rest("GET", "/api/health")).body.data.worker.alive).toBe(true);

      const logout = client(app.urls[0]);
      logout.setToken(token);
      expect((await logout.rest("POST", "/api/auth/logout")).status).toBe(200);
      expect(await Promise.all(subs.map((s) => s.closed))).toEqual([4401, 4401]);
      await Promise.all(sockets.map((ws) => ws.dispose()));
    } finally {
      await app.stop();
    }
  });
});

describe("the PostgreSQL event bus", () => {
  it("a burst of 1,000 publishes, identical payloads among them, arrives whole and in order", async () => {
    const db = await createTestDatabase();
    const buses = [0, 1].map(() => connectEventBus({ databaseUrl: db.url, log: () => undefined }));
    try {
      const got: string[] = [];
      buses[0].subscribe("user.registered", (u) => got.push(u.username));
      await buses[0].ready();
      const at = new Date().toISOString();
      const user = (username: string): UserEventPayload => ({
        id: 1,
        username,
        email: null,
        role: "user",
        permissions: [],
        disabled: false,
        createdAt: at,
        lastLoginAt: null,
      });
      // Every third name repeats the previous one: the same JSON twice in a row must still be delivered twice.
      const names = Array.from({ length: 1000 }, (_, i) => `u${i % 3 === 2 ? i - 1 : i}`);
      await Promise.all(names.map((n) => buses[1].publish("user.registered", user(n))));
      await expect.poll(() => got.length).toBe(1000);
      expect(got).toEqual(names);
    } finally {
      await Promise.all(buses.map((b) => b.close()));
      await db.drop();
    }
  });

  it("listens again after its connection is killed", async () => {
    const db = await createTestDatabase();
    const buses = [0, 1].map(() => connectEventBus({ databaseUrl: db.url, log: () => undefined }));
    try {
      const got: string[] = [];
      buses[0].subscribe("user.registered", (u) => got.push(u.username));
      await buses[0].ready();
      const user = (username: string): UserEventPayload => ({
        id: 1,
        username,
        email: null,
        role: "user",
        permissions: [],
        disabled: false,
        createdAt: new Date().toISOString(),
        lastLoginAt: null,
      });
      await buses[1].publish("user.registered", user("before"));
      await expect.poll(() => got).toEqual(["before"]);

      const admin = new (await import("pg")).Client({ connectionString: db.url });
      await admin.connect();
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      await admin.end();
      expect(killed.rowCount).toBe(1);

      // Published while it reconnects: missed (at-most-once). Once it listens again, events arrive.
      let n = 0;
      await expect
        .poll(
          async () => {
            await buses[1].publish("user.registered", user(`after${n++}`));
            return got.some((g) => g.startsWith("after"));
          },
          { interval: 250 },
        )
        .toBe(true);
    } finally {
      await Promise.all(buses.map((b) => b.close()));
      await db.drop();
    }
  });
});
