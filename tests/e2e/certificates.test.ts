import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { fixturePath } from "../../packages/apple/fixtures/fixtures";
import { fixtures, P12_PASSWORD, trustFixtureRoot } from "../support/certificates";
import { registerUser } from "./support/api";
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
});
