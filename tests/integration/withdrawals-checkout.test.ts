import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { signedNotify, startSandbox, type Sandbox } from "../support/epay-sandbox";
import { adjustBalance, createShare, expectLedgerMatches, newUser as newUserOn } from "../support/shop";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let sandbox: Sandbox;
let admin: Client;
let methodId: number;

const newUser = (username: string) => newUserOn(server.url, username);
const share = (name: string, fee: number) => createShare(admin, name, fee);
const adjust = (userId: number, amount: number) => adjustBalance(admin, userId, amount);
const balance = async (c: Client) =>
  (await c.rest("GET", "/api/payments/balance")).body.data as { balance: number; frozen: number };
const ledgerMatches = (userId: number) => expectLedgerMatches(server.services.db, userId);
const sendNotify = async (params: Record<string, string>) =>
  (await fetch(`${server.url}/api/payments/callback/epay?${new URLSearchParams(params)}`)).text();
const owns = async (c: Client, id: number) =>
  (await c.rest("GET", `/api/settings/purchase-status/${id}?kind=resource-share`)).body.data.purchased as boolean;

beforeAll(async () => {
  sandbox = await startSandbox();
  server = await startInProcess({
    PAYMENT_SANDBOX_URL: sandbox.url,
    PAYMENT_SANDBOX_PID: sandbox.pid,
    PAYMENT_SANDBOX_KEY: sandbox.key,
  });
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
  methodId = (await admin.rest("GET", "/api/payments/methods")).body.data[0].id;
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
  await sandbox?.stop();
});

describe("recharge orders in the order list", () => {
  it("a recharge is an order of kind recharge: pending, then fulfilled when credited; its owner sees it, others get 404; it cannot be refunded to the balance", async () => {
    const u = await newUser("rc_list");
    const other = await newUser("rc_other");
    const r = await u.c.rest("POST", "/api/payments/recharge", { amount: 12.5, method: methodId });
    const orderNo: string = r.body.data.order_no;
    const list = await u.c.rest("GET", "/api/users/orders?kind=recharge");
    expect(list.body.data.orders).toEqual([
      expect.objectContaining({ order_no: orderNo, kind: "recharge", status: "pending", amount: 12.5 }),
    ]);
    expect((await other.c.rest("GET", `/api/users/orders/${orderNo}`)).status).toBe(404);

    expect(await sendNotify(signedNotify(sandbox, orderNo, "12.50"))).toBe("success");
    const mine = await u.c.rest("GET", `/api/users/orders/${orderNo}`);
    expect(mine.body.data).toMatchObject({ order_no: orderNo, kind: "recharge", status: "fulfilled", amount: 12.5 });
    expect((await u.c.rest("GET", `/api/payments/status/${orderNo}`)).body.data.status).toBe("paid");

    const admins = await admin.rest("GET", `/api/admin/orders?search=${orderNo}`);
    expect(admins.body.data.orders).toHaveLength(1);
    const refund = await admin.rest("POST", `/api/admin/orders/${admins.body.data.orders[0].id}/refund`, {
      reason: "测试",
    });
    expect(refund.status).toBe(400);
    expect(refund.body.code).toBe("ORDER_REFUND_KIND");
    expect((await balance(u.c)).balance).toBe(12.5);
    expect(await ledgerMatches(u.id)).toBe(1250);
  });

  it("a recharge order that closes unpaid closes in the order list too", async () => {
    const u = await newUser("rc_close");
    const orderNo: string = (await u.c.rest("POST", "/api/payments/recharge", { amount: 3, method: methodId })).body
      .data.order_no;
    await server.services.db.query(
      `UPDATE payment_orders SET created_at = now() - interval '20 minutes' WHERE order_no = $1`,
      [orderNo],
    );
    // The purchases' close job leaves recharge orders alone: their gateway is asked first, by payments.
    await server.services.orders.closeExpired(new Date(Date.now() + 3600_000));
    expect((await u.c.rest("GET", `/api/users/orders/${orderNo}`)).body.data.status).toBe("pending");
    expect((await server.services.payments.closeExpired()).closed).toBeGreaterThanOrEqual(1);
    expect((await u.c.rest("GET", `/api/users/orders/${orderNo}`)).body.data.status).toBe("closed");
    expect(await sendNotify(signedNotify(sandbox, orderNo, "3.00"))).toBe("fail");
    expect((await balance(u.c)).balance).toBe(0);
  });
});

