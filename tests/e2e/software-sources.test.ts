import { afterAll, describe, expect, it } from "vitest";
import { altstoreDoc, esignDoc, manyApps, SourceFixtureServer } from "../support/source-fixtures";
import { loginUser, registerUser } from "./support/api";
import { expectPath, shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// Sources are served from this machine, so the app is started with SOURCES_ALLOW_PRIVATE=1.
const fixtures = new SourceFixtureServer();
const t = useApp(async () => {
  await fixtures.start();
  return { SOURCES_ALLOW_PRIVATE: "1" };
});
afterAll(() => fixtures.close());

async function adminPost(path: string, body: unknown) {
  const { token } = await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword);
  const res = await fetch(t.app.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { id: number } };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data;
}

describe("software sources in the browser (390×844)", () => {
  it("a user subscribes to a source, browses its apps page by page, searches across sources and opens an app", async () => {
    // A site source from the admin: an ESign source with a locked app.
    const esignUrl = fixtures.json(
      "/site-esign.json",
      esignDoc("站点易签源", [
        { name: "锁定的神器", bundleId: "cn.site.locked", version: "3.2.1", locked: true },
        ...manyApps(3, "站点应用", "cn.site"),
      ]),
    );
    await adminPost("/api/admin/software-sources", { name: "站点易签源", url: esignUrl });
    const altUrl = fixtures.json("/my-alt.json", altstoreDoc("我的AltStore", manyApps(30, "Alt 应用", "com.mine")));

    await registerUser(t.app.url, "src_e2e_user", "secret123");
    const page = await t.page();
    await signIn(page, t.app.url, "src_e2e_user", "secret123");
    await page.goto("/");
    // The 软件源 tab.
    await page.getByRole("link", { name: "软件源" }).first().click();
    await expectPath(page, "/software-source");
    const sources = page.getByTestId("sources");
    await sources
      .getByRole("link", { name: /站点易签源/ })
      .getByText("4 个应用")
      .waitFor();
    await shot(page, "software-source-list");

    // Subscribe: a private source by address.
    await page.getByRole("button", { name: "添加软件源" }).click();
    const sheet = page.getByRole("dialog", { name: "添加软件源" });
    await sheet.getByPlaceholder("给这个软件源起个名字").fill("我的源");
    await sheet.getByPlaceholder("https://example.com/source.json").fill(altUrl);
    await shot(page, "software-source-add");
    await sheet.getByRole("button", { name: "添加" }).click();
    const mine = sources.getByRole("link", { name: /我的源/ });
    await mine.getByText("私有").waitFor();
    // Fetched in the background; the list looks again until it has been.
    await mine.getByText("30 个应用").waitFor({ timeout: 30_000 });
    await shot(page, "software-source-subscribed");

    // Browse: 30 apps, 20 a page.
    await mine.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/software-source\/\d+\/apps$/);
    const apps = page.getByTestId("source-apps");
    await apps.getByRole("button", { name: "Alt 应用 1", exact: true }).waitFor();
    expect(await apps.getByRole("listitem").count()).toBe(20);
    await page.getByText("30 个应用").first().waitFor();
    // The source's news.
    await page.getByRole("region", { name: "软件源动态" }).getByText("上新").waitFor();
    await shot(page, "software-source-apps");
    await page.getByRole("button", { name: "第 2 页" }).click();
    await apps.getByRole("button", { name: "Alt 应用 30" }).waitFor();
    expect(await apps.getByRole("listitem").count()).toBe(10);
    // Filter inside the source.
    await page
      .getByRole("searchbox", { name: "在此软件源中搜索" })
      .or(page.getByPlaceholder("在此软件源中搜索名称或 Bundle ID"))
      .first()
      .fill("com.mine.app7");
    await expect.poll(() => apps.getByRole("listitem").count()).toBe(1);
    // Open an app: what the source says, and its IPA link.
    await apps.getByRole("button", { name: "Alt 应用 7" }).click();
    const detail = page.getByTestId("source-app-detail");
    await detail.getByText("com.mine.app7").waitFor();
    await detail.getByText("我的源").waitFor();
    await detail.getByRole("button", { name: "下载 IPA" }).waitFor();
    await detail.getByRole("button", { name: "复制下载链接" }).waitFor();
    expect(new URL(page.url()).searchParams.get("app")).toMatch(/^\d+$/);
    await shot(page, "software-source-app-detail");
    await page.goBack();
    await expect.poll(() => detail.count()).toBe(0);

    // Search across sources.
    await page.goto("/software-source");
    await page.getByRole("button", { name: "搜索所有软件源中的应用" }).click();
    await expectPath(page, "/software-source/search");
    const box = page.getByPlaceholder("应用名称或 Bundle ID");
    await box.fill("神器");
    await box.press("Enter");
    const results = page.getByTestId("source-apps");
    await results.getByRole("button", { name: "锁定的神器" }).waitFor();
    await page.getByText("共 1 个").waitFor();
    await results.getByText("来自 站点易签源").waitFor();
    await shot(page, "software-source-search");
    // A bundle id finds the private source's app too (its owner searches).
    await box.fill("com.mine.app12");
    await box.press("Enter");
    await results.getByRole("button", { name: "Alt 应用 12" }).waitFor();
    // Locked ESign app: the source's pay / unlock pages, no download.
    await box.fill("cn.site.locked");
    await box.press("Enter");
    await results.getByRole("button", { name: "锁定的神器" }).click();
    await detail.getByText("已加锁", { exact: true }).waitFor();
    await detail.getByRole("button", { name: "前往购买" }).waitFor();
    await detail.getByRole("button", { name: "输入解锁码" }).waitFor();
    expect(await detail.getByRole("button", { name: "下载 IPA" }).count()).toBe(0);
    await shot(page, "software-source-locked-app");

    // Another visitor sees neither the private source nor its apps.
    const guest = await t.page();
    await guest.goto("/software-source/search?q=com.mine");
    await guest.getByText("没有找到「com.mine」相关的应用").waitFor();
  });

  it("an admin adds a source on the add page, sees it fetched on its page, edits it, and chooses the published categories", async () => {
    // The source's first answer is held until its page has shown it without apps (as a slow source would), so the
    // page has to read the apps again once the fetch lands.
    const doc = JSON.stringify(altstoreDoc("后台源", manyApps(12, "后台应用", "com.admin")));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const url = fixtures.route("/admin-alt.json", (_req, res) => {
      void held.then(() => res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(doc));
    });
    const admin = await t.page({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/software-sources");
    await admin.getByRole("button", { name: "添加软件源" }).click();
    await expectPath(admin, "/admin/software-sources/add");
    await admin.getByLabel("名称").fill("后台添加的源");
    await admin.getByLabel("地址", { exact: true }).fill(url);
    await admin.getByLabel("刷新间隔（分钟）").fill("60");
    await admin.getByRole("button", { name: "保存" }).click();
    await expect.poll(() => new URL(admin.url()).pathname).toMatch(/^\/admin\/software-sources\/\d+$/);
    await admin.getByText("应用（0）").waitFor();
    release();
    // The page looks again while the first fetch runs.
    await admin.getByText("正常").first().waitFor({ timeout: 30_000 });
    await admin.getByText("应用（12）").waitFor();
    await admin
      .getByRole("cell", { name: /后台应用 1\b/ })
      .first()
      .waitFor();
    await admin.getByText("已更新").waitFor();
    await shot(admin, "admin-software-source-detail");

    await admin.getByRole("button", { name: "编辑" }).click();
    await expect.poll(() => new URL(admin.url()).pathname).toMatch(/^\/admin\/software-sources\/\d+\/edit$/);
    await expect.poll(() => admin.getByLabel("名称").inputValue()).toBe("后台添加的源");
    await admin.getByLabel("名称").fill("改过名的源");
    await admin.getByRole("button", { name: "保存" }).click();
    await expect.poll(() => new URL(admin.url()).pathname).toMatch(/^\/admin\/software-sources\/\d+$/);
    await admin.getByText("改过名的源").first().waitFor();

    await adminPost("/api/app-types", { name: "e2e-feed", display_name: "发布分类" });
    await admin.goto("/admin/software-sources");
    await admin
      .getByRole("row", { name: /改过名的源/ })
      .getByRole("cell", { name: "12", exact: true })
      .waitFor();
    await admin.getByText("发布本站软件源").waitFor();
    await admin.getByText(`${t.app.url}/sources/altstore.json`).waitFor();
    // Publish one category only.
    const categories = admin.getByLabel("发布的分类");
    const category = (await categories.getByRole("option", { name: /发布分类/ }).textContent())!.trim();
    await categories.selectOption({ label: category });
    await admin.getByRole("button", { name: "保存" }).click();
    await admin.getByText("已保存").waitFor();
    await shot(admin, "admin-software-sources");
    const { token } = await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword);
    const feed = (await (
      await fetch(`${t.app.url}/api/admin/software-sources/feed`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { category_ids: number[] } };
    expect(feed.data.category_ids).toHaveLength(1);
    const types = (await (await fetch(`${t.app.url}/api/app-types`)).json()) as {
      data: { types: { id: number | string; display_name: string; name: string }[] };
    };
    const chosen = types.data.types.find((c) => Number(c.id) === feed.data.category_ids[0])!;
    expect([chosen.display_name, chosen.name]).toContain(category);
    // An unknown sub-path is the admin 404, not this page.
    await admin.goto("/admin/software-sources/abc");
    await admin
      .getByRole("button", { name: "返回仪表盘" })
      .or(admin.getByRole("link", { name: "返回仪表盘" }))
      .first()
      .waitFor();
  });
});
