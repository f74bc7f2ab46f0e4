import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { isPlistDict } from "../../packages/apple/src/plist";
import { loginUser, registerUser } from "./support/api";
import { expectPath, shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
import { startSandbox, type Sandbox } from "../support/epay-sandbox";
import { addAccount, addPackage, mallEnv, restClient, startAscServer } from "../support/mall";
import type { AscServer } from "../support/asc-server";
import { FakeDevice, newUdid, profilePlist } from "../support/udid-device";
import { fixturePath } from "../../packages/apple/fixtures/fixtures";
import { verifyIpa } from "../../worker/src/signing";

// The local EPay sandbox (top-ups) and the local App Store Connect–compatible server (fulfilment).
let sandbox: Sandbox;
let asc: AscServer;
const t = useApp(async () => {
  [sandbox, asc] = await Promise.all([startSandbox(), startAscServer()]);
  return {
    PAYMENT_SANDBOX_URL: sandbox.url,
    PAYMENT_SANDBOX_PID: sandbox.pid,
    PAYMENT_SANDBOX_KEY: sandbox.key,
    ...mallEnv(asc),
  };
});
afterAll(async () => {
  await sandbox?.stop();
  await asc?.close();
});

describe("certificate mall in the browser (390×844)", () => {
  it("a new user tops up, picks a plan, captures the device's UDID without losing the choice, pays, watches the order get delivered into 证书管理, and signs an app with it", async () => {
    const adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
    const admin = restClient(t.app.url, adminToken);
    await addAccount(t.app.url, admin, adminToken, asc, "主账号");
    const { planId } = await addPackage(admin, { name: "稳定版证书", price: 30 });
    // The profile takes a moment at App Store Connect, so 交付中 shows before 已交付.
    asc.fault("POST", "/v1/profiles", { delayMs: 1500 });
    await registerUser(t.app.url, "mall_e2e", "secret123");

    const page = await t.page(undefined, { udidDevice: false });
    await signIn(page, t.app.url, "mall_e2e", "secret123");

    // Top up ¥30 through the sandbox gateway. (A user without a device gets the UDID tip first: later, from the mall.)
    await page.goto("/profile#recharge");
    const udidTip = page.getByRole("dialog", { name: "获取设备信息" });
    await udidTip.waitFor();
    await udidTip.getByRole("button", { name: "取消" }).click();
    await expect.poll(() => udidTip.count()).toBe(0);
    await page.getByRole("button", { name: "¥30", exact: true }).click();
    await page.getByText("沙箱支付").waitFor();
    await page.getByRole("button", { name: "去支付" }).click();
    await page.waitForURL((u) => u.pathname === "/submit.php", { timeout: 30_000 });
    await page.getByRole("button", { name: "支付成功" }).click();
    await expect.poll(() => page.getByTestId("recharge-status").textContent()).toBe("充值成功");

    // 证书商城 from the bottom tab: the package, then the plan.
    await page.getByRole("link", { name: "证书商城" }).click();
    await expectPath(page, "/certificate");
    const pkg = page.getByTestId("mall-package").filter({ hasText: "稳定版证书" });
    await pkg.click();
    await page.getByTestId("mall-plan").filter({ hasText: "¥30.00" }).click();
    await shot(page, "mall-choose");
    expect(await page.getByRole("button", { name: "立即购买" }).isDisabled()).toBe(true);

    // No device yet: capture the UDID; the device posts to the relay and comes back through /udid/received.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "获取设备 UDID" }).click(),
    ]);
    const plist = profilePlist(readFileSync((await download.path())!));
    if (!isPlistDict(plist) || !isPlistDict(plist.PayloadContent)) throw new Error("not a profile");
    const udid = newUdid();
    const posted = await FakeDevice.post(
      plist.PayloadContent.URL as string,
      new FakeDevice().sign({ UDID: udid, PRODUCT: "iPhone16,1", VERSION: "22A3354", SERIAL: "G6TZ1234ABCD" }),
    );
    expect(posted.status).toBe(301);
    await page.goto(posted.location!);
    await page.getByText("设备已绑定到您的账号").waitFor();
    await page.getByRole("button", { name: "继续" }).click();

    // Back in the mall with the package and plan still chosen, and the new device selected.
    await expectPath(page, "/certificate");
    await page
      .getByTestId("mall-plan")
      .filter({ hasText: "¥30.00" })
      .and(page.locator('[aria-checked="true"]'))
      .waitFor();
    await page
      .getByTestId("mall-device")
      .filter({ hasText: udid })
      .and(page.locator('[aria-checked="true"]'))
      .waitFor();
    await shot(page, "mall-ready");
    await page.getByRole("button", { name: "立即购买" }).click();

    // The order: pay from the balance, then follow it live: 交付中 → 已交付, without a reload.
    const order = page.getByTestId("mall-order");
    await order.getByText("确认订单").waitFor();
    await page.getByRole("button", { name: "余额支付 ¥30.00" }).click();
    await expect.poll(() => page.getByTestId("mall-order-status").textContent()).toMatch(/已支付|交付中/);
    await shot(page, "mall-fulfilling");
    await expect.poll(() => order.getAttribute("data-status")).toBe("delivered");
    await page.getByText("证书已交付，已加入「证书管理」，可直接用于签名。").waitFor();
    await shot(page, "mall-delivered");
    expect(asc.registrations(udid)).toBe(1);

    // The certificate is the user's: its page lists the device, and 证书管理 has it.
    await page.getByTestId("view-certificate").click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/certificate\/\d+$/);
    await page.getByText(udid).first().waitFor();
    await page.goto("/management");
    await page.getByTestId("certificates").getByText("稳定版证书").waitFor();
    await shot(page, "mall-management");

    // The signing page offers the delivered certificate: sign the fixture IPA with it and check the signed IPA.
    await page.goto("/signature");
    const cert = page.getByTestId("signing-certificate").filter({ hasText: "稳定版证书" });
    await cert.click();
    await expect.poll(() => cert.getAttribute("aria-checked")).toBe("true");
    const chooser = page.waitForEvent("filechooser");
    await page.getByText("点击选择 IPA 文件").click();
    await (await chooser).setFiles(fixturePath("ipa/thin.ipa"));
    await page.getByTestId("uploaded-ipa").waitFor();
    await page.getByRole("button", { name: "开始签名" }).click();
    const task = page.getByTestId("current-task").getByTestId("signing-task");
    await task.and(page.locator('[data-status="done"]')).waitFor({ timeout: 60_000 });
    await task.getByText(/稳定版证书/).waitFor();
    await shot(page, "mall-signed");
    const signed = page.waitForEvent("download");
    await task.getByRole("link", { name: "下载 IPA" }).click();
    const verified = await verifyIpa((await (await signed).path())!, {
      trustedRoots: [readFileSync(fixturePath("pki/root.pem"), "utf8")],
    });
    expect(verified.ok, verified.problems.join("\n")).toBe(true);

    // The balance paid for it exactly once.
    const { token } = await loginUser(t.app.url, "mall_e2e", "secret123");
    const bal = await (
      await fetch(`${t.app.url}/api/payments/balance`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(bal.data.balance).toBe(0);
    expect(planId).toBeGreaterThan(0);
  });

  it("a guest sees the packages and is asked to log in to pick a device; the plan survives the login", async () => {
    const page = await t.page();
    await page.goto("/certificate-mall");
    await page.getByTestId("mall-package").filter({ hasText: "稳定版证书" }).click();
    await page.getByTestId("mall-plan").first().click();
    await page.getByRole("button", { name: "登录后选择设备" }).click();
    await expectPath(page, "/login");
    await shot(page, "mall-guest-login");
  });

  it("a guest captures the UDID, redeems a certificate card key without an account, watches it delivered and downloads the certificate", async () => {
    const adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
    const admin = restClient(t.app.url, adminToken);
    const pkgs = (await admin.rest("GET", "/api/admin/certificate-packages")).body.data;
    const gen = await admin.rest("POST", "/api/admin/card-keys/generate", {
      kind: "certificate",
      plan_id: pkgs[0].plans[0].id,
      count: 1,
    });
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    const [code] = gen.body.data.codes;

    const page = await t.page(undefined, { udidDevice: false });
    await page.goto("/certificate-mall");
    const card = page.getByTestId("guest-redeem");
    await card.getByRole("link", { name: "获取设备 UDID" }).click();
    await expectPath(page, "/udid/guide");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "获取设备信息" }).click(),
    ]);
    const plist = profilePlist(readFileSync((await download.path())!));
    if (!isPlistDict(plist) || !isPlistDict(plist.PayloadContent)) throw new Error("not a profile");
    const udid = newUdid();
    const posted = await FakeDevice.post(
      plist.PayloadContent.URL as string,
      new FakeDevice().sign({ UDID: udid, PRODUCT: "iPhone16,1", VERSION: "22A3354", SERIAL: "G6TZ5678ABCD" }),
    );
    await page.goto(posted.location!);
    await page.getByRole("button", { name: "继续" }).click();
    await expectPath(page, "/certificate-mall");
    await card.getByTestId("guest-device").getByText(udid).waitFor();
    await card.locator("input").fill(code);
    await card.getByRole("button", { name: "兑换证书" }).click();
    await expect.poll(() => card.getByTestId("guest-order-status").textContent()).toBe("已交付");
    await shot(page, "mall-guest-delivered");
    const zip = page.waitForEvent("download");
    await card.getByRole("link", { name: /下载证书/ }).click();
    expect((await zip).suggestedFilename()).toMatch(/\.zip$/);
  });

  it("the back office: packages with their plans, a plan created in the dialog, the delivered task with its log, a supplier's 测试连接", async () => {
    const admin = await t.page({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/certificate-mall");
    await admin.getByTestId("admin-package-name").filter({ hasText: "稳定版证书" }).first().waitFor();
    // 添加方案 on the package's row: a 3-month plan at ¥12.
    await admin
      .getByRole("row", { name: /稳定版证书/ })
      .first()
      .getByRole("button", { name: "添加方案" })
      .click();
    const dialog = admin.getByRole("dialog", { name: "添加价格方案" });
    await dialog.getByLabel("方案名称").fill("三个月");
    await dialog.getByLabel("有效天数").fill("90");
    await dialog.getByLabel("价格（元）").fill("12");
    await dialog.getByRole("button", { name: "保存" }).click();
    await admin.getByRole("cell", { name: "三个月", exact: true }).waitFor();
    await shot(admin, "admin-certificate-mall");
    const pub = await (await fetch(`${t.app.url}/api/certificate-packages`)).json();
    expect(pub.data[0].plans.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ["一年", 30],
      ["三个月", 12],
    ]);

    await admin.goto("/admin/certificate-mall?tab=accounts");
    await admin.getByRole("cell", { name: "主账号", exact: true }).waitFor();
    await shot(admin, "admin-asc-accounts");

    await admin.goto("/admin/cert-tasks");
    const row = admin.getByRole("row", { name: /mall_e2e/ });
    await row.getByText("已交付").waitFor();
    await row.getByRole("button", { name: "展开行" }).click();
    await admin.getByText(/已交付：证书 #\d+/).waitFor();
    await shot(admin, "admin-cert-tasks");

    await admin.goto("/admin/api-interfaces");
    await admin.getByRole("button", { name: "添加接口" }).click();
    const sup = admin.getByRole("dialog", { name: "添加供应商接口" });
    await sup.getByLabel("名称").fill("无人应答");
    await sup.getByLabel("接口地址").fill("http://127.0.0.1:9/api");
    await sup.getByLabel("接口密钥").fill("a-key-of-some-length");
    // 允许内网地址 is off unless ticked: the test connection below is refused before connecting.
    expect(await sup.getByRole("switch", { name: "允许内网地址" }).getAttribute("aria-checked")).toBe("false");
    await shot(admin, "admin-api-interface-form");
    await sup.getByRole("button", { name: "保存" }).click();
    await admin
      .getByRole("row", { name: /无人应答/ })
      .getByRole("button", { name: "测试连接" })
      .click();
    await admin.getByTestId("supplier-test").getByText("失败").waitFor();
    await shot(admin, "admin-api-interfaces");
  });
});
