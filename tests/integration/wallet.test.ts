import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { client, startInProcess } from "../support/inprocess";
import { ledgerTotals } from "../support/ledger";
import { newUser as newUserOn } from "../support/shop";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;

const newUser = (username: string) => newUserOn(server.url, username);

const ledgerSum = (userId: number) => ledgerTotals(server.services.db, userId);

beforeAll(async () => {
  server = await startInProcess();
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
});
afterAll(async () => server?.stopAll());

describe("WalletService", () => {
  it("credits and debits in fen with a ledger row each, refusing a debit the balance cannot cover", async () => {
    const u = await newUser("wallet_svc");
    const w = server.services.wallet;
    expect(await w.balanceFen(u.id)).toBe(0);
    await expect(w.debit(u.id, 1, { type: "purchase" })).rejects.toMatchObject({ code: "WALLET_INSUFFICIENT_BALANCE" });
    const c = await w.credit(u.id, 1234, { type: "recharge", orderNo: "20261123000001", note: "充值" });
    expect(c).toMatchObject({ balanceFen: 1234, amountFen: 1234, type: "recharge", orderNo: "20261123000001" });
    await expect(w.debit(u.id, 1235, { type: "purchase" })).rejects.toMatchObject({
      code: "WALLET_INSUFFICIENT_BALANCE",
    });
    expect((await w.debit(u.id, 234, { type: "purchase" })).balanceFen).toBe(1000);
    await expect(w.credit(u.id, 0, { type: "recharge" })).rejects.toMatchObject({ code: "WALLET_AMOUNT_INVALID" });
    await expect(w.credit(u.id, 1.5, { type: "recharge" })).rejects.toMatchObject({ code: "WALLET_AMOUNT_INVALID" });
    expect(await ledgerSum(u.id)).toEqual({ sum: 1000, balance: 1000 });
    const rows = await server.services.db.query(
      `SELECT type, amount_fen, balance_after_fen FROM wallet_ledger WHERE user_id = $1 ORDER BY id`,
      [u.id],
    );
    expect(rows.map((r: any) => [r.type, Number(r.amount_fen), Number(r.balance_after_fen)])).toEqual([
      ["recharge", 1234, 1234],
      ["purchase", -234, 1000],
    ]);
  });

  it("joins a caller's transaction: a rollback leaves nothing, a commit keeps the change", async () => {
    const u = await newUser("wallet_tx");
    const w = server.services.wallet;
    await expect(
      server.services.db.transaction(async (m) => {
        await w.credit(u.id, 500, { type: "recharge" }, m);
        throw new Error("crash between verify and credit");
      }),
    ).rejects.toThrow("crash");
    expect(await ledgerSum(u.id)).toEqual({ sum: 0, balance: 0 });
    await server.services.db.transaction(async (m) => {
      await w.credit(u.id, 500, { type: "recharge" }, m);
      await w.debit(u.id, 200, { type: "purchase" }, m);
    });
    expect(await ledgerSum(u.id)).toEqual({ sum: 300, balance: 300 });
  });

  it("the ledger sum equals the balance after 200 concurrent changes", async () => {
    const u = await newUser("wallet_race");
    const w = server.services.wallet;
    await w.credit(u.id, 1000, { type: "recharge" });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 ? w.credit(u.id, 7, { type: "refund" }) : w.debit(u.id, 13, { type: "purchase" }),
      ),
    );
    const failed = results.filter((r) => r.status === "rejected");
    for (const f of failed) expect((f as PromiseRejectedResult).reason.code).toBe("WALLET_INSUFFICIENT_BALANCE");
    const s = await ledgerSum(u.id);
    expect(s.sum).toBe(s.balance);
    expect(s.balance).toBe(1000 + 100 * 7 - (100 - failed.length) * 13);
  });
});

