import { describe, expect, it } from "vitest";
import { expectPath, shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

const t = useApp(async () => ({}));

describe("/admin/storage in the browser (390×844)", () => {
  it("shows the local backend and its directory, tests the connection, and counts what is stored per kind", async () => {
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/storage");
    await expectPath(page, "/admin/storage");
    await page.getByText("本地磁盘").waitFor();
    await page.getByText("存储目录").waitFor();
    // The default app icon is stored at start: one image counted.
    await page.getByRole("cell", { name: "uploads/default-app-icon.png" }).waitFor();
    await page.getByRole("button", { name: "测试连接" }).click();
    await page.getByText("连接正常", { exact: true }).waitFor();
    await page.getByText(/写入、读取、删除测试对象均成功/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "admin-storage");
  }, 120_000);
});
