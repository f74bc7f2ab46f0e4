import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { isPlistDict } from "@gryx/apple/plist";
import { FakeDevice, newUdid, throwawayP12, userProfileUrl, profilePlist } from "../support/udid-device";
import { loginUser, registerUser } from "./support/api";
import { expectPath, shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

const t = useApp();

/** The relay URL inside the mobileconfig the browser downloaded. */
async function relayUrlOf(download: { path(): Promise<string | null> }): Promise<string> {
  const file = await download.path();
  const plist = profilePlist(readFileSync(file!));
  if (!isPlistDict(plist) || !isPlistDict(plist.PayloadContent)) throw new Error("not a profile");
  expect(plist.PayloadType).toBe("Profile Service");
  return plist.PayloadContent.URL as string;
}

const tip = (page: Page) => page.getByRole("dialog", { name: "获取设备信息" });
const banner = (page: Page) => page.getByRole("region", { name: "设备信息提示" });

describe("UDID capture in the browser (390×844)", () => {
  it("a logged-in user without a device gets the tip, installs the profile, and sees the UDID and model on /udid/received", async () => {
    await registerUser(t.app.url, "udid_e2e_1", "secret123");
    const page = await t.page(undefined, { udidDevice: false });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: t.app.url });
    await signIn(page, t.app.url, "udid_e2e_1", "secret123");
    await page.goto("/tutorial");

    // The modal, its progress bar growing 3 per 100 ms up to 100.
    await tip(page).waitFor();
    const bar = tip(page).getByRole("progressbar");
    const first = Number(await bar.getAttribute("aria-valuenow"));
    const now = async () => Number(await bar.getAttribute("aria-valuenow"));
    // It grows (unless a slow machine showed the modal only once it was full).
    if (first < 100) await expect.poll(now).toBeGreaterThan(first);
    const later = await now();
    expect(later % 3 === 0 || later === 100).toBe(true);
    await tip(page).getByText("描述文件已就绪").waitFor({ timeout: 30_000 });
    expect(await bar.getAttribute("aria-valuenow")).toBe("100");
    await shot(page, "udid-tip-modal");

    // 立即获取: the page makes a capture session with the login (front and callback), and the browser downloads the
    // Profile Service mobileconfig from the session's link, which carries no login token.
    const [download, request] = await Promise.all([
      page.waitForEvent("download"),
      page.waitForRequest((r) => r.url().includes("/api/udid/profile")),
      tip(page).getByRole("button", { name: "立即获取" }).click(),
    ]);
    const asked = new URL(request.url());
    expect([...asked.searchParams.keys()]).toEqual(["session"]);
    expect(asked.searchParams.get("session")).toMatch(/^[0-9a-f]{32}$/);
    const login = await page.evaluate(() => localStorage.getItem("auth_token"));
    expect(login).toBeTruthy();
    expect(request.url()).not.toContain(login!);
    const relay = await relayUrlOf(download);
    expect(relay).toMatch(new RegExp(`^${t.app.url}/api/udid/relay/[0-9a-f]{32}$`));

    // The device posts its signed attributes; Settings then opens the 301's Location in Safari.
    const udid = newUdid();
    const device = new FakeDevice();
    const posted = await FakeDevice.post(
      relay,
      device.sign({ UDID: udid, PRODUCT: "iPhone16,1", VERSION: "22A3354", SERIAL: "G6TZ1234ABCD" }),
    );
    expect(posted.status).toBe(301);
    await page.goto(posted.location!);
    await expectPath(page, "/udid/received");
    await expect.poll(() => page.getByTestId("udid-value").textContent()).toBe(udid);
    await expect.poll(() => page.getByTestId("device-model").textContent()).toBe("iPhone 15 Pro");
    await page.getByText("设备已绑定到您的账号").waitFor();
    expect(await tip(page).count()).toBe(0); // never on /udid/received
    await shot(page, "udid-received");

    await page.getByRole("button", { name: "复制" }).click();
    await page.getByText("UDID 已复制").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(udid);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("selected_device_info") ?? "null"));
    expect(stored).toMatchObject({ udid, modelName: "iPhone 15 Pro", attached: true });

    // 继续 goes back to the page the tip was on; with a device bound the tip stays away.
    await page.getByRole("button", { name: "继续" }).click();
    await expectPath(page, "/tutorial");
    await page.waitForTimeout(1000);
    expect(await tip(page).count()).toBe(0);
    expect(await banner(page).count()).toBe(0);

    // The profile page lists the device; 解绑 removes it.
    await page.goto("/profile");
    const mine = page.getByTestId("my-device");
    await mine.getByText("iPhone 15 Pro").waitFor();
    await mine.getByText(udid).waitFor();
    await shot(page, "udid-profile-devices");
    await mine.getByRole("button", { name: "解绑" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "解绑" }).click();
    await page.getByText("暂无绑定设备", { exact: false }).waitFor();
    const { token } = await loginUser(t.app.url, "udid_e2e_1", "secret123");
    const latest = await (
      await fetch(`${t.app.url}/api/udid/my-latest`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(latest).toMatchObject({ success: true, data: null });
  });

  it("cancelling turns the modal into the top banner 需要获取设备信息; closing it hides the tip on that path for the session; forceUdidTip shows it again", async () => {
    await registerUser(t.app.url, "udid_e2e_2", "secret123");
    const page = await t.page(undefined, { udidDevice: false });
    await signIn(page, t.app.url, "udid_e2e_2", "secret123");
    await page.goto("/tutorial");
    await tip(page).waitFor();
    await tip(page).getByRole("button", { name: "取消" }).click();
    await banner(page).getByText("需要获取设备信息").waitFor();
    await expect.poll(() => tip(page).count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem("udid_tip_prefer_top"))).toBe("1");
    await shot(page, "udid-tip-banner");

    // On another page it comes back as the banner (the modal was cancelled this session).
    await page.goto("/agreement");
    await banner(page).waitFor();
    await banner(page).getByRole("button", { name: "关闭提示" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await page.reload();
    await page.waitForTimeout(1000);
    expect(await banner(page).count()).toBe(0);
    // Dismissed only there: another page still shows it; the flag forces it where it was dismissed.
    await page.goto("/privacy");
    await banner(page).waitFor();
    await page.goto("/agreement?forceUdidTip=true");
    await banner(page).waitFor();
    // Never on the excluded pages.
    for (const path of ["/udid/guide", "/udid/success"]) {
      await page.goto(path);
      await page.waitForTimeout(800);
      expect(await banner(page).count()).toBe(0);
    }
  });

  it("the tutorial's UDID 获取教程 opens the guide with its drawn steps; a guest's capture is attached at login", async () => {
    const page = await t.page(undefined, { udidDevice: false });
    await page.goto("/tutorial");
    await page.getByRole("link", { name: "UDID 获取教程" }).click();
    await expectPath(page, "/udid/guide");
    for (const name of [
      "Safari 提示允许下载配置描述文件",
      "设置中的已下载描述文件",
      "安装描述文件页面",
      "获取成功后返回本站显示 UDID",
    ]) {
      await page.getByRole("img", { name }).waitFor();
    }
    await shot(page, "udid-guide");

    // A guest downloads the profile from the guide.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "获取设备信息" }).click(),
    ]);
    const relay = await relayUrlOf(download);
    const udid = newUdid();
    const posted = await FakeDevice.post(
      relay,
      new FakeDevice().sign({ UDID: udid, PRODUCT: "iPad14,3", VERSION: "21A329", SERIAL: "DMPX1234" }),
    );
    await page.goto(posted.location!);
    await expect.poll(() => page.getByTestId("udid-value").textContent()).toBe(udid);
    await page.getByText("登录后设备将自动绑定到您的账号").waitFor();

    // Logging in on this browser binds it to the account. The claim is held back a moment so the profile's device
    // list has certainly loaded before it: the list must still show the device once it is attached.
    await registerUser(t.app.url, "udid_e2e_3", "secret123");
    await signIn(page, t.app.url, "udid_e2e_3", "secret123");
    await page.route("**/api/udid/session/*/consume", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto("/profile");
    await page.getByText("暂无绑定设备", { exact: false }).waitFor();
    await page.getByTestId("my-device").getByText(udid).waitFor();
    await page.getByTestId("my-device").getByText("iPad Pro 11 英寸 (第四代)").waitFor();
  });
});

