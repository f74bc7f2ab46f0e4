import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { md5sign, signedNotify, startSandbox, type Sandbox } from "../support/epay-sandbox";
import { JOB_QUEUE, JOB_SPECS, QUEUES } from "@gryx/contracts";
import { ledgerTotals } from "../support/ledger";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let sandbox: Sandbox;
let admin: Client;
let user: Client;
let other: Client;
let guest: Client;
let userId: number;
let sandboxMethodId: number;

function notify(
  orderNo: string,
  money: string,
  over: Record<string, string> = {},
  key = sandbox.key,
): Record<string, string> {
  return signedNotify(sandbox, orderNo, money, over, key);
}

async function sendNotify(params: Record<string, string>, method: "GET" | "POST" = "GET") {
  const qs = new URLSearchParams(params).toString();
  const res =
    method === "GET"
      ? await fetch(`${server.url}/api/payments/callback/epay?${qs}`)
      : await fetch(`${server.url}/api/payments/callback/epay`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: qs,
        });
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  return res.text();
}

const balance = async (c: Client = user) =>
  (await c.rest("GET", "/api/users/wallet/balance")).body.data.balance as number;
const ledger = async (uid = userId) =>
  (await server.services.db.query(
    `SELECT type, amount_fen::int AS amount, order_no FROM wallet_ledger WHERE user_id = $1 ORDER BY id`,
    [uid],
  )) as {
    type: string;
    amount: number;
    order_no: string;
  }[];
const ledgerMatchesBalance = async (uid = userId) => {
  const { sum, balance } = await ledgerTotals(server.services.db, uid);
  expect(sum).toBe(balance);
};
const orderRow = async (orderNo: string) =>
  (await server.services.db.query(`SELECT * FROM payment_orders WHERE order_no = $1`, [orderNo]))[0];
const orderCount = async () =>
  Number((await server.services.db.query(`SELECT count(*) AS n FROM payment_orders`))[0].n);
const status = async (orderNo: string, c: Client = user) => c.rest("GET", `/api/payments/status/${orderNo}`);

async function recharge(
  amount: unknown,
  method: unknown = sandboxMethodId,
  c: Client = user,
  headers: Record<string, string> = {},
) {
  return c.rest("POST", "/api/payments/recharge", { amount, method }, headers);
}

async function newOrder(amount = 10): Promise<{ orderNo: string; payUrl: URL }> {
  const r = await recharge(amount);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { orderNo: r.body.data.order_no, payUrl: new URL(r.body.data.pay_url) };
}

beforeAll(async () => {
  sandbox = await startSandbox();
  server = await startInProcess({
    PAYMENT_SANDBOX_URL: sandbox.url,
    PAYMENT_SANDBOX_PID: sandbox.pid,
    PAYMENT_SANDBOX_KEY: sandbox.key,
    SECRETS_KEY: "s".repeat(40),
  });
  admin = client(server.url);
  user = client(server.url);
  other = client(server.url);
  guest = client(server.url);
  await admin.login("admin", server.adminPassword);
  for (const [c, name] of [
    [user, "payer_one"],
    [other, "payer_two"],
  ] as const) {
    await c.rest("POST", "/api/auth/register", { username: name, password: "secret1" });
    const d = await c.login(name, "secret1");
    if (c === user) userId = d.user.id;
  }
  const methods = (await guest.rest("GET", "/api/payments/methods")).body.data;
  sandboxMethodId = methods.find((m: { name: string }) => m.name === "沙箱支付").id;
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
  await sandbox?.stop();
});

