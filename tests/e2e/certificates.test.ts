import { generateKeyPairSync } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { fixturePath } from "../../packages/apple/fixtures/fixtures";
import { fixtures, P12_PASSWORD, trustFixtureRoot, uploadGoodCertificate } from "../support/certificates";
import { loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

const t = useApp(async () => trustFixtureRoot());

describe("certificates in the browser (390×844)", () => {
  it("uploads a certificate on /management, sees it listed as 未检测, opens it and downloads its zip", async () => {
    await registerUser(t.app.url, "cert_e2e", "secret123");
    const page = await t.page();
    await signIn(page, t.app.url, "cert_e2e", "secret123");
    await page.goto("/management");
    await page.getByRole("heading", { name: "证书管理" }).waitFor();
    await page.getByText("暂无证书").waitFor();
    await shot(page, "management-empty");

    await page.getByRole("button", { name: "上传证书" }).click();
    const sheet = page.getByRole("dialog", { name: "上传证书" });
    await sheet.getByLabel("证书文件").setInputFiles(fixturePath("p12/leaf-aes.p12"));
    // A wrong password is told on the spot (verify-p12-password) and by the upload.
    await sheet.locator("input[type=password]").fill("wrong");
    await sheet.locator("input[type=password]").blur();
    await sheet.getByLabel("描述文件").setInputFiles(fixturePath("profiles/development.mobileprovision"));
    await sheet.getByText("密码错误").waitFor();
    await sheet.getByRole("button", { name: "上传" }).click();
    await sheet.getByRole("alert").getByText("证书密码错误").waitFor();
    await sheet.locator("input[type=password]").fill(P12_PASSWORD);
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

    await item.click();
    await page.waitForURL(/\/certificate\/\d+$/);
    const id = page.url().split("/").pop()!;
    const fields = page.getByTestId("certificate-fields");
    await fields.getByText("iPhone Distribution: Test Co (TEAMID1234)").waitFor();
    await fields.getByText("TEAMID1234", { exact: true }).waitFor();
    await fields.getByText("发布证书").waitFor();
    await page.getByText("TEAMID1234.com.example.demo").first().waitFor();
    for (const udid of fixtures.devices()) await page.getByTestId("profile-devices").getByText(udid).waitFor();
    await shot(page, "certificate-detail");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "下载证书" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("测试发布证书.zip");
    const files = unzipSync(new Uint8Array(readFileSync(await file.path())));
    expect(Buffer.from(files[`certificate-${id}.p12`]!).equals(fixtures.p12())).toBe(true);
    expect(Buffer.from(files[`certificate-${id}.mobileprovision`]!).equals(fixtures.developmentProfile())).toBe(true);
    expect(Buffer.from(files["password.txt"]!).toString()).toBe(P12_PASSWORD);

    // Delete, with a confirmation.
    await page.getByRole("button", { name: "删除" }).click();
    await page.locator(".adm-dialog").getByRole("button", { name: "删除" }).click();
    await page.waitForURL(/\/management$/);
    await page.getByText("暂无证书").waitFor();
  });

  it("an admin finds a user's certificate, uploads a platform certificate and adds an App Store Connect key", async () => {
    await registerUser(t.app.url, "cert_owner_e2e", "secret123");
    const owner = await loginUser(t.app.url, "cert_owner_e2e", "secret123");
    expect((await uploadGoodCertificate(t.app.url, owner.token, "用户的证书")).status).toBe(200);

    const admin = await t.page({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/certificates");
    const row = admin.getByRole("row", { name: /用户的证书/ });
    await row.getByText("cert_owner_e2e", { exact: false }).waitFor();
    await row.getByText("未检测").waitFor();
    await admin.getByPlaceholder("搜索名称、团队、序列号、用户").fill("no-such-certificate");
    await admin.getByRole("button", { name: "搜索" }).click();
    await row.waitFor({ state: "detached" });
    await shot(admin, "admin-certificates");

    await admin.goto("/admin/platform-certificates");
    await admin.getByRole("button", { name: "上传平台证书" }).click();
    const modal = admin.getByRole("dialog");
    const [p12Input, profileInput] = [modal.locator('input[type="file"][accept=".p12"]'), modal.locator('input[type="file"][accept=".mobileprovision"]')];
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
    writeFileSync(rsa, generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "pem", type: "pkcs8" }).toString());
    await p8Modal.locator('input[type="file"]').setInputFiles(rsa);
    await p8Modal.getByRole("button", { name: "保存" }).click();
    await p8Modal.getByText(".p8 私钥无效（须为 App Store Connect 下载的 EC P-256 私钥）").waitFor();
    const ec = path.join(os.tmpdir(), `ec-${process.pid}.p8`);
    writeFileSync(ec, generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "pem", type: "pkcs8" }).toString());
    await p8Modal.locator('input[type="file"]').setInputFiles(ec);
    await p8Modal.getByRole("button", { name: "保存" }).click();
    await admin.getByRole("row", { name: /主账号/ }).getByText("ABC123DEF4").waitFor();
    await shot(admin, "admin-p8-certificates");
  });
});