describe("REST and GraphQL", () => {
  it("balance in yuan; admin adjustment needs a reason, is admin-only and shows in the ledger", async () => {
    const u = await newUser("wallet_rest");
    expect((await u.c.rest("GET", "/api/users/wallet/balance")).body.data).toEqual({ balance: 0 });
    expect((await client(server.url).rest("GET", "/api/users/wallet/balance")).status).toBe(401);
    const noReason = await admin.rest("POST", `/api/admin/users/${u.id}/wallet/adjust`, { amount: 10.5, reason: " " });
    expect([noReason.status, noReason.body.code]).toEqual([400, "WALLET_REASON_REQUIRED"]);
    const bad = await admin.rest("POST", `/api/admin/users/${u.id}/wallet/adjust`, { amount: "1.234", reason: "补偿" });
    expect(bad.body.code).toBe("WALLET_AMOUNT_INVALID");
    const byUser = await u.c.rest("POST", `/api/admin/users/${u.id}/wallet/adjust`, {
      amount: 100,
      reason: "自己加钱",
    });
    expect(byUser.status).toBe(403);
    const ok = await admin.rest("POST", `/api/admin/users/${u.id}/wallet/adjust`, { amount: 10.5, reason: "补偿" });
    expect(ok.body.data.balance).toBe(10.5);
    const tooMuch = await admin.gql(
      `mutation($id: ID!) { adminAdjustWallet(userId: $id, amount: "-10.51", reason: "扣回") { balance } }`,
      { id: String(u.id) },
    );
    expect(tooMuch.body.errors?.[0]?.extensions?.code).toBe("WALLET_INSUFFICIENT_BALANCE");
    const minus = await admin.gql(
      `mutation($id: ID!) { adminAdjustWallet(userId: $id, amount: "-0.5", reason: "扣回") { balance amount type } }`,
      { id: String(u.id) },
    );
    expect(minus.body.data.adminAdjustWallet).toEqual({ balance: 10, amount: -0.5, type: "admin_adjust" });
    expect((await u.c.rest("GET", "/api/users/wallet/balance")).body.data.balance).toBe(10);
    const tx = await u.c.rest("GET", "/api/users/wallet/transactions?type=admin_adjust");
    expect(tx.body.data.total).toBe(2);
    expect(tx.body.data.transactions.map((t: any) => t.amount)).toEqual([-0.5, 10.5]);
    expect(tx.body.data.transactions[1].note).toContain("补偿");
    expect((await u.c.rest("GET", "/api/users/wallet/transactions?type=bogus")).body.code).toBe(
      "WALLET_LEDGER_TYPE_INVALID",
    );
    const mine = await u.c.gql(`{ myWallet { balance } myWalletTransactions(type: "purchase") { total } }`);
    expect(mine.body.data).toEqual({ myWallet: { balance: 10 }, myWalletTransactions: { total: 0 } });
    const records = await admin.rest("GET", `/api/admin/consumption-records?user=wallet_rest`);
    expect(records.body.data.total).toBe(2);
    const day = (offset: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(
        new Date(Date.now() + offset * 86_400_000),
      );
    const inDays = async (from: string, to: string) =>
      (await admin.rest("GET", `/api/admin/consumption-records?user=wallet_rest&from=${from}&to=${to}`)).body.data
        .total;
    expect(await inDays(day(0), day(0))).toBe(2);
    expect(await inDays(day(-2), day(-1))).toBe(0);
    expect(await inDays(day(1), day(2))).toBe(0);
    expect((await admin.rest("GET", `/api/admin/consumption-records?from=2026-02-30`)).body.code).toBe("BAD_REQUEST");
    expect((await u.c.rest("GET", `/api/admin/consumption-records`)).status).toBe(403);
    const csv = await admin.rest("GET", `/api/admin/consumption-records/export?user=wallet_rest&type=admin_adjust`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.body.raw
      .replace(/^\ufeff/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("ID,用户ID,用户名,类型,金额,变动后余额,订单号,备注,时间");
    expect(lines.length).toBe(3);
    expect(lines[1]).toContain(",wallet_rest,余额调整,-0.50,10.00,,");
    expect((await u.c.rest("GET", `/api/admin/consumption-records/export`)).status).toBe(403);
  });

  it("walletChanged gives the owner the balance now, then each change, and never another user's", async () => {
    const u = await newUser("wallet_ws");
    const other = await newUser("wallet_ws_other");
    const ws = createClient({
      url: server.url.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${u.token}` },
      retryAttempts: 0,
    });
    const values: any[] = [];
    let wake: () => void = () => undefined;
    const ready = once(server.wsActivity, "subscribed");
    ws.subscribe(
      { query: `subscription { walletChanged { balance amount type orderNo } }` },
      {
        next: (v) => (values.push(v.data?.walletChanged ?? v), wake()),
        error: (e) => values.push({ error: e }),
        complete: () => undefined,
      },
    );
    await ready;
    const until = async (n: number) => {
      const deadline = Date.now() + 10_000;
      while (values.length < n && Date.now() < deadline)
        await new Promise<void>((r) => ((wake = r), setTimeout(r, 200)));
    };
    await until(1);
    expect(values[0]).toEqual({ balance: 0, amount: 0, type: null, orderNo: null });
    await admin.rest("POST", `/api/admin/users/${other.id}/wallet/adjust`, { amount: 3, reason: "别人" });
    await admin.rest("POST", `/api/admin/users/${u.id}/wallet/adjust`, { amount: 2.5, reason: "活动奖励" });
    await until(2);
    expect(values.slice(1)).toEqual([{ balance: 2.5, amount: 2.5, type: "admin_adjust", orderNo: null }]);
    await ws.dispose();
    const guest = await client(server.url).gql(`subscription { walletChanged { balance } }`);
    expect(guest.body.errors?.length).toBeGreaterThan(0);
  });
});