describe("payment methods", () => {
  it("configures the sandbox as 沙箱支付 and lists methods publicly as {id, name, channel} only", async () => {
    const r = await guest.rest("GET", "/api/payments/methods");
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([{ id: sandboxMethodId, name: "沙箱支付", channel: "alipay" }]);
    expect(JSON.stringify(r.body)).not.toContain(sandbox.key);
  });

  it("lets an admin create, update, disable and enable a method; the key is encrypted and never returned", async () => {
    const body = {
      name: "支付宝",
      channel: "alipay",
      gateway_url: "https://pay.example.test/",
      pid: "2002",
      key: "merchant-key-abcdef123456",
      min_amount: 1,
      max_amount: 500,
      enabled: true,
    };
    expect((await user.rest("POST", "/api/admin/payments/methods", body)).status).toBe(403);
    expect((await guest.rest("POST", "/api/admin/payments/methods", body)).status).toBe(401);
    const created = await admin.rest("POST", "/api/admin/payments/methods", body);
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(typeof id).toBe("number");
    const [row] = await server.services.db.query(`SELECT key_encrypted FROM payment_methods WHERE id = $1`, [id]);
    expect(row.key_encrypted).toMatch(/^v2:k1:/);
    expect(row.key_encrypted).not.toContain("merchant-key");
    const list = await admin.rest("GET", "/api/admin/payments/methods");
    const mine = list.body.data.find((m: { id: number }) => m.id === id);
    expect(mine).toMatchObject({
      name: "支付宝",
      channel: "alipay",
      pid: "2002",
      min_amount: 1,
      max_amount: 500,
      enabled: true,
    });
    expect(JSON.stringify(list.body)).not.toContain("merchant-key");

    // An update without a key keeps the stored key: the pay_url is still signed with it.
    expect(
      (await admin.rest("PUT", `/api/admin/payments/methods/${id}`, { name: "支付宝扫码", key: "" })).body.data.name,
    ).toBe("支付宝扫码");
    const r = await recharge(2, id);
    expect(r.status).toBe(200);
    const q = Object.fromEntries(new URL(r.body.data.pay_url).searchParams);
    expect(q.sign).toBe(md5sign(q, "merchant-key-abcdef123456"));
    expect(new URL(r.body.data.pay_url).origin + new URL(r.body.data.pay_url).pathname).toBe(
      "https://pay.example.test/submit.php",
    );

    expect((await admin.rest("POST", `/api/admin/payments/methods/${id}/disable`)).body.data.enabled).toBe(false);
    expect((await guest.rest("GET", "/api/payments/methods")).body.data.map((m: { id: number }) => m.id)).not.toContain(
      id,
    );
    const refused = await recharge(2, id);
    expect([refused.status, refused.body.code]).toEqual([400, "PAYMENT_METHOD_DISABLED"]);
    expect((await admin.rest("POST", `/api/admin/payments/methods/${id}/enable`)).body.data.enabled).toBe(true);
    // Left disabled so the public list stays the sandbox alone.
    await admin.rest("POST", `/api/admin/payments/methods/${id}/disable`);
  });

  it("refuses bad method input with codes", async () => {
    const ok = {
      name: "x",
      channel: "wxpay",
      gateway_url: "https://gw.test",
      pid: "1",
      key: "k1234567",
      min_amount: 1,
      max_amount: 10,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, channel: "paypal" }, "支付渠道无效，可选 alipay、wxpay、qqpay"],
      [{ ...ok, gateway_url: "ftp://gw.test" }, "网关地址无效，须为 http(s) 地址"],
      [{ ...ok, gateway_url: "javascript:alert(1)" }, "网关地址无效，须为 http(s) 地址"],
      [{ ...ok, min_amount: 20 }, "金额限制无效：最低金额须大于0且不高于最高金额"],
      [{ ...ok, min_amount: 0 }, "金额限制无效：最低金额须大于0且不高于最高金额"],
      [{ ...ok, key: "" }, "商户密钥无效"],
      [{ ...ok, pid: "" }, "商户号无效"],
    ];
    for (const [body, message] of cases) {
      const r = await admin.rest("POST", "/api/admin/payments/methods", body);
      expect([r.status, r.body.code, r.body.message], JSON.stringify(body)).toEqual([
        400,
        "PAYMENT_METHOD_INVALID",
        message,
      ]);
    }
    expect((await admin.rest("PUT", "/api/admin/payments/methods/999999", { name: "y" })).body.code).toBe(
      "PAYMENT_METHOD_NOT_FOUND",
    );
  });

  it("serves the same methods over GraphQL, with no way to read the key", async () => {
    const r = await admin.gql(
      `{ adminPaymentMethods { id name channel pid gatewayUrl minAmount maxAmount enabled } paymentMethods { id name channel } }`,
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.paymentMethods).toEqual([{ id: String(sandboxMethodId), name: "沙箱支付", channel: "alipay" }]);
    expect(r.body.data.adminPaymentMethods.find((m: { name: string }) => m.name === "沙箱支付")).toMatchObject({
      pid: sandbox.pid,
      gatewayUrl: sandbox.url,
      enabled: true,
    });
    const key = await admin.gql(`{ adminPaymentMethods { key } }`);
    expect(key.body.errors?.[0].message).toMatch(/Cannot query field "key"/);
  });
});

