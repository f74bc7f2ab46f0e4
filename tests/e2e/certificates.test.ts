import { generateKeyPairSync } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_PKI_PASSWORD } from "../../packages/apple/fixtures/test-pki";
import { createCheckScene, uploadLeaf, type CheckScene } from "../support/cert-checks";
import { FakeDevice, newUdid, userProfileUrl, profilePlist } from "../support/udid-device";
import { fixturePath } from "../../packages/apple/fixtures/fixtures";
import { P12_PASSWORD, trustFixtureRoot } from "../support/certificates";
import { loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

let scene: CheckScene;
// The status-check scene's PKI (leaves with a live openssl OCSP responder) and the fixtures' fake Apple root.
const t = useApp(async () => {
  scene = await createCheckScene();
  return { APPLE_EXTRA_ROOTS: `${scene.env.APPLE_EXTRA_ROOTS},${trustFixtureRoot().APPLE_EXTRA_ROOTS}` };
});
afterAll(async () => {
  await scene?.close();
});

const device = new FakeDevice();
/**
 * Binds a device to the user like an iPhone would (profile → CMS-signed attributes to the relay), so the user has
 * a device (no UDID tip) and the certificate page can say whether it is in the profile.
 */
async function bindDevice(token: string, udid: string): Promise<void> {
  const res = await fetch(await userProfileUrl(t.app.url, token));
  expect(res.status).toBe(200);
  const profile = profilePlist(Buffer.from(await res.arrayBuffer())) as { PayloadContent: { URL: string } };
  const r = await FakeDevice.post(
    profile.PayloadContent.URL,
    device.sign({ UDID: udid, PRODUCT: "iPhone15,2", VERSION: "21E236", SERIAL: "F2LXK0ABCD12" }),
  );
  expect(r.status).toBe(301);
}

describe("certificates in the browser (390×844)", () => {
  it("uploads a certificate on /management, sees it listed, re-checks it (有效), opens it and downloads its zip", async () => {
    await registerUser(t.app.url, "cert_e2e", "secret123");
    const udid = newUdid();
    await bindDevice((await loginUser(t.app.url, "cert_e2e", "secret123")).token, udid);
    // A profile listing the user's device and another one.
    const profilePath = await scene.pki.profile("e2e-mine", {
      certs: [scene.leaves.good.der],
      devices: [udid, "00008030-00000000000000E2"],
    });
    const page = await t.page();
    await signIn(page, t.app.url, "cert_e2e", "secret123");
    await page.goto("/management");
    await page.getByRole("heading", { name: "证书管理" }).waitFor();
    await page.getByTestId("certificates-empty").getByText("还没有证书", { exact: false }).waitFor();
    await shot(page, "management-empty");

    await page.getByRole("button", { name: "上传证书" }).click();
    const sheet = page.getByRole("dialog", { name: "上传证书" });
    await sheet.getByLabel("证书文件").setInputFiles(scene.leaves.good.p12Path);
    // A wrong password is told on the spot (verify-p12-password) and by the upload.
    await sheet.locator("input[type=password]").fill("wrong");
    await sheet.locator("input[type=password]").blur();
    await sheet.getByLabel("描述文件").setInputFiles(profilePath);
    await sheet.getByText("密码错误").waitFor();
    await sheet.getByRole("button", { name: "上传" }).click();
    await sheet.getByRole("alert").getByText("证书密码错误").waitFor();
    await sheet.locator("input[type=password]").fill(TEST_PKI_PASSWORD);
    await sheet.locator("input[type=password]").blur();
    await sheet.getByRole("textbox", { name: "证书名称" }).fill("测试发布证书");
    await sheet.getByText("密码正确").waitFor();
    await shot(page, "management-upload-sheet");
    await sheet.getByRole("button", { name: "上传" }).click();

    const item = page.getByTestId("certificate-item").filter({ hasText: "测试发布证书" });
    await item.waitFor();
    await item.getByTestId("certificate-status").getByText("未检测").waitFor();
    await item.getByText("2 台设备").waitFor();
    await item.getByText("尚未检测").waitFor();
    await sheet.waitFor({ state: "hidden" });
    await shot(page, "management-list");

    // 重新检测: the worker asks the OCSP responder; the badge turns 有效 with the check time.
    await item.getByRole("button", { name: "重新检测" }).click();
    await item.getByTestId("certificate-status").getByText("有效").waitFor({ timeout: 30_000 });
    await item.getByText(/^检测：/).waitFor();
    await shot(page, "management-checked");

    await item.getByRole("link").click();
    await page.waitForURL(/\/certificate\/\d+$/);
    const id = page.url().split("/").pop()!;
    const fields = page.getByTestId("certificate-fields");
    await fields.getByText(scene.leaves.good.teamId, { exact: true }).waitFor();
    await fields.getByText("发布证书").waitFor();
    await page.getByTestId("certificate-status").getByText("有效").waitFor();
    await page.getByTestId("my-devices-covered").getByText("已包含（1/1）").waitFor();
    await page.getByTestId("profile-devices").getByText(udid).waitFor();
    await page
      .getByTestId("profile-devices")
      .getByText(/我的设备 · /)
      .waitFor();
    await shot(page, "certificate-detail");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "下载证书" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("测试发布证书.zip");
    const files = unzipSync(new Uint8Array(readFileSync(await file.path())));
    expect(Buffer.from(files[`certificate-${id}.p12`]!).equals(readFileSync(scene.leaves.good.p12Path))).toBe(true);
    expect(Buffer.from(files[`certificate-${id}.mobileprovision`]!).equals(readFileSync(profilePath))).toBe(true);
    expect(Buffer.from(files["password.txt"]!).toString()).toBe(TEST_PKI_PASSWORD);

    // Delete, with a confirmation.
    await page.getByRole("button", { name: "删除" }).click();
    await page.locator(".adm-dialog").getByRole("button", { name: "删除" }).click();
    await page.waitForURL(/\/management$/);
    await page.getByTestId("certificates-empty").getByText("还没有证书", { exact: false }).waitFor();
  });

  it("a revoked certificate is accepted and shows 已吊销 after its check", async () => {
    await registerUser(t.app.url, "cert_e2e_revoked", "secret123");
    const { token } = await loginUser(t.app.url, "cert_e2e_revoked", "secret123");
    await bindDevice(token, newUdid());
    await uploadLeaf(scene, t.app.url, token, scene.leaves.revoked, "被吊销的证书");
    const page = await t.page();
    await signIn(page, t.app.url, "cert_e2e_revoked", "secret123");
    await page.goto("/management");
    const item = page.getByTestId("certificate-item").filter({ hasText: "被吊销的证书" });
    await item.getByRole("button", { name: "重新检测" }).click();
    await item.getByTestId("certificate-status").getByText("已吊销").waitFor({ timeout: 30_000 });
    await shot(page, "management-revoked");
  });

  it("temporary certificates: upload for 3 days, import one of mine, delete", async () => {
    await registerUser(t.app.url, "cert_e2e_temp", "secret123");
    const { token } = await loginUser(t.app.url, "cert_e2e_temp", "secret123");
    await bindDevice(token, newUdid());
    await uploadLeaf(scene, t.app.url, token, scene.leaves.good, "我的主证书");
    const profilePath = await scene.pki.profile("e2e-temp", { certs: [scene.leaves.good.der], devices: "all" });
    const page = await t.page();
    await signIn(page, t.app.url, "cert_e2e_temp", "secret123");
    await page.goto("/management");
    await page.getByRole("link", { name: "临时证书" }).click();
    await page.waitForURL(/\/temp-certificates$/);
    await page.getByText("暂无临时证书").waitFor();
    await page.getByText("暂无可导入的证书订单").waitFor();

    await page.getByRole("button", { name: "上传临时证书" }).click();
    const sheet = page.getByRole("dialog", { name: "上传临时证书" });
    await sheet.getByLabel("证书文件").setInputFiles(scene.leaves.good.p12Path);
    await sheet.locator("input[type=password]").fill(TEST_PKI_PASSWORD);
    await sheet.getByLabel("描述文件").setInputFiles(profilePath);
    await sheet.getByText("3天").click();
    await sheet.getByRole("textbox", { name: "证书名称" }).fill("三天临时证书");
    await sheet.getByRole("button", { name: "上传" }).click();
    const uploaded = page.getByTestId("certificate-item").filter({ hasText: "三天临时证书" });
    await uploaded.getByText(/临时有效期至/).waitFor();

    await page.getByRole("button", { name: "从我的证书导入" }).click();
    const picker = page.getByRole("dialog", { name: "从我的证书导入" });
    await picker.getByText("我的主证书").waitFor();
    await picker.getByRole("button", { name: "导入" }).click();
    await page.getByTestId("certificate-item").filter({ hasText: "我的主证书" }).waitFor();
    expect(await page.getByTestId("certificate-item").count()).toBe(2);
    await shot(page, "temp-certificates");

    await uploaded.getByRole("button", { name: "删除" }).click();
    await page.locator(".adm-dialog").getByRole("button", { name: "删除" }).click();
    await uploaded.waitFor({ state: "detached" });
    expect(await page.getByTestId("certificate-item").count()).toBe(1);
  });

  it("an admin finds a user's certificate, uploads a platform certificate and adds an App Store Connect key", async () => {
    await registerUser(t.app.url, "cert_owner_e2e", "secret123");
    const owner = await loginUser(t.app.url, "cert_owner_e2e", "secret123");
    await uploadLeaf(scene, t.app.url, owner.token, scene.leaves.good, "用户的证书");

    const admin = await t.page({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/certificates");
    const row = admin.getByRole("row", { name: /用户的证书/ });
    await row.getByText("cert_owner_e2e", { exact: false }).waitFor();
    await row.getByText("未检测").waitFor();
    // 检测 from the row: the worker asks the OCSP responder; the row shows 有效.
    await row.getByRole("button", { name: "检测" }).click();
    await row.getByText("有效").waitFor({ timeout: 30_000 });
    await admin.getByPlaceholder("搜索名称、团队、序列号、用户").fill("no-such-certificate");
    await admin.getByRole("button", { name: "搜索" }).click();
    await row.waitFor({ state: "detached" });
    await shot(admin, "admin-certificates");

    await admin.goto("/admin/platform-certificates");
    await admin.getByRole("button", { name: "上传平台证书" }).click();
    const modal = admin.getByRole("dialog");
    const [p12Input, profileInput] = [
      modal.locator('input[type="file"][accept=".p12"]'),
      modal.locator('input[type="file"][accept=".mobileprovision"]'),
    ];
    await p12Input.setInputFiles(fixturePath("p12/leaf-aes.p12"));
    await profileInput.setInputFiles(fixturePath("profiles/enterprise.mobileprovision"));
    await modal.getByLabel("证书密码").fill(P12_PASSWORD);
    await modal.getByLabel("名称").fill("平台企业证书");
    await modal.getByRole("button", { name: "上传" }).click();
    const platformRow = admin.getByRole("row", { name: /平台企业证书/ });
    await platformRow.getByText("企业证书", { exact: true }).waitFor();
    await shot(admin, "admin-platform-certificates");

    await admin.goto("/admin/p8-certificates");
    await admin.getByRole("button", { name: "添加密钥" }).click();
    const p8Modal = admin.getByRole("dialog");
    await p8Modal.getByLabel("名称").fill("主账号");
    await p8Modal.getByLabel("Issuer ID").fill("69a6de70-03db-47e3-e053-5b8c7c11a4d1");
    await p8Modal.getByLabel("Key ID").fill("ABC123DEF4");
    const rsa = path.join(os.tmpdir(), `rsa-${process.pid}.p8`);
    writeFileSync(
      rsa,
      generateKeyPairSync("rsa", { modulusLength: 2048 })
        .privateKey.export({ format: "pem", type: "pkcs8" })
        .toString(),
    );
    await p8Modal.locator('input[type="file"]').setInputFiles(rsa);
    await p8Modal.getByRole("button", { name: "保存" }).click();
    await p8Modal.getByText(".p8 私钥无效（须为 App Store Connect 下载的 EC P-256 私钥）").waitFor();
    const ec = path.join(os.tmpdir(), `ec-${process.pid}.p8`);
    writeFileSync(
      ec,
      generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    );
    await p8Modal.locator('input[type="file"]').setInputFiles(ec);
    await p8Modal.getByRole("button", { name: "保存" }).click();
    await admin
      .getByRole("row", { name: /主账号/ })
      .getByText("ABC123DEF4")
      .waitFor();
    await shot(admin, "admin-p8-certificates");
  });
});
