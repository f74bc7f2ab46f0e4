import { afterAll, describe, expect, it } from "vitest";
import { startS3 } from "../support/s3-server";
import { expectPath, shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

let s3: Awaited<ReturnType<typeof startS3>> | undefined;
// The app starts on local disk; the S3 server is there for the admin to switch to from the page.
const t = useApp(async () => {
  s3 = await startS3();
  return {};
});
afterAll(async () => {
  await s3?.stop();
});

describe("/admin/storage in the browser (390×844)", () => {
  it("shows the local backend and its directory, tests the connection, and counts what is stored per kind", async () => {
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/storage");
    await expectPath(page, "/admin/storage");
    await page.locator("[data-tag]").getByText("本地磁盘", { exact: true }).waitFor();
    await page.getByText("存储目录").waitFor();
    // The default app icon is stored at start: one image counted.
    await page.getByRole("cell", { name: "uploads/default-app-icon.png" }).waitFor();
    await page.getByRole("button", { name: "测试连接" }).click();
    await page.getByText("连接正常", { exact: true }).waitFor();
    await page.getByText(/写入、读取、删除测试对象均成功/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "admin-storage");
  }, 120_000);

  it("switches to S3 from the page: a wrong key is refused naming the fault, then saved and in force at once", async () => {
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/storage");
    await page.getByText("存储目录").waitFor();
    await page.getByLabel("S3 对象存储").check();
    await page.getByLabel("Endpoint").fill(s3!.endpoint);
    await page.getByLabel("Bucket").fill(s3!.bucket);
    await page.getByLabel("Access Key ID").fill("WRONGKEY");
    await page.getByLabel("Secret Access Key").fill(s3!.settings.secretAccessKey);
    await page.getByLabel("Path-style（MinIO 等）").click();
    await page.getByRole("button", { name: "测试并保存" }).click();
    await page.getByText(/连接测试失败，设置未保存：访问被拒绝（403）/).waitFor();
    await page.getByLabel("Access Key ID").fill(s3!.settings.accessKeyId);
    await page.getByRole("button", { name: "测试并保存" }).click();
    await page.getByText("设置已保存，所有服务器与 worker 已切换").waitFor();
    await page.getByText("S3 对象存储", { exact: true }).first().waitFor();
    await page.getByText("已设置（不显示）").waitFor();
    // The secret is never sent back: the field is empty, its placeholder says it is set.
    expect(await page.getByLabel("Secret Access Key").inputValue()).toBe("");
    expect(await page.getByLabel("Secret Access Key").getAttribute("placeholder")).toBe("已设置（留空则不修改）");
    // What the local disk still holds is offered for migration.
    await page.getByText(/本地磁盘还有 \d+ 个文件/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "admin-storage-settings");
  }, 120_000);
});