describe("UDID back office", () => {
  it("an admin sees every device with owner and model, unbinds one, sets the profile-signing p12, and edits device models", async () => {
    await registerUser(t.app.url, "udid_e2e_admin_case", "secret123");
    const { token } = await loginUser(t.app.url, "udid_e2e_admin_case", "secret123");
    const udid = newUdid();
    const profile = await fetch(await userProfileUrl(t.app.url, token));
    const relay = profilePlist(Buffer.from(await profile.arrayBuffer())).PayloadContent.URL as string;
    expect(
      (
        await FakeDevice.post(
          relay,
          new FakeDevice().sign({ UDID: udid, PRODUCT: "iPhone17,2", VERSION: "22B83", SERIAL: "H7QK9999" }),
        )
      ).status,
    ).toBe(301);

    const admin = await t.page({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/devices");
    const row = admin.getByRole("row", { name: new RegExp(udid) });
    await row.getByText("iPhone 16 Pro Max").waitFor();
    await row.getByText("udid_e2e_admin_case").waitFor();
    await row.getByText("无").waitFor(); // in no certificate

    // The signing certificate: a p12 with its password.
    const dir = mkdtempSync(path.join(tmpdir(), "udid-e2e-"));
    const p12 = path.join(dir, "site.p12");
    writeFileSync(p12, throwawayP12("E2E Profile Signer", "p12-pass"));
    await admin.locator('input[type="file"]').setInputFiles(p12);
    await admin.getByLabel("证书密码").fill("p12-pass");
    // The demo run already signs with the demo identity: the admin replaces it (更换证书).
    await admin.getByRole("button", { name: /^(保存证书|更换证书)$/ }).click();
    await admin.getByText("签名证书已保存").waitFor();
    await admin.getByText("E2E Profile Signer").waitFor();
    expect((await fetch(`${t.app.url}/api/udid/profile`)).headers.get("x-profile-signed")).toBe("1");
    await shot(admin, "admin-devices");

    await row.getByRole("button", { name: "解绑" }).click();
    await admin.locator(".ant-popconfirm").getByRole("button", { name: "解绑" }).click();
    await admin.getByText("已解绑").waitFor();
    await row.getByText("未绑定").waitFor();
    const latest = await (
      await fetch(`${t.app.url}/api/udid/my-latest`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(latest.data).toBeNull();

    // Device models: add, edit, delete.
    await admin.goto("/admin/device-models");
    await admin.getByText(/共 \d+ 条数据/).waitFor();
    await admin.getByPlaceholder("搜索型号标识或名称").fill("iPhone16");
    await admin.getByPlaceholder("搜索型号标识或名称").press("Enter");
    await admin
      .getByRole("row", { name: /iPhone16,2/ })
      .getByText("iPhone 15 Pro Max")
      .waitFor();
    await admin.getByRole("button", { name: "添加型号" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel("型号标识（PRODUCT）").fill("iPhone99,9");
    await dialog.getByLabel("型号名称").fill("iPhone 测试机");
    await dialog.getByRole("button", { name: "保存" }).click();
    await admin.getByText("设备型号已添加").waitFor();
    await admin.getByPlaceholder("搜索型号标识或名称").fill("iPhone99");
    await admin.getByPlaceholder("搜索型号标识或名称").press("Enter");
    const mine = admin.getByRole("row", { name: /iPhone99,9/ });
    await mine.getByText("iPhone 测试机").waitFor();
    await mine.getByRole("button", { name: "编辑" }).click();
    await dialog.getByLabel("型号名称").fill("iPhone 测试机 Pro");
    await dialog.getByRole("button", { name: "保存" }).click();
    await mine.getByText("iPhone 测试机 Pro").waitFor();
    await shot(admin, "admin-device-models");
    await mine.getByRole("button", { name: "删除" }).click();
    await admin
      .locator(".ant-popconfirm")
      .getByRole("button", { name: /删\s*除|确\s*定/ })
      .click();
    await expect.poll(() => mine.count()).toBe(0);
  });
});
