import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startWorker } from "../../worker/src/main";
import { client, startInProcess } from "../support/inprocess";
import { addAccount, addPackage, mallEnv, startAscServer, startSupplier } from "../support/mall";
import { adjustBalance, expectLedgerMatches } from "../support/shop";
import { newUdid } from "../support/udid-device";
import { fixtures, P12_PASSWORD, postForm } from "../support/certificates";
import { ascProfile, type AscServer } from "../support/asc-server";
import { unzipSync } from "fflate";
import { parsePlist } from "../../packages/apple/src/plist";
import { parseMobileProvision } from "../../packages/apple/src/mobileprovision";
import { FakeDevice } from "../support/udid-device"; // the device posting to the relay

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;

const SECRETS_KEY = randomBytes(32).toString("hex");
let asc: AscServer;
let server: Server;
let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
let admin: Client;
let adminToken: string;
let users = 0;
let enterpriseId = 0;

async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v as T;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new user with a bound device and `yuan` in the wallet. */
async function buyer(yuan = 100, udid = newUdid()) {
  // Each buyer registers from its own address (registration is rate limited per address).
  const c = client(server.url);
  const name = `mall_user_${++users}_${randomBytes(2).toString("hex")}`;
  const ip = { "x-forwarded-for": `10.66.${Math.floor(users / 250)}.${(users % 250) + 1}` };
  const reg = await c.rest("POST", "/api/auth/register", { username: name, password: "secret1" }, ip);
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const login = await c.rest("POST", "/api/auth/login", { username: name, password: "secret1" }, ip);
  c.setToken(login.body.data.token);
  const u = { c, id: Number(login.body.data.user.id), token: login.body.data.token as string };
  const [d] = await server.services.db.query(
    `INSERT INTO devices (user_id, udid, product, bound_at) VALUES ($1, $2, 'iPhone15,2', now()) RETURNING id`,
    [u.id, udid],
  );
  if (yuan > 0) await adjustBalance(admin, u.id, yuan);
  return { ...u, deviceId: Number(d.id), udid };
}

const orderOf = async (orderNo: string) =>
  (await server.services.db.query(`SELECT * FROM mall_orders WHERE order_no = $1`, [orderNo]))[0];
const delivered = (orderNo: string, ms?: number) =>
  waitFor(async () => {
    const o = await orderOf(orderNo);
    return ["delivered", "refunded", "failed", "waiting"].includes(o?.status) &&
      (o.status !== "failed" || o.wallet_order_id === null)
      ? o
      : null;
  }, ms);
const balance = async (c: Client) => (await c.rest("GET", "/api/payments/balance")).body.data.balance as number;

async function buy(u: Awaited<ReturnType<typeof buyer>>, planId: number) {
  const r = await u.c.rest("POST", "/api/certificate-mall/buy", { plan_id: planId, device_id: u.deviceId });
  return r;
}

async function disableAllAccounts() {
  await server.services.db.query(`UPDATE asc_accounts SET enabled = false`);
}

/**
 * The back-off between fulfilment tries at 5% of the contract's (2, 4, 8, 16, 32 s become 0.1 ... 1.6 s): the tests
 * count tries and outcomes, not seconds, and six tries at full back-off would wait over a minute.
 */
const SHORT_BACKOFF = { JOB_RETRY_DELAY_PERCENT: "5" };

