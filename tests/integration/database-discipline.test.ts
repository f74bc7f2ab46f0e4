/**
 * Database discipline (issue 19, item 2): a burst of reviews on one withdrawal never hangs the server, every pool
 * connection carries the statement, lock and idle-in-transaction timeouts, the pool is never used inside one of its
 * transactions, and while the database is unreachable REST answers 503 with Retry-After and GraphQL the code
 * DATABASE_UNAVAILABLE, not 500; once it is back everything answers again.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { createTestDatabase } from "../support/db";
import { adjustBalance, expectLedgerMatches, newUser } from "../support/shop";
import { pollUntil } from "../support/wait";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;

/** A TCP proxy in front of PostgreSQL that a test can cut (the database becomes unreachable) and restore. */
async function databaseProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const make = () =>
    net.createServer((inbound) => {
      const outbound = net.connect(Number(target.port), target.hostname);
      for (const s of [inbound, outbound]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      inbound.pipe(outbound).pipe(inbound);
    });
  let server = make();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async cut() {
      await new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      });
    },
    async restore() {
      server = make();
      await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    },
    close: () => new Promise<void>((r) => (server.listening ? server.close(() => r()) : r())),
  };
}

describe("a burst of reviews on one withdrawal", () => {
  let server: Server;
  let admin: Client;
  beforeAll(async () => {
    // A small pool, so that a transaction waiting for a second connection would starve it at once.
    server = await startInProcess({
      DB_POOL_MAX: "6",
      DB_LOCK_TIMEOUT_MS: "4000",
      DB_STATEMENT_TIMEOUT_MS: "20000",
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: "15000",
    });
    admin = client(server.url);
    await admin.login("admin", server.adminPassword);
  }, 120_000);
  afterAll(async () => {
    await server?.stopAll();
  });

  it("every connection carries the configured timeouts", async () => {
    const [row] = await server.services.db.query(
      `SELECT current_setting('lock_timeout') AS l, current_setting('statement_timeout') AS s, current_setting('idle_in_transaction_session_timeout') AS i`,
    );
    expect(row).toEqual({ l: "4s", s: "20s", i: "15s" });
  });

  it("the pool used inside a transaction throws (tests run with the guard)", async () => {
    const db = server.services.db;
    await expect(db.transaction(async () => db.query(`SELECT 1`))).rejects.toThrow(
      /pool was used inside a transaction/,
    );
    await expect(db.transaction(async (m) => m.query(`SELECT 1 AS one`))).resolves.toEqual([{ one: 1 }]);
  });

  it("40 concurrent approve/reject calls: exactly one wins, the rest are told it was handled, health answers, nothing is left idle in a transaction", async () => {
    const u = await newUser(server.url, "burst_wd");
    await adjustBalance(admin, u.id, 100);
    const w = (
      await u.c.rest("POST", "/api/payments/withdraw", {
        amount: 60,
        channel: "alipay",
        account: "payee@example.com",
        real_name: "张三",
      })
    ).body.data;
    let reviewsDone = false;
    const reviews = Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? admin.rest("POST", `/api/admin/payments/withdrawals/${w.id}/approve`, { payout_ref: `P${i}` })
          : admin.rest("POST", `/api/admin/payments/withdrawals/${w.id}/reject`, { reason: `驳回${i}` }),
      ),
    ).finally(() => (reviewsDone = true));
    // Health keeps answering while the burst runs.
    const health: number[] = [];
    while (!reviewsDone) {
      const h = await fetch(`${server.url}/api/health`);
      await h.arrayBuffer();
      health.push(h.status);
    }
    const results = await reviews;
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s < 500)).toBe(true);
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    const lost = results.filter((r) => r.status !== 200);
    expect(lost.map((r) => [r.status, r.body.code])).toEqual(lost.map(() => [409, "WITHDRAW_NOT_PENDING"]));
    expect(lost.every((r) => r.body.message === "该提现申请已处理")).toBe(true);

    const final = won[0].body.data.status as string;
    expect(["approved", "rejected"]).toContain(final);
    const { balance, frozen } = (await u.c.rest("GET", "/api/payments/balance")).body.data;
    expect({ balance, frozen }).toEqual(
      final === "rejected" ? { balance: 100, frozen: 0 } : { balance: 40, frozen: 0 },
    );
    await expectLedgerMatches(server.services.db, u.id);
    const idle = await server.services.db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(idle[0].n).toBe(0);
    expect((await fetch(`${server.url}/api/health`)).status).toBeLessThan(500);
  });
});

describe("while the database is unreachable", () => {
  let server: Server;
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let user: Awaited<ReturnType<typeof newUser>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    const real = new URL(db.url);
    proxy = await databaseProxy(real);
    const viaProxy = new URL(db.url);
    viaProxy.port = String(proxy.port);
    viaProxy.hostname = "127.0.0.1";
    server = await startInProcess({ DATABASE_URL: viaProxy.toString(), DB_ACQUIRE_TIMEOUT_MS: "3000" });
    user = await newUser(server.url, "outage_user");
  }, 120_000);
  afterAll(async () => {
    await server?.stopAll();
    await proxy?.close();
    await db?.drop();
  });

  it("REST answers 503 with Retry-After and a Chinese message, GraphQL the code DATABASE_UNAVAILABLE; all is well once it is back", async () => {
    await proxy.cut();
    try {
      for (const r of [
        await client(server.url).rest("GET", "/api/app-types"),
        await user.c.rest("GET", "/api/payments/balance"), // the session lookup itself fails
        await client(server.url).rest("POST", "/api/auth/login", { username: "outage_user", password: "secret1" }),
      ]) {
        expect(r.status).toBe(503);
        expect(r.headers.get("retry-after")).toBe("5");
        expect(r.body).toMatchObject({ success: false, code: "DATABASE_UNAVAILABLE" });
        expect(r.body.message).toMatch(/数据库/);
      }
      const guest = await client(server.url).gql(`{ categories { id } }`);
      expect(guest.body.errors?.[0]?.extensions?.code).toBe("DATABASE_UNAVAILABLE");
      const authed = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ query: `{ me { id } }` }),
      });
      expect(authed.status).toBe(503);
      expect(authed.headers.get("retry-after")).toBe("5");
      expect(((await authed.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe(
        "DATABASE_UNAVAILABLE",
      );
    } finally {
      await proxy.restore();
    }
    await pollUntil(async () => (await user.c.rest("GET", "/api/payments/balance")).status === 200, 30_000);
    expect((await client(server.url).rest("GET", "/api/app-types")).status).toBe(200);
  });
});
