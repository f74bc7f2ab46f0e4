import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalObjectStore } from "../../packages/platform/src/storage";
import { startS3 } from "../support/s3-server";
import { expectPath, shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

let s3: Awaited<ReturnType<typeof startS3>> | undefined;
const t = useApp(async () => {
  s3 = await startS3();
  return s3.env;
});
afterAll(async () => {
  await s3?.stop();
});

describe("/admin/storage on S3 in the browser (390×844)", () => {
  it("shows what is left on the local disk, 开始迁移, follows it live to 已完成, then nothing is left", async () => {
    // Files a local-disk run of the site left behind.
    const local = new LocalObjectStore(path.join(t.app.dataDir, "storage"));
    for (let i = 0; i < 6; i++)
      await local.put(`private/unsigned/${randomBytes(16).toString("hex")}.ipa`, randomBytes(20_000));
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/storage");
    await expectPath(page, "/admin/storage");
    await page.getByText("S3 对象存储").first().waitFor();
    await page.getByText(/本地磁盘还有 6 个文件/).waitFor();
    await page.getByRole("button", { name: "开始迁移" }).click();
    await page.getByTestId("migration-status").getByText("已完成").waitFor({ timeout: 120_000 });
    expect(await page.getByTestId("migration-moved").textContent()).toBe("6 / 6 个文件");
    await page.getByText("本地磁盘没有待迁移的文件：所有文件都在 S3 中。").waitFor();
    const left: string[] = [];
    for await (const o of local.list("private/")) left.push(o.key);
    expect(left).toEqual([]);
    // The usage table now counts them in S3.
    await page.getByRole("cell", { name: "用户上传的 IPA" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "admin-storage-migrate");
  }, 180_000);
});
