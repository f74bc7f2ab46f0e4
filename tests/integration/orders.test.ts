import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_SPECS, QUEUES } from "@gryx/contracts";
import { client, startInProcess } from "../support/inprocess";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { adjustBalance, createShare, expectLedgerMatches, newUser as newUserOn } from "../support/shop";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;

const newUser = (username: string) => newUserOn(server.url, username);
const share = (name: string, fee: number) => createShare(admin, name, fee);
const adjust = (userId: number, amount: number) => adjustBalance(admin, userId, amount);
const ledgerMatches = (userId: number) => expectLedgerMatches(server.services.db, userId);

const balance = async (c: Client) => (await c.rest("GET", "/api/users/wallet/balance")).body.data.balance;

beforeAll(async () => {
  server = await startInProcess();
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
});
afterAll(async () => server?.stopAll());

describe("nothing is sold without something to deliver", () => {
  it("an app, dylib or resource share without a package says has_package false and cannot be bought or ordered", async () => {
    const u = await newUser("buyer_nopkg");
    await adjust(u.id, 50);
    const app = (await admin.rest("POST", "/api/apps", { name: "无包应用", price: 3, bundle_id: "com.test.nopkg" }))
      .body.data.id;
    const dylib = (await admin.gql(`mutation { createDylib(input: { name: "无文件插件", resourceFee: 2 }) { id } }`))
      .body.data.createDylib.id;
    const bare = await createShare(admin, "无文件资源", 2, { fileUploadId: null });
    const withIpa = await share("有文件资源", 2);

    expect((await u.c.rest("GET", `/api/apps/${app}`)).body.data).toMatchObject({ has_package: false });
    expect((await u.c.rest("GET", `/api/dylib-management/public/${dylib}`)).body.data).toMatchObject({
      has_package: false,
      name: "无文件插件",
    });
    expect((await u.c.rest("GET", `/api/resource-shares/${bare}`)).body.data).toMatchObject({ has_package: false });
    expect((await u.c.rest("GET", `/api/resource-shares/${withIpa}`)).body.data).toMatchObject({ has_package: true });
    expect((await client(server.url).rest("GET", `/api/dylib-management/public/999999`)).body.code).toBe(
      "CATALOG_ITEM_NOT_FOUND",
    );

    for (const [kind, id] of [
      ["app", app],
      ["dylib", dylib],
      ["resource-share", bare],
    ] as const) {
      const pay = await u.c.rest("POST", "/api/users/wallet/pay", { kind, id });
      expect([pay.status, pay.body.code, pay.body.message]).toEqual([
        409,
        "CATALOG_ITEM_NO_PACKAGE",
        "暂无安装包，暂不能购买",
      ]);
      expect((await u.c.rest("POST", "/api/payments/create-order", { kind, id })).body.code).toBe(
        "CATALOG_ITEM_NO_PACKAGE",
      );
    }
    const gqlKind = await u.c.gql(`mutation($id: ID!) { buyItem(kind: APP, id: $id) { orderNo } }`, {
      id: String(app),
    });
    expect(gqlKind.body.errors?.[0].extensions?.code).toBe("CATALOG_ITEM_NO_PACKAGE");
    expect(await balance(u.c)).toBe(50);
    expect((await u.c.rest("POST", "/api/users/wallet/pay", { kind: "resource-share", id: withIpa })).status).toBe(200);
    expect(await ledgerMatches(u.id)).toBe(4800);
  });
});