describe("recharge", () => {
  it("refuses bad amounts and methods with clear codes and creates no order", async () => {
    const before = await orderCount();
    const cases: [unknown, unknown, number, string, string][] = [
      [-1, sandboxMethodId, 400, "PAYMENT_AMOUNT_INVALID", "充值金额必须大于0"],
      [0, sandboxMethodId, 400, "PAYMENT_AMOUNT_INVALID", "充值金额必须大于0"],
      ["NaN", sandboxMethodId, 400, "PAYMENT_AMOUNT_INVALID", "充值金额无效，请输入数字"],
      ["abc", sandboxMethodId, 400, "PAYMENT_AMOUNT_INVALID", "充值金额无效，请输入数字"],
      [null, sandboxMethodId, 400, "PAYMENT_AMOUNT_INVALID", "充值金额无效，请输入数字"],
      [1.234, sandboxMethodId, 400, "PAYMENT_AMOUNT_INVALID", "充值金额最多保留两位小数"],
      ["1.234", sandboxMethodId, 400, "PAYMENT_AMOUNT_INVALID", "充值金额最多保留两位小数"],
      [1e12, sandboxMethodId, 400, "PAYMENT_AMOUNT_TOO_LARGE", "充值金额不能超过50000.00元"],
      [10, 999999, 404, "PAYMENT_METHOD_NOT_FOUND", "支付方式不存在"],
      [10, "abc", 404, "PAYMENT_METHOD_NOT_FOUND", "支付方式不存在"],
      [10, "", 404, "PAYMENT_METHOD_NOT_FOUND", "请选择支付方式"],
    ];
    for (const [amount, method, status, code, message] of cases) {
      const r = await recharge(amount, method);
      expect([r.status, r.body.code, r.body.message], `${String(amount)} via ${String(method)}`).toEqual([
        status,
        code,
        message,
      ]);
    }
    // The method's own limits
    const id = (
      await admin.rest("POST", "/api/admin/payments/methods", {
        name: "限额",
        channel: "qqpay",
        gateway_url: "https://gw.test",
        pid: "9",
        key: "k1234567",
        min_amount: 5,
        max_amount: 100,
      })
    ).body.data.id;
    expect((await recharge(4.99, id)).body).toMatchObject({
      code: "PAYMENT_AMOUNT_TOO_SMALL",
      message: "充值金额不能低于5.00元",
    });
    expect((await recharge(100.01, id)).body).toMatchObject({
      code: "PAYMENT_AMOUNT_TOO_LARGE",
      message: "充值金额不能超过100.00元",
    });
    await admin.rest("POST", `/api/admin/payments/methods/${id}/disable`);
    expect((await user.rest("POST", "/api/payments/recharge", { amount: 10 })).body).toMatchObject({
      code: "PAYMENT_METHOD_NOT_FOUND",
      message: "请选择支付方式",
    });
    expect((await guest.rest("POST", "/api/payments/recharge", { amount: 10, method: sandboxMethodId })).status).toBe(
      401,
    );
    expect(await orderCount()).toBe(before);
  });

  it("creates a pending order and a signed submit.php URL; only its owner sees the status", async () => {
    const { orderNo, payUrl } = await newOrder(12.5);
    expect(orderNo).toMatch(/^R\d{16}$/);
    expect(payUrl.origin + payUrl.pathname).toBe(`${sandbox.url}/submit.php`);
    const q = Object.fromEntries(payUrl.searchParams);
    expect(q).toMatchObject({
      pid: sandbox.pid,
      type: "alipay",
      out_trade_no: orderNo,
      notify_url: `${server.url}/api/payments/callback/epay`,
      return_url: `${server.url}/profile?order_no=${orderNo}`,
      money: "12.50",
      sign_type: "MD5",
    });
    expect(q.name).toBeTruthy();
    expect(q.sign).toBe(md5sign(q, sandbox.key));
    expect((await status(orderNo)).body.data.status).toBe("pending");
    // The wallet's path for the same call
    const viaWallet = await user.rest("POST", "/api/users/wallet/recharge", { amount: 1, method: sandboxMethodId });
    expect(viaWallet.body.data.order_no).toMatch(/^R\d{16}$/);
    expect(new URL(viaWallet.body.data.pay_url).searchParams.get("money")).toBe("1.00");
    const theirs = await status(orderNo, other);
    expect([theirs.status, theirs.body.code, theirs.body.message]).toEqual([
      404,
      "PAYMENT_ORDER_NOT_FOUND",
      "订单不存在",
    ]);
    expect((await status(orderNo, guest)).status).toBe(401);
  });
});

describe("recharge rate limit", () => {
  it("lets one user open at most 30 recharge orders in 10 minutes", async () => {
    const flood = client(server.url);
    await flood.rest("POST", "/api/auth/register", { username: "payer_flood", password: "secret1" });
    await flood.login("payer_flood", "secret1");
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await recharge(1, sandboxMethodId, flood));
    expect(answers.slice(0, 30).every((r) => r.status === 200)).toBe(true);
    expect([answers[30].status, answers[30].body.code, answers[30].body.message]).toEqual([
      429,
      "RATE_LIMITED",
      "充值下单过于频繁，请稍后再试",
    ]);
    expect(Number(answers[30].headers.get("retry-after"))).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await recharge(1)).status).toBe(200);
  });
});

