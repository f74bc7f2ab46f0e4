import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { encodePng } from "@gryx/apple/png";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { gql, loginUser } from "./support/api";
import { expectPath } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

const t = useApp();

/** A real 64×64 PNG: a diagonal gradient. */
function pngIcon(): Buffer {
  const size = 64;
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      rgba.set([40 + x * 3, 90 + y * 2, 220 - x, 255], i);
    }
  return encodePng(size, size, rgba);
}

interface AdminAppsResult {
  adminApps: {
    total: number;
    items: { id: string; name: string; icon: string; price: number; categoryName: string | null }[];
  };
}

async function adminToken(): Promise<string> {
  return (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
}

async function adminApps(token: string): Promise<AdminAppsResult["adminApps"]> {
  const data = await gql<AdminAppsResult>(
    t.app.url,
    "query { adminApps(page: 1, pageSize: 100) { total items { id name icon price categoryName } } }",
    {},
    token,
  );
  return data.adminApps;
}

async function openAdmin(path: string): Promise<Page> {
  const page = await t.page();
  await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
  await page.goto(path);
  await expectPath(page, new URL(path, t.app.url).pathname);
  return page;
}

describe("admin catalogue", () => {
  it("creates an app with an uploaded icon, edits, reorders, shows it on the home page, then batch-deletes it", async () => {
    const token = await adminToken();
    // a second app to reorder against
    await gql(t.app.url, 'mutation { createApp(input: { name: "E2E 对照应用", price: 0 }) { id } }', {}, token);

    const page = await openAdmin("/admin/apps?tab=categories");
    // the home page opens the 默认 category: 恢复默认 creates it
    await page.getByRole("button", { name: "恢复默认" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "恢复默认" }).click();
    await page.locator("tr", { hasText: "默认" }).first().waitFor({ timeout: 30_000 });

    await page.getByRole("tab", { name: "应用列表" }).click();
    await page.getByRole("button", { name: "新建应用" }).click();
    const dialog = page.getByRole("dialog", { name: "新建应用" });
    await dialog.waitFor();

    // the name is required
    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.getByText("请填写应用名称").waitFor({ timeout: 30_000 });

    await dialog
      .locator('input[aria-label="上传应用图标"]')
      .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: pngIcon() });
    const preview = dialog.locator('img[alt="预览"]');
    await expect
      .poll(() => preview.getAttribute("src").catch(() => null))
      .toMatch(/^\/uploads\/icons\/[0-9a-f]+\.png$/);
    const iconUrl = (await preview.getAttribute("src"))!;
    const icon = await page.request.get(iconUrl);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/png");

    await dialog.getByLabel("应用名称").fill("E2E 测试应用");
    await dialog.getByLabel("分类").click();
    await page.locator('.ant-select-item-option[title="默认"]').click();
    await dialog.getByLabel("Bundle ID").fill("com.e2e.test");
    await dialog.getByLabel("价格（元）").fill("-1");
    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.getByText("价格不能为负数").waitFor({ timeout: 30_000 });
    await dialog.getByLabel("价格（元）").fill("0");
    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.waitFor({ state: "detached", timeout: 30_000 });

    const row = (name: string) => page.locator("tbody tr", { hasText: name });
    await row("E2E 测试应用").waitFor({ timeout: 30_000 });
    let apps = await adminApps(token);
    const created = apps.items.find((a) => a.name === "E2E 测试应用");
    expect(created).toMatchObject({ icon: iconUrl, price: 0, categoryName: "默认" });

    // edit: new name and a price
    await row("E2E 测试应用").getByRole("button", { name: "编辑" }).click();
    const edit = page.getByRole("dialog", { name: "编辑应用" });
    await edit.getByLabel("应用名称").fill("E2E 测试应用 Pro");
    await edit.getByLabel("价格（元）").fill("1.5");
    await edit.getByRole("button", { name: "保存" }).click();
    await edit.waitFor({ state: "detached", timeout: 30_000 });
    await row("E2E 测试应用 Pro").getByText("¥1.50").waitFor({ timeout: 30_000 });
    apps = await adminApps(token);
    expect(apps.items.find((a) => a.id === created!.id)).toMatchObject({ name: "E2E 测试应用 Pro", price: 1.5 });

    // reorder: move it one place, in the table and on the server
    const before = apps.items.map((a) => a.id);
    const at = before.indexOf(created!.id);
    const direction = at === 0 ? "下移" : "上移";
    await row("E2E 测试应用 Pro").getByRole("button", { name: direction }).click();
    const expected = [...before];
    expected.splice(at, 1);
    expected.splice(at === 0 ? 1 : at - 1, 0, created!.id);
    await expect.poll(async () => (await adminApps(token)).items.map((a) => a.id)).toEqual(expected);
    await expect
      .poll(
        () =>
          page.locator("tbody tr[data-row-key]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-row-key"))),
        { timeout: 30_000 },
      )
      .toEqual(expected);

    // the home page lists it in the 默认 category
    const home = await t.page();
    await home.goto("/");
    await home.getByText("E2E 测试应用 Pro").first().waitFor({ timeout: 30_000 });

    // batch delete with confirmation
    await row("E2E 测试应用 Pro").locator('input[type="checkbox"]').check();
    await page.getByRole("button", { name: "批量删除 (1)" }).click();
    await page.locator(".ant-popconfirm").getByText("确定删除选中的 1 项吗？删除后无法恢复").waitFor();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "删除" }).click();
    await row("E2E 测试应用 Pro").waitFor({ state: "detached", timeout: 30_000 });
    apps = await adminApps(token);
    expect(apps.items.some((a) => a.id === created!.id)).toBe(false);
    expect(apps.items.map((a) => a.name)).toContain("E2E 对照应用");
    // its icon went with it
    await expect.poll(async () => (await page.request.get(iconUrl)).status()).toBe(404);
  });

  it("shows the server's error for a non-image icon and a non-zip IPA, and saves nothing", async () => {
    const token = await adminToken();
    const totalBefore = (await adminApps(token)).total;
    const page = await openAdmin("/admin/apps");
    await page.getByRole("button", { name: "新建应用" }).click();
    const dialog = page.getByRole("dialog", { name: "新建应用" });
    await dialog.waitFor();

    // named .png, but not an image: only the server can tell
    await dialog
      .locator('input[aria-label="上传应用图标"]')
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("this is not a picture") });
    await dialog.getByText("上传失败：仅支持 PNG、JPG、GIF、WEBP 格式的图片").waitFor({ timeout: 30_000 });
    expect(await dialog.locator('img[alt="预览"]').count()).toBe(0);

    // a file the browser already refuses by its type never leaves it (the same message is already showing, so count the uploads)
    const iconUploads: string[] = [];
    page.on("request", (r) => new URL(r.url()).pathname === "/api/apps/upload" && iconUploads.push(r.url()));
    await dialog
      .locator('input[aria-label="上传应用图标"]')
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await dialog.getByText("上传失败：仅支持 PNG、JPG、GIF、WEBP 格式的图片").waitFor({ timeout: 30_000 });

    await dialog.locator('input[aria-label="上传 IPA"]').setInputFiles({
      name: "broken.ipa",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("not a zip archive at all"),
    });
    await dialog.getByText("上传失败：文件不是有效的 IPA（zip）压缩包").waitFor({ timeout: 30_000 });
    expect(iconUploads).toEqual([]);
    // nothing was filled in from it
    expect(await dialog.getByLabel("应用名称").inputValue()).toBe("");

    await dialog.getByRole("button", { name: "取消" }).click();
    expect((await adminApps(token)).total).toBe(totalBefore);
  });

  it("an uploaded IPA fills in name, version, bundle id, icon and size, and the app keeps the package", async () => {
    const token = await adminToken();
    const ipa = readFixture("ipa/thin.ipa");
    const page = await openAdmin("/admin/apps");
    await page.getByRole("button", { name: "新建应用" }).click();
    const dialog = page.getByRole("dialog", { name: "新建应用" });
    await dialog
      .locator('input[aria-label="上传 IPA"]')
      .setInputFiles({ name: "Demo.ipa", mimeType: "application/octet-stream", buffer: ipa });
    await dialog.getByText("已上传 Demo.ipa").waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.getByLabel("应用名称").inputValue()).toBe("Demo");
    expect(await dialog.getByLabel("版本").inputValue()).toBe("1.2.3");
    expect(await dialog.getByLabel("Bundle ID").inputValue()).toBe("com.example.demo");
    expect(await dialog.getByLabel("最低 iOS").inputValue()).toBe("14.0");
    expect(await dialog.getByLabel("大小（MB）").isDisabled()).toBe(true);
    await expect
      .poll(
        () =>
          dialog
            .locator('img[alt="预览"]')
            .getAttribute("src")
            .catch(() => null),
        { timeout: 30_000 },
      )
      .toMatch(/^\/uploads\/icons\//);

    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.waitFor({ state: "detached", timeout: 30_000 });
    await page.locator("tbody tr", { hasText: "com.example.demo" }).getByText("已上传").waitFor({ timeout: 30_000 });
    const data = await gql<{
      adminApps: { items: { name: string; size: number; hasIpa: boolean; bundleId: string }[] };
    }>(
      t.app.url,
      'query { adminApps(search: "com.example.demo", page: 1, pageSize: 10) { items { name size hasIpa bundleId } } }',
      {},
      token,
    );
    expect(data.adminApps.items).toEqual([
      { name: "Demo", size: ipa.length, hasIpa: true, bundleId: "com.example.demo" },
    ]);
  });
});
