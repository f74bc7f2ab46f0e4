import { describe, expect, it } from "vitest";
import { formatFileSize } from "../../client/src/shared/format";
import { createAppWithPackage } from "../support/app-package";
import { loginUser, registerUser } from "./support/api";
import { expectPath, shot, tapUntil } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// The demo catalogue (its free apps with a package are what the AltStore feed offers); the site reads its own feed
// from this machine, so SOURCES_ALLOW_PRIVATE=1.
const t = useApp(async () => ({ SEED_DEMO: "1", SOURCES_ALLOW_PRIVATE: "1" }));

describe("our own AltStore feed read as a client reads it (390×844)", () => {
  it("a user adds the site's AltStore feed as a source of the site and sees every free app with its icon and size", async () => {
    // More free apps with a package than one page shows (20): the admin uploads them as in the back office.
    const { token } = await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword);
    for (let i = 1; i <= 17; i++)
      await createAppWithPackage(t.app.url, token, {
        name: `源测试应用 ${i}`,
        bundle_id: `site.feed.e2e${i}`,
        developer: "源测试工作室",
      });
    const feedUrl = `${t.app.url}/sources/altstore.json`;
    const feed = (await (await fetch(feedUrl)).json()) as {
      apps: { name: string; iconURL: string; versions: { size: number }[] }[];
    };
    expect(feed.apps.length).toBeGreaterThan(20);

    await registerUser(t.app.url, "feed_e2e_user", "secret123");
    const page = await t.page();
    await signIn(page, t.app.url, "feed_e2e_user", "secret123");
    await page.goto("/software-source");
    await expectPath(page, "/software-source");
    // The user's ESign unlock code is on the page too.
    await page.getByTestId("esign-unlock").getByRole("button", { name: "复制解锁码" }).waitFor();

    await page.getByRole("button", { name: "添加软件源" }).click();
    const sheet = page.getByRole("dialog", { name: "添加软件源" });
    await sheet.getByPlaceholder("给这个软件源起个名字").fill("本站 AltStore 源");
    await sheet.getByPlaceholder("https://example.com/source.json").fill(feedUrl);
    await sheet.getByRole("button", { name: "添加" }).click();
    const mine = page.getByTestId("sources").getByRole("link", { name: /本站 AltStore 源/ });
    await mine.getByText(`${feed.apps.length} 个应用`).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([390, 390]);
    await shot(page, "own-feed-source-added");

    await mine.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/software-source\/\d+\/apps$/);
    const list = page.getByTestId("source-apps");
    // Every app of the feed, 20 a page, in the feed's order: its name, its size as the page writes the feed's bytes,
    // and its icon loaded from the feed's iconURL (each scrolled into view, as the list loads icons lazily).
    for (let start = 0; start < feed.apps.length; start += 20) {
      if (start > 0) await page.getByRole("button", { name: `第 ${start / 20 + 1} 页` }).click();
      const expected = feed.apps.slice(start, start + 20);
      await list.getByRole("button", { name: expected[expected.length - 1].name, exact: true }).waitFor();
      await expect.poll(() => list.getByRole("listitem").count()).toBe(expected.length);
      await expect
        .poll(
          () =>
            list.evaluate(async (ul) => {
              for (const img of ul.querySelectorAll("img")) {
                img.scrollIntoView({ block: "center" });
                if (!img.complete)
                  await new Promise((done) => ((img.onload = img.onerror = done), setTimeout(done, 5000)));
              }
              return [...ul.querySelectorAll("li")].map((li) => {
                const img = li.querySelector("img");
                return img && img.complete && img.naturalWidth > 0 ? img.currentSrc : "";
              });
            }),
          { timeout: 30_000 },
        )
        .toEqual(expected.map((a) => a.iconURL));
      for (const [i, a] of expected.entries()) {
        const text = await list.getByRole("listitem").nth(i).innerText();
        expect(text).toContain(a.name);
        expect(text).toContain(formatFileSize(a.versions[0].size));
      }
    }
    await shot(page, "own-feed-source-apps");
    // Nothing sideways at phone width.
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([390, 390]);
  }, 180_000);

  it("the admin names an app's developer in the app form and resets the feeds' download links", async () => {
    const feedUrl = `${t.app.url}/sources/altstore.json`;
    const before = (await (await fetch(feedUrl)).json()) as {
      apps: { name: string; developerName: string; downloadURL: string }[];
    };
    const target = before.apps[0];
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto(`/admin/apps?search=${encodeURIComponent(target.name)}`);
    const row = page.locator("tr", { hasText: target.name }).first();
    await row.getByRole("button", { name: "编辑" }).click();
    const dialog = page.getByRole("dialog", { name: "编辑应用" });
    const developer = dialog.getByLabel("开发者");
    await expect.poll(() => developer.inputValue()).toBe(target.developerName);
    await developer.fill("晨光工作室");
    await shot(page, "admin-app-developer");
    await dialog.getByRole("button", { name: "保存" }).click();
    await page.getByText("应用已更新").waitFor();
    await expect
      .poll(
        async () =>
          ((await (await fetch(feedUrl)).json()) as typeof before).apps.find((a) => a.name === target.name)
            ?.developerName,
        { timeout: 30_000 },
      )
      .toBe("晨光工作室");

    await page.goto("/admin/software-sources");
    await page.getByRole("button", { name: "重置下载链接" }).click();
    await tapUntil(
      page.locator(".ant-popconfirm").getByRole("button", { name: "重置" }),
      page.getByText("下载链接已重置"),
    );
    await shot(page, "admin-feed-reset-links");
    expect((await fetch(target.downloadURL)).status).toBe(404);
    const after = ((await (await fetch(feedUrl)).json()) as typeof before).apps.find((a) => a.name === target.name)!;
    expect(after.downloadURL).not.toBe(target.downloadURL);
    expect((await fetch(after.downloadURL)).status).toBe(200);
  });
});