describe("callback", () => {
  it("tops up end to end through the sandbox gateway's page and its 支付成功 button", async () => {
    const start = await balance();
    const { orderNo, payUrl } = await newOrder(10);
    const page = await fetch(payUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("支付成功");
    expect(html).toContain("¥10.00");
    expect(html).toContain(orderNo);
    const paid = await fetch(new URL("pay", payUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ out_trade_no: orderNo }).toString(),
      redirect: "manual",
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toContain(`${server.url}/profile?order_no=${orderNo}`);
    expect((await status(orderNo)).body.data.status).toBe("paid");
    expect(await balance()).toBe(start + 10);
    await ledgerMatchesBalance();
  });

  it("credits one notify replayed 100 times concurrently exactly once", async () => {
    const start = await balance();
    const { orderNo } = await newOrder(3.33);
    const n = notify(orderNo, "3.33");
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => sendNotify(n, i % 2 ? "GET" : "POST")));
    expect(new Set(answers)).toEqual(new Set(["success"]));
    expect(await balance()).toBeCloseTo(start + 3.33, 2);
    expect((await ledger()).filter((l) => l.order_no === orderNo)).toEqual([
      { type: "recharge", amount: 333, order_no: orderNo },
    ]);
    expect(await orderRow(orderNo)).toMatchObject({ status: "paid", trade_no: `T${orderNo}` });
    await ledgerMatchesBalance();
  });

  it("refuses a forged signature, a wrong pid, a changed money, a failed trade, an unknown order and a reused trade number, changing nothing", async () => {
    const { orderNo } = await newOrder(5);
    const start = await balance();
    const ledgerBefore = await ledger();
    const forged = { ...notify(orderNo, "5.00"), sign: md5sign(notify(orderNo, "5.00"), "not-the-key") };
    const [{ trade_no: usedTradeNo }] = await server.services.db.query(
      `SELECT trade_no FROM payment_orders WHERE status = 'paid' ORDER BY id LIMIT 1`,
    );
    const cases: Record<string, string>[] = [
      forged,
      notify(orderNo, "5.00", {}, "wrong-key-0123456789"),
      notify(orderNo, "5.00", { pid: "9999" }),
      notify(orderNo, "50.00"),
      notify(orderNo, "4.99"),
      notify(orderNo, "5.00", { trade_status: "WAIT_BUYER_PAY" }),
      notify("R2099010199999999", "5.00"),
      // a trade number another order was already credited with
      notify(orderNo, "5.00", { trade_no: usedTradeNo }),
      { ...notify(orderNo, "5.00"), sign: "" },
    ];
    for (const params of cases) expect(await sendNotify(params), JSON.stringify(params)).toBe("fail");
    expect(await orderRow(orderNo)).toMatchObject({ status: "pending", trade_no: null, paid_at: null });
    expect(await balance()).toBe(start);
    expect(await ledger()).toEqual(ledgerBefore);
    // The real notify still works afterwards.
    expect(await sendNotify(notify(orderNo, "5.00"))).toBe("success");
    expect(await balance()).toBe(start + 5);
  });

  it("leaves the order pending and the wallet unchanged when the transaction fails after verification; the next notify credits", async () => {
    const { orderNo } = await newOrder(7);
    const start = await balance();
    const wallet = server.services.wallet;
    const original = wallet.credit;
    // The crash comes after the order row was updated and the wallet credited, inside the one transaction.
    wallet.credit = async (...args: Parameters<typeof original>) => {
      await original.apply(wallet, args);
      throw new Error("simulated crash between verify and credit");
    };
    try {
      expect(await sendNotify(notify(orderNo, "7.00"))).toBe("fail");
    } finally {
      wallet.credit = original;
    }
    expect(await orderRow(orderNo)).toMatchObject({ status: "pending", trade_no: null });
    expect(await balance()).toBe(start);
    await ledgerMatchesBalance();
    expect(await sendNotify(notify(orderNo, "7.00"))).toBe("success");
    expect((await status(orderNo)).body.data.status).toBe("paid");
    expect(await balance()).toBe(start + 7);
    await ledgerMatchesBalance();
  });
});