describe("create-order and create (pay a pending order)", () => {
  it("opens a pending order and pays it from the wallet once; refusals change nothing", async () => {
    const u = await newUser("co_wallet");
    const item = await share("待付资源", 4);
    const free = await share("免费资源A", 0);
    expect((await u.c.rest("POST", "/api/payments/create-order", { kind: "resource-share", id: free })).body.code).toBe(
      "ORDER_ITEM_FREE",
    );
    expect((await u.c.rest("POST", "/api/payments/create-order", { kind: "nope", id: item })).body.code).toBe(
      "PURCHASE_KIND_INVALID",
    );
    const created = await u.c.rest("POST", "/api/payments/create-order", { kind: "resource-share", id: item });
    expect(created.status).toBe(200);
    const orderNo: string = created.body.data.order_no;
    expect(created.body.data).toMatchObject({ status: "pending", kind: "resource-share", amount: 4 });

    // Short balance: refused, the order stays pending and nothing is written.
    const short = await u.c.rest("POST", "/api/payments/create", { order_no: orderNo, method: "wallet" });
    expect([short.status, short.body.code]).toEqual([400, "WALLET_INSUFFICIENT_BALANCE"]);
    expect((await u.c.rest("GET", `/api/users/orders/${orderNo}`)).body.data.status).toBe("pending");
    expect(await owns(u.c, item)).toBe(false);

    await adjust(u.id, 10);
    const other = await newUser("co_other");
    expect((await other.c.rest("POST", "/api/payments/create", { order_no: orderNo, method: "wallet" })).status).toBe(
      404,
    );
    // Twenty concurrent payments of one order: one pays.
    const tries = await Promise.all(
      Array.from({ length: 20 }, () =>
        u.c.rest("POST", "/api/payments/create", { order_no: orderNo, method: "wallet" }),
      ),
    );
    expect(tries.filter((t) => t.status === 200)).toHaveLength(1);
    expect(new Set(tries.filter((t) => t.status !== 200).map((t) => t.body.code))).toEqual(
      new Set(["ORDER_TRANSITION_INVALID"]),
    );
    expect((await u.c.rest("GET", `/api/users/orders/${orderNo}`)).body.data.status).toBe("fulfilled");
    expect(await owns(u.c, item)).toBe(true);
    expect((await balance(u.c)).balance).toBe(6);
    expect(await ledgerMatches(u.id)).toBe(600);
    // Owned now: a second order for it is refused.
    expect((await u.c.rest("POST", "/api/payments/create-order", { kind: "resource-share", id: item })).body.code).toBe(
      "ORDER_ALREADY_PURCHASED",
    );
  });

  it("pays a pending order through the gateway: the notify credits the amount and pays the order in one step, once", async () => {
    const u = await newUser("co_gateway");
    const item = await share("网关资源", 7.5);
    const orderNo: string = (await u.c.rest("POST", "/api/payments/create-order", { kind: "resource-share", id: item }))
      .body.data.order_no;
    const r = await u.c.rest("POST", "/api/payments/create", { order_no: orderNo, method: methodId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ paid: false, order_no: orderNo, amount: 7.5 });
    const payUrl = new URL(r.body.data.pay_url);
    expect(payUrl.searchParams.get("money")).toBe("7.50");
    expect(payUrl.searchParams.get("return_url")).toMatch(new RegExp(`/order/${orderNo}$`));
    const paymentNo: string = r.body.data.payment_no;
    expect(paymentNo).toBe(payUrl.searchParams.get("out_trade_no"));

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sendNotify(signedNotify(sandbox, paymentNo, "7.50"))),
    );
    expect(answers.every((a) => a === "success")).toBe(true);
    expect((await u.c.rest("GET", `/api/users/orders/${orderNo}`)).body.data).toMatchObject({
      status: "fulfilled",
      pay_method: "epay",
    });
    expect(await owns(u.c, item)).toBe(true);
    expect((await balance(u.c)).balance).toBe(0);
    const rows = await server.services.db.query(
      `SELECT type, amount_fen::int AS a FROM wallet_ledger WHERE user_id = $1 ORDER BY id`,
      [u.id],
    );
    expect(rows).toEqual([
      { type: "recharge", a: 750 },
      { type: "purchase", a: -750 },
    ]);
    expect(await ledgerMatches(u.id)).toBe(0);
  });

  it("a gateway payment for an order that can no longer be paid keeps the money in the wallet", async () => {
    const u = await newUser("co_late");
    const item = await share("晚到资源", 3);
    const orderNo: string = (await u.c.rest("POST", "/api/payments/create-order", { kind: "resource-share", id: item }))
      .body.data.order_no;
    const paymentNo: string = (await u.c.rest("POST", "/api/payments/create", { order_no: orderNo, method: methodId }))
      .body.data.payment_no;
    await server.services.db.query(`UPDATE orders SET created_at = now() - interval '20 minutes' WHERE order_no = $1`, [
      orderNo,
    ]);
    await server.services.orders.closeExpired();
    expect(await sendNotify(signedNotify(sandbox, paymentNo, "3.00"))).toBe("success");
    expect((await u.c.rest("GET", `/api/users/orders/${orderNo}`)).body.data.status).toBe("closed");
    expect(await owns(u.c, item)).toBe(false);
    expect((await balance(u.c)).balance).toBe(3);
    expect(await ledgerMatches(u.id)).toBe(300);
  });
});

