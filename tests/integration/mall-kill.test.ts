import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { client, startInProcess } from "../support/inprocess";
import { workerProcesses } from "../support/worker-process";
import { addAccount, addPackage, mallEnv, startAscServer } from "../support/mall";
import { adjustBalance, expectLedgerMatches, newUser } from "../support/shop";
import { newUdid } from "../support/udid-device";
import type { AscServer } from "../support/asc-server";

// The worker killed with SIGKILL halfway through a fulfilment (after the device was registered, while App Store
// Connect is still making the profile), then a new worker: the order is delivered once, with one device registration,
// one profile and one charge. Needs the built worker (worker/dist): `npm run -s build` first.
const SECRETS_KEY = randomBytes(32).toString("hex");
let asc: AscServer;
let server: Awaited<ReturnType<typeof startInProcess>>;
let workers: ReturnType<typeof workerProcesses>;

const startWorkerProcess = () =>
  workers.start(
    {
      ...mallEnv(asc),
      SECRETS_KEY,
      MALL_LEASE_SECONDS: "5",
    },
    30_000,
  );

beforeAll(async () => {
  asc = await startAscServer();
  server = await startInProcess({
    ...mallEnv(asc),
    SECRETS_KEY,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  workers = workerProcesses(server);
}, 120_000);
afterAll(async () => {
  workers?.killAll();
  await server?.stopAll();
  await asc?.close();
});

describe("a worker killed halfway through a fulfilment", () => {
  it("kill -9 after the device registration: a new worker resumes, one registration, one profile, one charge", async () => {
    const admin = client(server.url);
    const adminToken = (await admin.login("admin", server.adminPassword)).token;
    const account = await addAccount(server.url, admin, adminToken, asc, "账号");
    const { planId } = await addPackage(admin, { price: 30 });
    const u = await newUser(server.url, "kill_user");
    const udid = newUdid();
    const [d] = await server.services.db.query(
      `INSERT INTO devices (user_id, udid, bound_at) VALUES ($1, $2, now()) RETURNING id`,
      [u.id, udid],
    );
    await adjustBalance(admin, u.id, 100);

    const first = await startWorkerProcess();
    // App Store Connect takes 3 s to make the profile: the worker dies meanwhile.
    asc.fault("POST", "/v1/profiles", { delayMs: 3000 });
    const r = await u.c.rest("POST", "/api/certificate-mall/buy", { plan_id: planId, device_id: d.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const orderNo = r.body.data.order_no;
    const row = async () =>
      (await server.services.db.query(`SELECT * FROM mall_orders WHERE order_no = $1`, [orderNo]))[0];
    // Wait until the device is registered and the profile request is under way, then SIGKILL.
    for (
      let i = 0;
      !(await row()).asc_device_id || !asc.requests.some((q) => q.method === "GET" && q.path === "/v1/certificates");
      i++
    ) {
      if (i > 300) throw new Error("the worker never got to the profile");
      await new Promise((res) => setTimeout(res, 50));
    }
    await new Promise((res) => setTimeout(res, 300));
    first.kill("SIGKILL");
    await new Promise((res) => first.once("exit", res));
    const halfway = await row();
    expect(halfway.status).toBe("fulfilling");
    expect(halfway.lease_until).not.toBeNull();
    expect(asc.registrations(udid)).toBe(1);

    // A new worker; the order stays held until its lease runs out, then the sweep (every minute in production,
    // called here once the lease has expired) puts it back on the queue.
    await startWorkerProcess();
    await new Promise((res) => setTimeout(res, 3500)); // the profile made by the killed run's request exists by now
    for (let i = 0; new Date((await row()).lease_until).getTime() > Date.now(); i++)
      await new Promise((res) => setTimeout(res, 200));
    expect((await server.services.mall.sweep()).enqueued).toBeGreaterThanOrEqual(1);
    const until = Date.now() + 60_000;
    while ((await row()).status !== "delivered") {
      if (Date.now() > until) throw new Error(`not delivered: ${JSON.stringify(await row())}`);
      await new Promise((res) => setTimeout(res, 100));
    }

    const done = await row();
    expect(asc.registrations(udid)).toBe(1);
    expect(asc.team(account.teamId).profiles.filter((p) => p.name === `GRYX ${orderNo}`)).toHaveLength(1);
    expect(done.asc_profile_id).toBe(asc.team(account.teamId).profiles[0].id);
    expect(
      await server.services.db.query(`SELECT id FROM certificates WHERE mall_order_id = $1`, [done.id]),
    ).toHaveLength(1);
    expect((await u.c.rest("GET", "/api/payments/balance")).body.data.balance).toBe(70);
    await expectLedgerMatches(server.services.db, u.id);
    const logs = await server.services.db.query(`SELECT message FROM mall_order_logs WHERE order_id = $1 ORDER BY id`, [
      done.id,
    ]);
    expect(
      logs.map((l: { message: string }) => l.message).filter((m: string) => m.startsWith("已注册设备")),
    ).toHaveLength(1);
  }, 150_000);
});