describe("recharge records", () => {
  it("lists the user's own orders and every order for the admin, over REST and GraphQL, with filters", async () => {
    const mine = await user.rest("GET", "/api/payments/orders?status=paid");
    expect(mine.status).toBe(200);
    expect(mine.body.data.orders.length).toBeGreaterThan(0);
    expect(
      mine.body.data.orders.every(
        (o: { status: string; username: string }) => o.status === "paid" && o.username === "payer_one",
      ),
    ).toBe(true);
    expect((await other.rest("GET", "/api/payments/orders")).body.data.total).toBe(0);
    expect((await user.rest("GET", "/api/admin/payments/orders")).status).toBe(403);

    const all = await admin.gql(
      `query($status: String, $search: String) { adminRechargeOrders(page: 1, pageSize: 5, status: $status, search: $search) { total items { orderNo username amount status tradeNo } } }`,
      { status: null, search: null },
    );
    expect(all.body.errors).toBeUndefined();
    expect(all.body.data.adminRechargeOrders.total).toBe(
      Number((await server.services.db.query(`SELECT count(*) AS n FROM payment_orders`))[0].n),
    );
    const one = all.body.data.adminRechargeOrders.items.find((o: { status: string }) => o.status === "paid");
    const found = await admin.gql(
      `query($search: String) { adminRechargeOrders(search: $search) { total items { orderNo } } }`,
      { search: one.tradeNo },
    );
    expect(found.body.data.adminRechargeOrders).toEqual({ total: 1, items: [{ orderNo: one.orderNo }] });
    const bad = await admin.gql(`{ adminRechargeOrders(status: "nope") { total } }`);
    expect(bad.body.errors?.[0].extensions?.code).toBe("PAYMENT_ORDER_STATUS_INVALID");
    const own = await user.gql(
      `{ myRechargeOrders(status: null) { total } rechargeOrder(orderNo: "${one.orderNo}") { status amount } }`,
    );
    expect(own.body.errors).toBeUndefined();
    expect(own.body.data.rechargeOrder.status).toBe("paid");
  });
});

describe("scheduled jobs", () => {
  it("asks the gateway about pending orders and credits those paid whose notify never arrived", async () => {
    const start = await balance();
    // The gateway is told a notify_url nobody answers at, so its notify is lost.
    const r = await recharge(8);
    expect(r.status).toBe(200);
    const orderNo = r.body.data.order_no;
    const payUrl = new URL(r.body.data.pay_url);
    const q = Object.fromEntries(payUrl.searchParams);
    const lost = { ...q, notify_url: "http://127.0.0.1:9/api/payments/callback/epay" };
    const resigned = new URL(
      `${sandbox.url}/submit.php?${new URLSearchParams({ ...lost, sign: md5sign(lost, sandbox.key) })}`,
    );
    expect((await fetch(resigned)).status).toBe(200);
    const paid = await fetch(`${sandbox.url}/pay`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `out_trade_no=${orderNo}`,
      redirect: "manual",
    });
    expect(paid.status).toBe(302);
    expect((await status(orderNo)).body.data.status).toBe("pending");
    expect(await server.services.payments.reconcilePending({ olderThanMs: 0 })).toMatchObject({ credited: 1 });
    expect((await status(orderNo)).body.data.status).toBe("paid");
    expect(await balance()).toBe(start + 8);
    // Asking again credits nothing more.
    expect(await server.services.payments.reconcilePending({ olderThanMs: 0 })).toMatchObject({ credited: 0 });
    expect(await balance()).toBe(start + 8);
    await ledgerMatchesBalance();
  });

  it("closes orders unpaid for 15 minutes (the scheduled maintenance job); a notify for a closed order is refused", async () => {
    expect(JOB_SPECS["payments.close-expired"].everyMs).toBe(60_000);
    expect(JOB_QUEUE["payments.close-expired"]).toBe(QUEUES.maintenance);
    const start = await balance();
    const { orderNo } = await newOrder(6);
    const { orderNo: fresh } = await newOrder(6);
    await server.services.db.query(
      `UPDATE payment_orders SET created_at = now() - interval '16 minutes' WHERE order_no = $1`,
      [orderNo],
    );
    const events = server.services.jobs.connection.events(QUEUES.maintenance);
    await events.waitUntilReady();
    const job = await server.services.jobs.add("payments.close-expired", {});
    const r = (await job.waitUntilFinished(events, 20_000)) as { closed: number };
    await events.close();
    expect(r.closed).toBe(1);
    expect((await status(orderNo)).body.data.status).toBe("closed");
    expect((await status(fresh)).body.data.status).toBe("pending");
    expect(await sendNotify(notify(orderNo, "6.00"))).toBe("fail");
    expect((await status(orderNo)).body.data.status).toBe("closed");
    expect(await balance()).toBe(start);
  });
});