describe("withdrawals", () => {
  const body = { channel: "alipay", account: "payee@example.com", real_name: "张三" };

  it("refuses bad amounts, channels and accounts with clear codes, changing nothing", async () => {
    const u = await newUser("wd_bad");
    await adjust(u.id, 50);
    for (const amount of [-1, 0, "abc", 1.234, 0.5, 1e12, null]) {
      const r = await u.c.rest("POST", "/api/payments/withdraw", { ...body, amount });
      expect([r.status, r.body.code], String(amount)).toEqual([400, "WITHDRAW_AMOUNT_INVALID"]);
    }
    expect(
      (await u.c.rest("POST", "/api/payments/withdraw", { ...body, amount: 5, channel: "paypal" })).body.code,
    ).toBe("WITHDRAW_CHANNEL_INVALID");
    expect((await u.c.rest("POST", "/api/payments/withdraw", { ...body, amount: 5, account: "" })).body.code).toBe(
      "WITHDRAW_ACCOUNT_INVALID",
    );
    expect((await u.c.rest("POST", "/api/payments/withdraw", { ...body, amount: 5, real_name: "1" })).body.code).toBe(
      "WITHDRAW_ACCOUNT_INVALID",
    );
    const over = await u.c.rest("POST", "/api/payments/withdraw", { ...body, amount: 50.01 });
    expect([over.status, over.body.code]).toEqual([400, "WALLET_INSUFFICIENT_BALANCE"]);
    expect(await balance(u.c)).toEqual({ balance: 50, frozen: 0 });
    expect(
      (await server.services.db.query(`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1`, [u.id]))[0].n,
    ).toBe(0);
    expect((await client(server.url).rest("POST", "/api/payments/withdraw", { ...body, amount: 5 })).status).toBe(401);
  });

  it("freezes the amount; concurrent requests never overdraw; at most 3 wait at once", async () => {
    const u = await newUser("wd_race");
    await adjust(u.id, 20);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => u.c.rest("POST", "/api/payments/withdraw", { ...body, amount: 8 })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(2);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.body.code))).toEqual(
      new Set(["WALLET_INSUFFICIENT_BALANCE"]),
    );
    expect(await balance(u.c)).toEqual({ balance: 4, frozen: 16 });
    expect(await ledgerMatches(u.id)).toBe(400);
    expect((await u.c.rest("POST", "/api/payments/withdraw", { ...body, amount: 1 })).status).toBe(200);
    const fourth = await u.c.rest("POST", "/api/payments/withdraw", { ...body, amount: 1 });
    expect([fourth.status, fourth.body.code]).toEqual([409, "WITHDRAW_TOO_MANY_PENDING"]);
    const mine = await u.c.rest("GET", "/api/payments/withdrawals");
    expect(mine.body.data.withdrawals).toHaveLength(3);
    expect(mine.body.data.withdrawals[0]).toMatchObject({
      status: "pending",
      amount: 1,
      channel: "alipay",
      real_name: "张三",
    });
    const tx = await u.c.rest("GET", "/api/payments/transactions?type=withdraw");
    expect(tx.body.data.transactions).toHaveLength(3);
  });

  it("an admin approves (the money stays out) or rejects (it returns), each once; users cannot review", async () => {
    const u = await newUser("wd_review");
    await adjust(u.id, 30);
    const a = (await u.c.rest("POST", "/api/payments/withdraw", { ...body, amount: 10 })).body.data;
    const b = (
      await u.c.rest("POST", "/api/payments/withdraw", {
        ...body,
        amount: 15,
        channel: "bank",
        account: "6222020202020202",
      })
    ).body.data;
    expect(a.withdraw_no).toMatch(/^W\d{14,}$/);
    expect((await u.c.rest("POST", `/api/admin/payments/withdrawals/${a.id}/approve`, {})).status).toBe(403);
    const list = await admin.rest("GET", `/api/admin/payments/withdrawals?status=pending&search=wd_review`);
    expect(list.body.data.withdrawals.map((w: { id: number }) => w.id).sort()).toEqual([a.id, b.id].sort());

    const approvals = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.rest("POST", `/api/admin/payments/withdrawals/${a.id}/approve`, { payout_ref: "ALI2026112400001" }),
      ),
    );
    expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(approvals.filter((r) => r.status !== 200).map((r) => r.body.code))).toEqual(
      new Set(["WITHDRAW_NOT_PENDING"]),
    );
    expect(await balance(u.c)).toEqual({ balance: 5, frozen: 15 });

    expect((await admin.rest("POST", `/api/admin/payments/withdrawals/${b.id}/reject`, { reason: "" })).body.code).toBe(
      "WALLET_REASON_REQUIRED",
    );
    const rejects = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.rest("POST", `/api/admin/payments/withdrawals/${b.id}/reject`, { reason: "账户信息有误" }),
      ),
    );
    expect(rejects.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balance(u.c)).toEqual({ balance: 20, frozen: 0 });
    expect(
      (await admin.rest("POST", `/api/admin/payments/withdrawals/${a.id}/reject`, { reason: "晚了" })).body.code,
    ).toBe("WITHDRAW_NOT_PENDING");
    expect((await admin.rest("POST", `/api/admin/payments/withdrawals/999999/approve`, {})).status).toBe(404);
    const rows = await server.services.db.query(
      `SELECT type, amount_fen::int AS a, note FROM wallet_ledger WHERE user_id = $1 AND type LIKE 'withdraw%' ORDER BY id`,
      [u.id],
    );
    expect(rows.map((r: { type: string; a: number }) => [r.type, r.a])).toEqual([
      ["withdraw", -1000],
      ["withdraw", -1500],
      ["withdraw_return", 1500],
    ]);
    expect(await ledgerMatches(u.id)).toBe(2000);
    const mine = (await u.c.rest("GET", "/api/payments/withdrawals")).body.data.withdrawals;
    expect(mine.find((w: { id: number }) => w.id === a.id)).toMatchObject({
      status: "approved",
      payout_ref: "ALI2026112400001",
    });
    expect(mine.find((w: { id: number }) => w.id === b.id)).toMatchObject({
      status: "rejected",
      review_note: "账户信息有误",
    });
    // 站内消息: the admin's adjustment, the approval and the rejection, once each however many admins clicked.
    const inbox = await u.c.gql(
      `{ myNotifications(page: 1, pageSize: 20) { total unread items { kind title body link } } }`,
    );
    const items: { kind: string; title: string; body: string }[] = inbox.body.data.myNotifications.items;
    expect(items.map((n) => [n.kind, n.title])).toEqual([
      ["withdraw-rejected", "提现 ¥15.00 被驳回"],
      ["withdraw-approved", "提现 ¥10.00 已通过"],
      ["wallet-adjust", "余额增加 ¥30.00"],
    ]);
    expect(items[0].body).toContain("账户信息有误");
    expect(items[1].body).toContain("ALI2026112400001");
  });
});