describe("purchases from the wallet", () => {
  it("1,000 concurrent purchases by one user whose balance covers 10: exactly 10 succeed, the rest WALLET_INSUFFICIENT_BALANCE", async () => {
    const u = await newUser("buyer_race");
    const ids: number[] = [];
    for (let i = 0; i < 1000; i += 25)
      ids.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, (_, j) => createShare(admin, `资源${i + j}`, 1.5, { fileUploadId: null })),
        )),
      );
    // A thousand uploads would only slow the race down: each share gets a package key (a purchase never reads the file).
    await server.services.db.query(
      `UPDATE resource_shares SET file_key = 'ipas/' || md5(id::text) || '.ipa' WHERE id = ANY($1::int[])`,
      [ids],
    );
    await adjust(u.id, 15);
    const results = await Promise.all(
      ids.map((id) => u.c.rest("POST", "/api/users/wallet/pay", { kind: "resource-share", id })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBe(10);
    for (const r of ok) expect(r.body.data.order_no).toMatch(/^\d{14,}$/);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.length).toBe(990);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.code}`))).toEqual(
      new Set(["400 WALLET_INSUFFICIENT_BALANCE"]),
    );
    expect(await balance(u.c)).toBe(0);
    expect(await ledgerMatches(u.id)).toBe(0);
    const [counts] = await server.services.db.query(
      `SELECT (SELECT count(*) FROM purchases WHERE user_id = $1)::int AS purchases, (SELECT count(*) FROM orders WHERE user_id = $1)::int AS orders`,
      [u.id],
    );
    expect(counts).toEqual({ purchases: 10, orders: 10 });
  }, 120_000);

  it("buys once: owned items and free items are refused; the order is the buyer's alone; a refund returns the balance", async () => {
    const u = await newUser("buyer_one");
    const other = await newUser("buyer_other");
    const paid = await share("付费资源", 2);
    const free = await share("免费资源", 0);
    await adjust(u.id, 5);
    const status = async () =>
      (await u.c.rest("GET", `/api/settings/purchase-status/${paid}?kind=resource-share`)).body.data.purchased;
    expect(await status()).toBe(false);
    const bought = await u.c.rest("POST", "/api/users/wallet/pay", { kind: "resource-share", id: paid });
    expect(bought.status).toBe(200);
    const orderNo: string = bought.body.data.order_no;
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" })
      .format(new Date())
      .replaceAll("-", "");
    expect(orderNo.startsWith(today)).toBe(true);
    expect(await status()).toBe(true);
    expect(await balance(u.c)).toBe(3);
    const again = await u.c.rest("POST", "/api/users/wallet/pay", { kind: "resource-share", id: paid });
    expect([again.status, again.body.code]).toEqual([409, "ORDER_ALREADY_PURCHASED"]);
    expect((await u.c.rest("POST", "/api/users/wallet/pay", { kind: "resource-share", id: free })).body.code).toBe(
      "ORDER_ITEM_FREE",
    );
    expect((await u.c.rest("POST", "/api/users/wallet/pay", { kind: "coupon", id: paid })).body.code).toBe(
      "PURCHASE_KIND_INVALID",
    );
    expect((await u.c.rest("POST", "/api/users/wallet/pay", { kind: "dylib", id: 999999 })).body.code).toBe(
      "CATALOG_ITEM_NOT_FOUND",
    );
    expect(await balance(u.c)).toBe(3);

    const mine = await u.c.rest("GET", "/api/users/orders?kind=resource-share&status=fulfilled");
    expect(mine.body.data.orders.map((o: any) => [o.order_no, o.item_name, o.amount, o.status])).toEqual([
      [orderNo, "付费资源", 2, "fulfilled"],
    ]);
    expect((await u.c.rest("GET", `/api/users/orders/${orderNo}`)).body.data.kind).toBe("resource-share");
    const peek = await other.c.rest("GET", `/api/users/orders/${orderNo}`);
    expect([peek.status, peek.body.code]).toEqual([404, "ORDER_NOT_FOUND"]);
    expect((await other.c.rest("GET", "/api/users/orders")).body.data.total).toBe(0);
    expect(
      (await other.c.gql(`query($r: String!) { myOrder(ref: $r) { id } }`, { r: orderNo })).body.errors?.[0]?.extensions
        ?.code,
    ).toBe("ORDER_NOT_FOUND");
    expect((await u.c.rest("GET", "/api/users/orders?status=bogus")).body.code).toBe("ORDER_STATUS_INVALID");
    expect((await u.c.rest("POST", `/api/admin/orders/1/refund`, {})).status).toBe(403);

    const detail = await admin.rest("GET", `/api/admin/orders/${orderNo}`);
    expect(detail.body.data).toMatchObject({ username: "buyer_one", status: "fulfilled", amount: 2 });
    const refunded = await admin.gql(
      `mutation($id: ID!) { adminRefundOrder(id: $id, reason: "用户申请") { status refundReason } }`,
      { id: String(detail.body.data.id) },
    );
    expect(refunded.body.data.adminRefundOrder).toEqual({ status: "refunded", refundReason: "用户申请" });
    expect(await balance(u.c)).toBe(5);
    expect(await status()).toBe(false);
    const twice = await admin.rest("POST", `/api/admin/orders/${detail.body.data.id}/refund`, {});
    expect([twice.status, twice.body.code]).toEqual([409, "ORDER_TRANSITION_INVALID"]);
    expect(await balance(u.c)).toBe(5);
    const tx = (await u.c.rest("GET", "/api/users/wallet/transactions")).body.data.transactions;
    expect(tx.map((t: any) => [t.type, t.amount, t.order_no])).toEqual([
      ["refund", 2, orderNo],
      ["purchase", -2, orderNo],
      ["admin_adjust", 5, null],
    ]);
    expect(await ledgerMatches(u.id)).toBe(500);
    const search = await admin.gql(
      `{ adminOrders(search: "buyer_one", status: "refunded") { total items { orderNo } } }`,
    );
    expect(search.body.data.adminOrders).toEqual({ total: 1, items: [{ orderNo }] });
    const unfiltered = await admin.gql(
      `query($s: String, $st: String, $k: String) { adminOrders(search: $s, status: $st, kind: $k) { total } }`,
      { s: null, st: null, k: null },
    );
    expect(unfiltered.body.data?.adminOrders.total).toBeGreaterThanOrEqual(1);
    const ledger = await admin.gql(
      `query($u: String, $o: String) { adminLedger(user: $u, orderNo: $o, type: null) { total } }`,
      { u: null, o: null },
    );
    expect(ledger.body.data?.adminLedger.total).toBeGreaterThan(1);
  });

  it("20 concurrent purchases of one item by one user: one order, one debit, the rest ORDER_ALREADY_PURCHASED", async () => {
    const u = await newUser("buyer_same");
    const id = await share("抢购资源", 1);
    await adjust(u.id, 100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => u.c.rest("POST", "/api/users/wallet/pay", { kind: "resource-share", id })),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.body.code))).toEqual(
      new Set(["ORDER_ALREADY_PURCHASED"]),
    );
    expect(await balance(u.c)).toBe(99);
    expect(await ledgerMatches(u.id)).toBe(9900);
  });

  it("a bought resource share downloads for its buyer only, until the order is refunded", async () => {
    const form = new FormData();
    form.append("ipa", new Blob([readFixture("ipa/thin.ipa")]), "Demo.ipa");
    const staged = await fetch(server.url + "/api/resource-shares/upload-ipa", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${(await admin.login("admin", server.adminPassword)).token}` },
    }).then((r) => r.json() as Promise<any>);
    const r = await admin.gql(`mutation($input: ResourceShareInput!) { createResourceShare(input: $input) { id } }`, {
      input: { name: "带文件资源", resourceFee: 1, fileUploadId: staged.data.uploadId },
    });
    const id = r.body.data.createResourceShare.id;
    const u = await newUser("buyer_dl");
    const other = await newUser("buyer_dl_other");
    await adjust(u.id, 1);
    const dl = (c: Client) => c.rest("GET", `/api/resource-shares/download/${id}`);
    expect((await dl(u.c)).body.code).toBe("CATALOG_NOT_PURCHASED");
    const bought = await u.c.rest("POST", "/api/users/wallet/pay", { kind: "resource-share", id });
    expect(bought.status).toBe(200);
    const ok = await dl(u.c);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-disposition")).toContain(".ipa");
    expect((await dl(other.c)).status).toBe(403);
    await admin.rest("POST", `/api/admin/orders/${bought.body.data.id}/refund`, { reason: "测试" });
    expect((await dl(u.c)).body.code).toBe("CATALOG_NOT_PURCHASED");
  });

  it("unpaid orders close after 15 minutes by the scheduled job; illegal transitions are refused", async () => {
    expect(JOB_SPECS["orders.close-expired"].everyMs).toBeLessThanOrEqual(60_000);
    const u = await newUser("buyer_pending");
    const orders = server.services.orders;
    const fresh = await orders.create(u.id, { kind: "certificate", amountFen: 1000, payMethod: "epay" });
    const old = await orders.create(u.id, { kind: "certificate", amountFen: 2000, payMethod: "epay" });
    expect(fresh.status).toBe("pending");
    await server.services.db.query(`UPDATE orders SET created_at = now() - interval '16 minutes' WHERE id = $1`, [
      old.id,
    ]);
    // The scheduled job on the maintenance queue (consumed by the server) closes it.
    const events = server.services.jobs.connection.events(QUEUES.maintenance);
    await events.waitUntilReady();
    const job = await server.services.jobs.add("orders.close-expired", {});
    expect(await job.waitUntilFinished(events, 20_000)).toEqual({ closed: 1 });
    await events.close();
    expect(await orders.closeExpired()).toBe(0);
    const closed = await u.c.rest("GET", `/api/users/orders/${old.orderNo}`);
    expect(closed.body.data.status).toBe("closed");
    await expect(orders.transition({ orderNo: old.orderNo }, "paid")).rejects.toMatchObject({
      code: "ORDER_TRANSITION_INVALID",
    });
    await expect(orders.transition({ orderNo: fresh.orderNo }, "refunded")).rejects.toMatchObject({
      code: "ORDER_TRANSITION_INVALID",
    });
    await expect(orders.transition({ orderNo: "20990101999999" }, "paid")).rejects.toMatchObject({
      code: "ORDER_NOT_FOUND",
    });
    expect((await orders.transition({ orderNo: fresh.orderNo }, "paid")).status).toBe("paid");
    const done = await admin.rest("PUT", `/api/admin/orders/${fresh.id}/status`, { status: "fulfilled" });
    expect(done.body.data.status).toBe("fulfilled");
    const reopen = await admin.rest("PUT", `/api/admin/orders/${old.id}/status`, { status: "fulfilled" });
    expect(reopen.body.code).toBe("ORDER_TRANSITION_INVALID");
    expect(Number(BigInt(fresh.orderNo.slice(8)) + 1n)).toBe(Number(old.orderNo.slice(8)));
  });
});