beforeAll(async () => {
  asc = await startAscServer();
  server = await startInProcess({
    ...mallEnv(asc),
    ...SHORT_BACKOFF,
    SECRETS_KEY,
    TRUST_PROXY: "1",
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  admin = client(server.url);
  adminToken = (await admin.login("admin", server.adminPassword)).token;
  worker = await startWorker({
    DATABASE_URL: server.services.config.databaseUrl,
    QUEUE_PREFIX: server.services.config.queuePrefix,
    SECRETS_KEY,
    JWT_SECRET: server.services.config.jwtSecret,
    ...mallEnv(asc),
    ...SHORT_BACKOFF,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
}, 180_000);
afterAll(async () => {
  await worker?.close();
  await server?.stopAll();
  await asc?.close();
});

describe("catalogue", () => {
  it("admins build packages and plans; the public list shows what is on sale, each package with its plans", async () => {
    const { packageId, planId } = await addPackage(admin, { name: "共享版证书", price: 9.9 });
    const off = await addPackage(admin, { name: "下架套餐" });
    expect(
      (await admin.rest("PATCH", `/api/admin/certificate-packages/${off.packageId}/status`, { enabled: false })).status,
    ).toBe(200);
    const plan2 = await admin.rest("POST", "/api/admin/price-plans", {
      package_id: packageId,
      name: "三个月",
      duration_days: 90,
      price: 5,
      warranty_days: 30,
    });
    expect(plan2.status).toBe(200);
    await admin.rest("PATCH", `/api/admin/price-plans/${plan2.body.data.id}/status`, { enabled: false });

    const pub = await client(server.url).rest("GET", "/api/certificate-packages");
    expect(pub.status).toBe(200);
    const mine = pub.body.data.find((p: { id: number }) => p.id === packageId);
    expect(mine).toMatchObject({ name: "共享版证书", kind: "stable", source: "asc", device_type: "iphone" });
    expect(mine.plans.map((p: { id: number; price: number }) => [p.id, p.price])).toEqual([[planId, 9.9]]);
    expect(pub.body.data.some((p: { id: number }) => p.id === off.packageId)).toBe(false);

    // Reorder: the given order comes back.
    const ids = (await admin.rest("GET", "/api/admin/certificate-packages")).body.data
      .map((p: { id: number }) => p.id)
      .reverse();
    const re = await admin.rest("POST", "/api/admin/certificate-packages/reorder", { ids });
    expect(re.body.data.map((p: { id: number }) => p.id)).toEqual(ids);
  });

  it("bad input is refused with its code and stores nothing; users cannot reach the admin calls", async () => {
    const before = (await admin.rest("GET", "/api/admin/certificate-packages")).body.data.length;
    const bad = [
      { name: "", kind: "stable", source: "asc", device_type: "iphone" },
      { name: "x", kind: "gold", source: "asc", device_type: "iphone" },
      { name: "x", kind: "stable", source: "ftp", device_type: "iphone" },
      { name: "x", kind: "stable", source: "supplier", device_type: "iphone" },
    ];
    for (const b of bad) {
      const r = await admin.rest("POST", "/api/admin/certificate-packages", b);
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
    }
    expect((await admin.rest("GET", "/api/admin/certificate-packages")).body.data.length).toBe(before);
    const { packageId } = await addPackage(admin);
    for (const p of [
      { price: 0 },
      { price: -1 },
      { price: 1.234 },
      { duration_days: 0 },
      { warranty_days: -1 },
      { stock: -5 },
    ]) {
      const r = await admin.rest("POST", "/api/admin/price-plans", {
        package_id: packageId,
        name: "p",
        duration_days: 30,
        price: 10,
        ...p,
      });
      expect(r.status, JSON.stringify(p)).toBe(400);
    }
    const u = await buyer(0);
    expect((await u.c.rest("GET", "/api/admin/certificate-packages")).status).toBe(403);
    expect((await u.c.rest("POST", "/api/admin/certificate-packages", bad[0])).status).toBe(403);
  });
});

describe("fulfilment through App Store Connect", () => {
  let accountA: Awaited<ReturnType<typeof addAccount>>;
  let plan: { packageId: number; planId: number };

  beforeAll(async () => {
    accountA = await addAccount(server.url, admin, adminToken, asc, "账号A");
    plan = await addPackage(admin, { name: "稳定版", price: 30 });
  });

  it("enterprise-certificates lists the platform's in-house certificates (admins only)", async () => {
    const up = await postForm(
      `${server.url}/api/admin/platform-certificates/upload`,
      adminToken,
      { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
      { password: P12_PASSWORD, name: "企业证书" },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const list = await admin.rest("GET", "/api/admin/enterprise-certificates");
    expect(list.status).toBe(200);
    // Only the in-house one: the accounts' platform certificates (development and ad hoc profiles) are not.
    expect(list.body.data.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [up.body.data.id, "企业证书"],
    ]);
    const u = await buyer(0);
    expect((await u.c.rest("GET", "/api/admin/enterprise-certificates")).status).toBe(403);
    enterpriseId = up.body.data.id;
  });

  it("a platform package delivers a copy of its in-house certificate (the profile provisions every device); only such a certificate is accepted", async () => {
    const adhocOnly = (await admin.rest("GET", "/api/admin/platform-certificates")).body.data.certificates.find(
      (c: { all_devices: boolean }) => !c.all_devices,
    );
    const bad = await admin.rest("POST", "/api/admin/certificate-packages", {
      name: "企业版",
      kind: "shared",
      source: "platform",
      certificate_id: adhocOnly.id,
      device_type: "all",
    });
    expect(bad.body.code).toBe("CERT_PACKAGE_INVALID");
    expect(
      (
        await admin.rest("POST", "/api/admin/certificate-packages", {
          name: "企业版",
          kind: "shared",
          source: "platform",
          device_type: "all",
        })
      ).body.code,
    ).toBe("CERT_PACKAGE_INVALID");
    const pkg = await admin.rest("POST", "/api/admin/certificate-packages", {
      name: "企业共享版",
      kind: "shared",
      source: "platform",
      certificate_id: enterpriseId,
      device_type: "all",
    });
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
    const plan = await admin.rest("POST", "/api/admin/price-plans", {
      package_id: pkg.body.data.id,
      name: "一个月",
      duration_days: 30,
      price: 9,
      warranty_days: 7,
    });
    const u = await buyer(20);
    const o = await delivered((await buy(u, plan.body.data.id)).body.data.order_no);
    expect(o.status).toBe("delivered");
    const [cert] = await server.services.db.query(
      `SELECT scope, user_id, all_devices, cert_type, mall_order_id, p12_sealed FROM certificates WHERE id = $1`,
      [o.certificate_id],
    );
    expect(cert).toMatchObject({
      scope: "user",
      user_id: u.id,
      all_devices: true,
      cert_type: "enterprise",
      mall_order_id: o.id,
    });
    const [platform] = await server.services.db.query(`SELECT p12_sealed FROM certificates WHERE id = $1`, [
      enterpriseId,
    ]);
    expect(cert.p12_sealed).not.toBe(platform.p12_sealed); // sealed again for the buyer's row
    expect(await balance(u.c)).toBe(11);
  });

  it("pays from the wallet, registers the device, makes the profile and delivers an ordinary certificate of the buyer", async () => {
    const u = await buyer(100);
    const events: string[] = [];
    const r = await buy(u, plan.planId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Paid; the worker may already have taken it further by the time the answer is read.
    expect(["paid", "fulfilling", "delivered"]).toContain(r.body.data.status);
    expect(r.body.data).toMatchObject({
      amount: 30,
      package_name: "稳定版",
      plan_name: "一年",
      udid: u.udid,
    });
    const o = await delivered(r.body.data.order_no);
    expect(o.status).toBe("delivered");
    events.push(o.status);

    // The certificate is the buyer's, sealed, listed in 证书管理 and its profile provisions the device.
    const list = (await u.c.rest("GET", "/api/certificates")).body.data;
    expect(list).toHaveLength(1);
    expect(list[0].id).toBe(o.certificate_id);
    const [cert] = await server.services.db.query(
      `SELECT scope, user_id, mall_order_id, devices, profile_type, p12_sealed FROM certificates WHERE id = $1`,
      [o.certificate_id],
    );
    expect(cert).toMatchObject({ scope: "user", user_id: u.id, mall_order_id: o.id, profile_type: "adhoc" });
    expect(cert.devices).toEqual([u.udid]);
    expect(cert.p12_sealed).toMatch(/^v2:/);
    expect((await u.c.rest("GET", `/api/certificates/download/${o.certificate_id}?type=zip`)).status).toBe(200);

    // One registration, one charge, the wallet order fulfilled, the log tells the story.
    expect(asc.registrations(u.udid)).toBe(1);
    expect(await balance(u.c)).toBe(70);
    await expectLedgerMatches(server.services.db, u.id);
    const [w] = await server.services.db.query(`SELECT status, kind FROM orders WHERE order_no = $1`, [o.order_no]);
    expect(w).toEqual({ status: "fulfilled", kind: "certificate" });
    const task = await admin.rest("GET", `/api/admin/cert-tasks/${o.id}`);
    expect(task.body.data.logs.map((l: { message: string }) => l.message).join("\n")).toMatch(
      /已注册设备[\s\S]*已创建描述文件[\s\S]*已交付/,
    );
    // Every token the server saw was a verified ES256 token of the account's key.
    expect(asc.requests.filter((q) => q.kid === accountA.key.keyId && q.status === 401)).toHaveLength(0);

    // The buyer's order reads back; another user's is 404.
    expect((await u.c.rest("GET", `/api/certificate-mall/orders/${o.order_no}`)).body.data.status).toBe("delivered");
    const other = await buyer(0);
    expect((await other.c.rest("GET", `/api/certificate-mall/orders/${o.order_no}`)).status).toBe(404);
  });

  it("reuses a device the account already registered (no second registration)", async () => {
    const udid = newUdid();
    asc
      .team(accountA.teamId)
      .devices.push({ id: "DPRE0001", udid, name: "already", addedDate: new Date().toISOString() });
    const u = await buyer(100, udid);
    const r = await buy(u, plan.planId);
    const o = await delivered(r.body.data.order_no);
    expect(o.status).toBe("delivered");
    expect(o.asc_device_id).toBe("DPRE0001");
    expect(asc.registrations(udid)).toBe(0);
    const logs = (await admin.rest("GET", `/api/admin/cert-tasks/${o.id}`)).body.data.logs.map(
      (l: { message: string }) => l.message,
    );
    expect(logs.join("\n")).toContain("直接复用");
  });

  it("the delivered certificate can be imported as a temporary certificate (从订单导入); another user's order is not found", async () => {
    const u = await buyer(100);
    const o = await delivered((await buy(u, plan.planId)).body.data.order_no);
    const importable = (await u.c.rest("GET", "/api/temp-certificates/importable-orders")).body.data;
    expect(importable).toEqual([{ id: o.id, orderNo: o.order_no, certificateId: o.certificate_id, name: "稳定版" }]);
    const other = await buyer(0);
    expect(
      (await other.c.rest("POST", "/api/temp-certificates/import-from-order", { order_id: o.id, days: 3 })).body.code,
    ).toBe("TEMP_CERT_ORDER_NOT_FOUND");
    const imp = await u.c.rest("POST", "/api/temp-certificates/import-from-order", { order_id: o.id, days: 3 });
    expect(imp.status, JSON.stringify(imp.body)).toBe(200);
    const temps = (await u.c.rest("GET", "/api/temp-certificates/my")).body.data;
    expect(temps.map((c: { id: number }) => c.id)).toEqual([imp.body.data.id]);
  });

  it("an account at its device limit is marked full and the next account delivers", async () => {
    await disableAllAccounts();
    const full = await addAccount(server.url, admin, adminToken, asc, "满额账号", {
      deviceLimit: 1,
      preRegistered: [newUdid()],
    });
    const next = await addAccount(server.url, admin, adminToken, asc, "备用账号");
    const u = await buyer(100);
    const o = await delivered((await buy(u, plan.planId)).body.data.order_no);
    expect(o.status).toBe("delivered");
    expect(o.asc_account_id).toBe(next.id);
    const accounts = (await admin.rest("GET", "/api/admin/cert-apis")).body.data;
    expect(accounts.find((a: { id: number }) => a.id === full.id)).toMatchObject({ status: "full" });
    expect(asc.team(full.teamId).devices).toHaveLength(1);
    expect(asc.registrations(u.udid)).toBe(1);
    await server.services.db.query(`UPDATE asc_accounts SET enabled = false WHERE id = $1`, [next.id]);
  });

  it("a revoked key: App Store Connect answers 401, the account is marked bad, admins are told, the next account delivers", async () => {
    await disableAllAccounts();
    const revoked = await addAccount(server.url, admin, adminToken, asc, "吊销账号");
    const next = await addAccount(server.url, admin, adminToken, asc, "正常账号");
    asc.revokeKey(revoked.key.keyId);
    const u = await buyer(100);
    const o = await delivered((await buy(u, plan.planId)).body.data.order_no);
    expect(o.status).toBe("delivered");
    expect(o.asc_account_id).toBe(next.id);
    expect(asc.requests.some((q) => q.kid === revoked.key.keyId && q.status === 401)).toBe(true);
    const acc = (await admin.rest("GET", "/api/admin/cert-apis")).body.data.find(
      (a: { id: number }) => a.id === revoked.id,
    );
    expect(acc.status).toBe("bad");
    const told = await server.services.db.query(
      `SELECT n.title FROM user_notifications n JOIN users u ON u.id = n.user_id WHERE u.role = 'admin' AND n.kind = 'mall-account-bad'`,
    );
    expect(told.map((t: { title: string }) => t.title)).toContain("开发者账号「吊销账号」的 API 密钥已失效");
  });

  it("429 and 500 are retried with back-off and still deliver once", async () => {
    asc.fault("POST", "/v1/profiles", { status: 429, count: 1 });
    asc.fault("GET", "/v1/certificates", { status: 500, count: 1 });
    const u = await buyer(100);
    const o = await delivered((await buy(u, plan.planId)).body.data.order_no, 60_000);
    expect(o.status).toBe("delivered");
    expect(o.attempts).toBeGreaterThanOrEqual(3);
    expect(asc.registrations(u.udid)).toBe(1);
    expect(await balance(u.c)).toBe(70);
    const logs = (await admin.rest("GET", `/api/admin/cert-tasks/${o.id}`)).body.data.logs
      .map((l: { message: string }) => l.message)
      .join("\n");
    expect(logs).toContain("稍后重试");
  }, 90_000);

  it("50 concurrent purchases of one plan for one device: one order paid and fulfilled, one charge, one registration", async () => {
    const u = await buyer(1000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(u, plan.planId)));
    const ok = answers.filter((a) => a.status === 200);
    const codes = new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.code));
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a.body.data.order_no)).size).toBe(1);
    for (const c of codes)
      expect(["ORDER_TRANSITION_INVALID", "MALL_ORDER_IN_PROGRESS", "MALL_ALREADY_OWNED"]).toContain(c);
    const o = await delivered(ok[0].body.data.order_no);
    expect(o.status).toBe("delivered");
    expect(await balance(u.c)).toBe(970);
    await expectLedgerMatches(server.services.db, u.id);
    expect(asc.registrations(u.udid)).toBe(1);
    const orders = await server.services.db.query(`SELECT status FROM mall_orders WHERE user_id = $1`, [u.id]);
    expect(orders).toEqual([{ status: "delivered" }]);
    // Once delivered, buying the same package again for the device is refused (renewal is the way).
    expect((await buy(u, plan.planId)).body.code).toBe("MALL_ALREADY_OWNED");
    expect(await balance(u.c)).toBe(970);
  }, 90_000);

  it("out of stock, and a plan switched off between ordering and paying: refused, nothing charged", async () => {
    const limited = await addPackage(admin, { name: "限量版", price: 20, stock: 1 });
    const a = await buyer(100);
    expect((await buy(a, limited.planId)).status).toBe(200);
    const b = await buyer(100);
    const sold = await buy(b, limited.planId);
    expect(sold.body.code).toBe("CERT_PLAN_SOLD_OUT");
    expect(await balance(b.c)).toBe(100);

    const c = await buyer(100);
    const created = await c.c.rest("POST", "/api/payments/create-order", {
      kind: "certificate",
      id: plan.planId,
      device_id: c.deviceId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // Its order page offers to pay it (/order/{no} shows 去支付 for every payable kind, the mall's too).
    const mine = await c.c.gql(`query($ref: String!) { myOrder(ref: $ref) { kind status payable } }`, {
      ref: created.body.data.order_no,
    });
    expect(mine.body.data.myOrder).toEqual({ kind: "certificate", status: "pending", payable: true });
    await admin.rest("PATCH", `/api/admin/price-plans/${plan.planId}/status`, { enabled: false });
    const pay = await c.c.rest("POST", "/api/payments/create", {
      order_no: created.body.data.order_no,
      method: "wallet",
    });
    expect(pay.body.code).toBe("CERT_PLAN_UNAVAILABLE");
    expect(await balance(c.c)).toBe(100);
    expect((await orderOf(created.body.data.order_no)).status).toBe("pending");
    await admin.rest("PATCH", `/api/admin/price-plans/${plan.planId}/status`, { enabled: true });
    const again = await c.c.rest("POST", "/api/payments/create", {
      order_no: created.body.data.order_no,
      method: "wallet",
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await delivered(created.body.data.order_no)).status).toBe("delivered");
    // 证书管理 shows what was bought: the certificate expires with the order's period (or sooner, if it itself does).
    const [v] = await server.services.db.query(
      `SELECT c.expires_at = LEAST(c.not_after, c.profile_expires_at, o.expires_at) AS bought, o.expires_at < c.not_after AS shorter
         FROM mall_orders o JOIN certificates c ON c.id = o.certificate_id WHERE o.order_no = $1`,
      [created.body.data.order_no],
    );
    expect(v).toEqual({ bought: true, shorter: true });
    const listed = (await c.c.rest("GET", "/api/certificates")).body.data;
    const [{ expires_at }] = await server.services.db.query(`SELECT expires_at FROM mall_orders WHERE order_no = $1`, [
      created.body.data.order_no,
    ]);
    // The profile App Store Connect made for the order may end a moment before the order's own period (its dates have
    // whole seconds and it is made first): 证书管理 shows the earlier of the two, never the certificate's own 2036.
    const shown = new Date(listed[0].expires_at).getTime();
    expect(shown).toBeLessThanOrEqual(new Date(expires_at).getTime());
    expect(new Date(expires_at).getTime() - shown).toBeLessThan(60_000);
  });

  it("an admin refunds the wallet order while it is being fulfilled: nothing is delivered, the money comes back once", async () => {
    asc.fault("POST", "/v1/profiles", { delayMs: 1500 });
    const u = await buyer(100);
    const r = await buy(u, plan.planId);
    const during = await waitFor(async () =>
      (await orderOf(r.body.data.order_no)).status === "fulfilling" ? orderOf(r.body.data.order_no) : null,
    );
    const refund = await admin.rest("POST", `/api/admin/orders/${during.wallet_order_id}/refund`, {
      reason: "用户申请",
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const o = await waitFor(async () =>
      (await orderOf(r.body.data.order_no)).status === "refunded" ? orderOf(r.body.data.order_no) : null,
    );
    expect(o.certificate_id).toBeNull();
    expect((await u.c.rest("GET", "/api/certificates")).body.data).toHaveLength(0);
    expect(await balance(u.c)).toBe(100);
    await expectLedgerMatches(server.services.db, u.id);
  });

  it("a short balance, a device that is not the buyer's, and a missing device are refused", async () => {
    const poor = await buyer(1);
    expect((await buy(poor, plan.planId)).body.code).toBe("WALLET_INSUFFICIENT_BALANCE");
    expect(await balance(poor.c)).toBe(1);
    const other = await buyer(100);
    expect(
      (await other.c.rest("POST", "/api/certificate-mall/buy", { plan_id: plan.planId, device_id: poor.deviceId })).body
        .code,
    ).toBe("UDID_DEVICE_NOT_FOUND");
    expect((await other.c.rest("POST", "/api/certificate-mall/buy", { plan_id: plan.planId })).body.code).toBe(
      "MALL_DEVICE_REQUIRED",
    );
    expect(await balance(other.c)).toBe(100);
  });

  it("no usable account left: the order fails and the wallet is refunded, the stock returned", async () => {
    await disableAllAccounts();
    const limited = await addPackage(admin, { name: "无账号", price: 25, stock: 5 });
    const u = await buyer(100);
    const r = await buy(u, limited.planId);
    const o = await waitFor(async () => {
      const x = await orderOf(r.body.data.order_no);
      return x.status === "refunded" ? x : null;
    }, 90_000);
    expect(o.last_error).toContain("没有可用的 App Store Connect 账号");
    expect(await balance(u.c)).toBe(100);
    await expectLedgerMatches(server.services.db, u.id);
    const [w] = await server.services.db.query(`SELECT status FROM orders WHERE order_no = $1`, [o.order_no]);
    expect(w.status).toBe("refunded");
    const p = (await admin.rest("GET", `/api/admin/price-plans/${limited.planId}`)).body.data;
    expect(p).toMatchObject({ stock: 5, sold: 0 });
    await server.services.db.query(`UPDATE asc_accounts SET enabled = true WHERE status = 'ok'`);
  }, 120_000);

  it("warranty: a delivered certificate found revoked within the warranty is re-issued on another account, the user told; outside it a discounted renewal is offered", async () => {
    await disableAllAccounts();
    const first = await addAccount(server.url, admin, adminToken, asc, "质保一");
    const u = await buyer(100);
    await server.services.db.query(`UPDATE users SET email = $2 WHERE id = $1`, [u.id, `${u.id}@example.com`]);
    const o = await delivered((await buy(u, plan.planId)).body.data.order_no);
    expect(o.asc_account_id).toBe(first.id);
    const second = await addAccount(server.url, admin, adminToken, asc, "质保二");

    // A status check (a user's or a detection batch's) found it revoked: the event the checks publish.
    await server.services.db.query(`UPDATE certificates SET status = 'revoked' WHERE id = $1`, [o.certificate_id]);
    await server.services.events.publish("certificates.checked", {
      taskId: 0,
      certificateId: o.certificate_id,
      userId: u.id,
      status: "revoked",
      reason: "revoked",
      batchId: 1,
      checkedAt: new Date().toISOString(),
    });
    const re = await waitFor(
      async () =>
        (
          await server.services.db.query(
            `SELECT * FROM mall_orders WHERE parent_order_id = $1 AND status = 'delivered'`,
            [o.id],
          )
        )[0],
    );
    expect(re).toMatchObject({ kind: "warranty", amount_fen: "0", asc_account_id: second.id });
    // The re-issue covers what was left of the original: its expiry and warranty end where the original's did.
    expect(Math.abs(new Date(re.expires_at).getTime() - new Date(o.expires_at).getTime())).toBeLessThan(
      86_400_000 + 60_000,
    );
    expect(Math.abs(new Date(re.warranty_until).getTime() - new Date(o.warranty_until).getTime())).toBeLessThan(
      86_400_000 + 60_000,
    );
    expect((await u.c.rest("GET", "/api/certificates")).body.data).toHaveLength(2);
    const notes = await server.services.db.query(
      `SELECT title FROM user_notifications WHERE user_id = $1 AND kind LIKE 'certificate-%' AND kind <> 'certificate-delivered' ORDER BY id`,
      [u.id],
    );
    expect(notes.map((n: { title: string }) => n.title)).toEqual(["证书「稳定版」已吊销，正在为您免费补发"]);
    // Each delivery (the original and the re-issue) told the user once.
    const told = await server.services.db.query(
      `SELECT count(*)::int AS n FROM user_notifications WHERE user_id = $1 AND kind = 'certificate-delivered'`,
      [u.id],
    );
    expect(told[0].n).toBe(2);
    const mail = await server.services.db.query(
      `SELECT subject FROM email_outbox WHERE to_address = $1 AND kind = 'certificate-warranty'`,
      [`${u.id}@example.com`],
    );
    expect(mail).toHaveLength(1);
    // Each delivery (the order and its re-issue) also told the buyer with the "mall-delivery" template.
    // Queued right after the delivery commits: waited for.
    const deliveryMails = await waitFor(async () => {
      const rows = await server.services.db.query(
        `SELECT subject FROM email_outbox WHERE to_address = $1 AND kind = 'mall-delivery' ORDER BY id`,
        [`${u.id}@example.com`],
      );
      return rows.length >= 2 ? rows : null;
    });
    expect(deliveryMails.map((m: { subject: string }) => m.subject)).toEqual([
      `订单 ${o.order_no} 已发货`,
      `订单 ${re.order_no} 已发货`,
    ]);
    // Heard again (another batch): nothing more.
    expect(await server.services.mall.onRevoked(o.certificate_id)).toBe("none");
    expect(await balance(u.c)).toBe(70);

    // Outside the warranty: a renewal at the plan's discount (20 %).
    const u2 = await buyer(100);
    const o2 = await delivered((await buy(u2, plan.planId)).body.data.order_no);
    await server.services.db.query(`UPDATE mall_orders SET warranty_until = now() - interval '1 day' WHERE id = $1`, [
      o2.id,
    ]);
    expect(await server.services.mall.onRevoked(o2.certificate_id)).toBe("renewal");
    const renew = await u2.c.rest("POST", `/api/certificate-mall/orders/${o2.order_no}/renew`);
    expect(renew.status, JSON.stringify(renew.body)).toBe(200);
    expect(renew.body.data.amount).toBe(24);
  });
});

describe("certificate card keys", () => {
  it("a certificate key is redeemed for the user's device and fulfilled like a purchase; used once; not a balance key", async () => {
    await server.services.db.query(`UPDATE asc_accounts SET enabled = true, status = 'ok'`);
    const p = await addPackage(admin, { name: "卡密版", price: 18 });
    const gen = await admin.rest("POST", "/api/admin/card-keys/generate", {
      kind: "certificate",
      plan_id: p.planId,
      count: 2,
    });
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    expect(gen.body.data.batch).toMatchObject({ kind: "certificate", plan_id: p.planId, amount: 18 });
    const [code, other] = gen.body.data.codes;
    expect(
      (await admin.rest("POST", "/api/admin/card-keys/generate", { kind: "certificate", count: 1 })).body.code,
    ).toBe("CARD_KEY_KIND_INVALID");

    const u = await buyer(0);
    // Not a balance key; and an unknown code is not found. Neither uses the code.
    expect((await u.c.rest("POST", "/api/card-keys/redeem", { code })).body.code).toBe("CARD_KEY_KIND_INVALID");
    expect(
      (
        await u.c.rest("POST", "/api/certificate-mall/redeem", {
          code: "NOPE-NOPE-NOPE-NOPE-NOPE",
          device_id: u.deviceId,
        })
      ).body.code,
    ).toBe("CARD_KEY_NOT_FOUND");
    expect((await u.c.rest("POST", "/api/certificate-mall/redeem", { code })).body.code).toBe("MALL_DEVICE_REQUIRED");

    const r = await u.c.rest("POST", "/api/certificate-mall/redeem", { code, device_id: u.deviceId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ kind: "card_key", amount: 0, status: "paid", udid: u.udid });
    const o = await delivered(r.body.data.order_no);
    expect(o.status).toBe("delivered");
    expect((await u.c.rest("GET", "/api/certificates")).body.data.map((c: { id: number }) => c.id)).toEqual([
      o.certificate_id,
    ]);
    expect(await balance(u.c)).toBe(0);

    // Used once; the second code for the same device and package: it already holds a valid certificate.
    expect((await u.c.rest("POST", "/api/certificate-mall/redeem", { code, device_id: u.deviceId })).body.code).toBe(
      "CARD_KEY_USED",
    );
    expect(
      (await u.c.rest("POST", "/api/certificate-mall/redeem", { code: other, device_id: u.deviceId })).body.code,
    ).toBe("MALL_ALREADY_OWNED");
    const codes = (await admin.rest("GET", `/api/admin/card-keys/batches/${gen.body.data.batch_id}/codes`)).body.data
      .codes;
    expect(codes.map((c: { status: string }) => c.status).sort()).toEqual(["redeemed", "unused"]);
  });
});

describe("a guest's certificate card key", () => {
  it("a guest captures the device's UDID, redeems the key without an account, follows the order with its token and downloads the certificate", async () => {
    await server.services.db.query(`UPDATE asc_accounts SET enabled = true, status = 'ok'`);
    const p = await addPackage(admin, { name: "游客卡密版", price: 20 });
    const gen = await admin.rest("POST", "/api/admin/card-keys/generate", {
      kind: "certificate",
      plan_id: p.planId,
      count: 1,
    });
    const [code] = gen.body.data.codes;
    const guest = client(server.url);
    // The guest's UDID capture: the profile service's relay, posted by the device.
    const profile = await fetch(`${server.url}/api/udid/profile`);
    const relay = (parsePlist(Buffer.from(await profile.arrayBuffer())) as { PayloadContent: { URL: string } })
      .PayloadContent.URL;
    const session = relay.split("/").pop()!;
    expect((await guest.rest("POST", "/api/certificate-mall/guest-redeem", { code, session })).body.code).toBe(
      "MALL_DEVICE_REQUIRED",
    );
    const udid = newUdid();
    expect(
      (
        await FakeDevice.post(
          relay,
          new FakeDevice().sign({ UDID: udid, PRODUCT: "iPhone16,1", VERSION: "22A3354", SERIAL: "G6TZ0001ABCD" }),
        )
      ).status,
    ).toBe(301);

    const r = await guest.rest("POST", "/api/certificate-mall/guest-redeem", { code, session });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ kind: "card_key", udid, user_id: null });
    const { order_no: no, token } = r.body.data;
    const o = await waitFor(async () => {
      const x = await guest.rest("GET", `/api/certificate-mall/guest-orders/${no}?token=${token}`);
      return x.body.data?.status === "delivered" && x.body.data.ready ? x.body.data : null;
    });
    expect(o.certificate_id).toBeNull();
    expect((await guest.rest("GET", `/api/certificate-mall/guest-orders/${no}?token=wrong`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/certificate-mall/guest-orders/${no}/download?token=wrong`)).status).toBe(
      404,
    );
    const zip = await fetch(`${server.url}/api/certificate-mall/guest-orders/${no}/download?token=${token}`);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const names = Object.keys(files);
    expect(names.some((n) => n.endsWith(".p12")) && names.some((n) => n.endsWith(".mobileprovision"))).toBe(true);
    expect(Buffer.from(files["password.txt"]).toString()).toBe(P12_PASSWORD);
    const prof = parseMobileProvision(Buffer.from(files[names.find((n) => n.endsWith(".mobileprovision"))!]));
    expect(prof.provisionedDevices).toEqual([udid]);
    // Used once; the stored pair is sealed.
    expect((await guest.rest("POST", "/api/certificate-mall/guest-redeem", { code, session })).body.code).toBe(
      "CARD_KEY_USED",
    );
    const [row] = await server.services.db.query(
      `SELECT guest_p12_sealed, guest_token_hash FROM mall_orders WHERE order_no = $1`,
      [no],
    );
    expect(row.guest_p12_sealed).toMatch(/^v2:/);
    expect(row.guest_token_hash).not.toContain(token);
  });
});

describe("fulfilment through a supplier and by hand", () => {
  it("a supplier that times out: retried with back-off, then the order fails and is refunded", async () => {
    const key = "supplier-secret-timeout-01";
    const sup = await startSupplier(key);
    try {
      sup.state.mode = "slow";
      sup.state.delayMs = 3000;
      const s = await admin.rest("POST", "/api/admin/api-interfaces", {
        name: "慢供应商",
        base_url: sup.url,
        api_key: key,
        timeout_ms: 1000,
        allow_private: true,
      });
      const pp = await addPackage(admin, {
        name: "慢供应商版",
        source: "supplier",
        supplierId: s.body.data.id,
        price: 11,
      });
      await admin.rest("PUT", `/api/admin/api-interfaces/${s.body.data.id}`, {
        product_map: { [pp.packageId]: "slow-1" },
      });
      const t = await admin.rest("POST", `/api/admin/api-interfaces/${s.body.data.id}/test`);
      expect(t.body.data).toMatchObject({ last_test_ok: false });
      expect(t.body.data.last_test_message).toContain("超时");
      const u = await buyer(100);
      const r = await buy(u, pp.planId);
      const o = await waitFor(
        async () =>
          (await orderOf(r.body.data.order_no)).status === "refunded" ? orderOf(r.body.data.order_no) : null,
        100_000,
      );
      expect(o.attempts).toBe(6);
      expect(o.last_error).toContain("超时");
      expect(await balance(u.c)).toBe(100);
      await expectLedgerMatches(server.services.db, u.id);
    } finally {
      await sup.close();
    }
  }, 120_000);

  it("supplier: place, poll, fetch; the certificate is delivered; 测试连接 reports the outcome", async () => {
    const key = "supplier-secret-0123456789";
    const sup = await startSupplier(key, { pollsBeforeDone: 2 });
    try {
      const s = await admin.rest("POST", "/api/admin/api-interfaces", {
        name: "测试供应商",
        base_url: sup.url,
        api_key: key,
        timeout_ms: 2000,
        allow_private: true,
      });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      expect(JSON.stringify(s.body)).not.toContain(key);
      const t = await admin.rest("POST", `/api/admin/api-interfaces/${s.body.data.id}/test`);
      expect(t.body.data).toMatchObject({ last_test_ok: true });
      expect(t.body.data.last_test_message).toContain("连接成功");
      const pkgPlan = await addPackage(admin, {
        name: "供应商版",
        source: "supplier",
        supplierId: s.body.data.id,
        price: 15,
      });
      await admin.rest("PUT", `/api/admin/api-interfaces/${s.body.data.id}`, {
        product_map: { [pkgPlan.packageId]: "ent-1y" },
      });

      const u = await buyer(100);
      const o = await delivered((await buy(u, pkgPlan.planId)).body.data.order_no, 60_000);
      expect(o.status).toBe("delivered");
      expect(sup.state.placed).toBe(1);
      expect((await u.c.rest("GET", "/api/certificates")).body.data[0].id).toBe(o.certificate_id);

      // A supplier that fails the order: refunded.
      sup.state.mode = "fail";
      const u2 = await buyer(100);
      const r2 = await buy(u2, pkgPlan.planId);
      const o2 = await waitFor(
        async () =>
          (await orderOf(r2.body.data.order_no)).status === "refunded" ? orderOf(r2.body.data.order_no) : null,
        60_000,
      );
      expect(o2.last_error).toContain("库存不足");
      expect(await balance(u2.c)).toBe(100);

      // Wrong key: the test says so.
      await admin.rest("PUT", `/api/admin/api-interfaces/${s.body.data.id}`, { api_key: "another-wrong-key-123" });
      const bad = await admin.rest("POST", `/api/admin/api-interfaces/${s.body.data.id}/test`);
      expect(bad.body.data.last_test_ok).toBe(false);
      expect(bad.body.data.last_test_message).toContain("401");
    } finally {
      await sup.close();
    }
  }, 120_000);

  it("测试连接 and the worker reach a supplier only through the address guard, and never echo what came back", async () => {
    const key = "supplier-secret-guard-0001";
    const sup = await startSupplier(key);
    // A stand-in for an internal service: answers anything with a secret, or redirects to the cloud metadata address.
    const inner = createServer((req, res) => {
      if (req.url?.startsWith("/to-metadata"))
        return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ ok: false, error: "INTERNAL-SECRET-7f3a", name: "INTERNAL-SECRET-7f3a" }));
    });
    await new Promise<void>((r) => inner.listen(0, "127.0.0.1", r));
    const innerUrl = `http://127.0.0.1:${(inner.address() as AddressInfo).port}`;
    try {
      // Without 允许内网地址 nothing on this machine is contacted, by 测试连接 or by an order's fulfilment.
      const s = await admin.rest("POST", "/api/admin/api-interfaces", {
        name: "内网供应商",
        base_url: sup.url,
        api_key: key,
        timeout_ms: 2000,
      });
      expect(s.body.data.allow_private).toBe(false);
      const t = await admin.rest("POST", `/api/admin/api-interfaces/${s.body.data.id}/test`);
      expect(t.body.data).toMatchObject({ last_test_ok: false });
      expect(t.body.data.last_test_message).toContain("内网");
      const pp = await addPackage(admin, {
        name: "内网供应商版",
        source: "supplier",
        supplierId: s.body.data.id,
        price: 9,
      });
      await admin.rest("PUT", `/api/admin/api-interfaces/${s.body.data.id}`, {
        product_map: { [pp.packageId]: "p-1" },
      });
      const u = await buyer(100);
      const r = await buy(u, pp.planId);
      const o = await waitFor(
        async () =>
          (await orderOf(r.body.data.order_no)).status === "refunded" ? orderOf(r.body.data.order_no) : null,
        60_000,
      );
      expect(o.last_error).toContain("内网");
      expect(await balance(u.c)).toBe(100);
      expect(sup.state.requests).toBe(0);
      // A link-local address is refused when saved, whatever the switch.
      const meta = await admin.rest("POST", "/api/admin/api-interfaces", {
        name: "元数据",
        base_url: "http://169.254.169.254/latest",
        api_key: key,
        allow_private: true,
      });
      expect([meta.status, meta.body.code]).toEqual([400, "MALL_SUPPLIER_INVALID"]);
      // With the switch on: an answer that is not the protocol's is reported by its status only, and a redirect to the
      // metadata address is not followed.
      for (const [base, hidden] of [
        [innerUrl, "INTERNAL-SECRET-7f3a"],
        [`${innerUrl}/to-metadata`, "169.254"],
      ]) {
        const x = await admin.rest("POST", "/api/admin/api-interfaces", {
          name: "内部服务",
          base_url: base,
          api_key: key,
          allow_private: true,
        });
        const tx = await admin.rest("POST", `/api/admin/api-interfaces/${x.body.data.id}/test`);
        expect(tx.body.data.last_test_ok).toBe(false);
        expect(tx.body.data.last_test_message).not.toContain(hidden);
        expect(JSON.stringify(tx.body)).not.toContain("INTERNAL-SECRET");
      }
    } finally {
      await sup.close();
      await new Promise<void>((r) => inner.close(() => r()));
    }
  }, 120_000);

  it("manual: the order waits; an admin's upload must provision the device, then delivers", async () => {
    const manual = await addPackage(admin, { name: "人工版", source: "manual", price: 12 });
    const u = await buyer(100);
    const r = await buy(u, manual.planId);
    const o = await waitFor(async () =>
      (await orderOf(r.body.data.order_no)).status === "waiting" ? orderOf(r.body.data.order_no) : null,
    );
    const wrong = await postForm(
      `${server.url}/api/admin/cert-tasks/${o.id}/deliver`,
      adminToken,
      { p12: fixtures.p12(), mobileprovision: ascProfile("wrong", "TEAMID1234", fixtures.leafDer(), [newUdid()]) },
      { password: P12_PASSWORD },
    );
    expect(wrong.body.code).toBe("MALL_DELIVERY_INVALID");
    const badPassword = await postForm(
      `${server.url}/api/admin/cert-tasks/${o.id}/deliver`,
      adminToken,
      { p12: fixtures.p12(), mobileprovision: ascProfile("m", "TEAMID1234", fixtures.leafDer(), [u.udid]) },
      { password: "nope" },
    );
    expect(badPassword.body.code).toBe("CERT_PASSWORD_WRONG");
    expect((await u.c.rest("GET", "/api/certificates")).body.data).toHaveLength(0);
    const ok = await postForm(
      `${server.url}/api/admin/cert-tasks/${o.id}/deliver`,
      adminToken,
      { p12: fixtures.p12(), mobileprovision: ascProfile("m", "TEAMID1234", fixtures.leafDer(), [u.udid]) },
      { password: P12_PASSWORD },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.status).toBe("delivered");
    expect((await u.c.rest("GET", "/api/certificates")).body.data).toHaveLength(1);
    const [w] = await server.services.db.query(`SELECT status FROM orders WHERE order_no = $1`, [o.order_no]);
    expect(w.status).toBe("fulfilled");
    const userTry = await postForm(
      `${server.url}/api/admin/cert-tasks/${o.id}/deliver`,
      u.token,
      { p12: fixtures.p12() },
      {},
    );
    expect(userTry.status).toBe(403);
  });

  it("a plan with orders is deleted only by force-delete; the orders keep their snapshot", async () => {
    const p = await addPackage(admin, { name: "将删除", source: "manual", price: 8 });
    const u = await buyer(100);
    const r = await buy(u, p.planId);
    expect(r.status).toBe(200);
    const refused = await admin.rest("DELETE", `/api/admin/price-plans/${p.planId}`);
    expect(refused.body.code).toBe("CERT_PLAN_HAS_ORDERS");
    const forced = await admin.rest("DELETE", `/api/admin/price-plans/${p.planId}/force-delete`);
    expect(forced.status).toBe(200);
    const o = await orderOf(r.body.data.order_no);
    expect(o.plan_id).toBeNull();
    expect(o.snapshot).toMatchObject({ packageName: "将删除", planName: "一年", priceFen: 800 });
  });
});
