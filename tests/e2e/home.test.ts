import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { gql, loginUser, registerUser, stageDylibFile } from "./support/api";
import { expectPath, submitLogin } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

const t = useApp();

/** What the test seeds through the admin GraphQL API. */
const seeded = {
  defaultCategory: "",
  gamesCategory: "",
  galaxyApp: "",
  dylib: "",
  announcement: "",
  freeInDefault: 0,
};
let adminToken = "";
const USER = { name: "home_visitor", password: "visitor-pass-1" };

async function admin<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return gql<T>(t.app.url, query, variables, adminToken);
}

async function createApp(
  name: string,
  categoryId: string,
  price: number,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { createApp } = await admin<{ createApp: { id: string } }>(
    "mutation($input: AppInput!) { createApp(input: $input) { id } }",
    {
      input: {
        name,
        categoryId,
        price,
        version: "1.0.0",
        size: 25 * 1024 * 1024,
        description: `${name}的简介`,
        bundleId: `com.e2e.${name.replace(/\W/g, "") || "app"}${Math.random().toString(36).slice(2, 8)}`,
        isActive: true,
        ...extra,
      },
    },
  );
  return createApp.id;
}

beforeAll(async () => {
  adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
  await registerUser(t.app.url, USER.name, USER.password);
  const cat = async (name: string, weigh: number) =>
    (
      await admin<{ createCategory: { id: string } }>(
        "mutation($input: CategoryInput!) { createCategory(input: $input) { id } }",
        {
          input: { name, displayName: name, weigh },
        },
      )
    ).createCategory.id;
  seeded.gamesCategory = await cat("游戏", 100); // first by weight, yet 默认 is selected
  seeded.defaultCategory = await cat("默认", 10);
  // 25 apps in 默认: every third is free
  for (let i = 1; i <= 24; i++) {
    const free = i % 3 === 0;
    if (free) seeded.freeInDefault++;
    await createApp(`默认应用${String(i).padStart(2, "0")}`, seeded.defaultCategory, free ? 0 : 3);
  }
  seeded.galaxyApp = await createApp("星河计算器", seeded.defaultCategory, 6, {
    bundleId: "com.e2e.galaxycalc",
    keywords: "计算 科学",
  });
  for (let i = 1; i <= 3; i++) await createApp(`游戏应用${i}`, seeded.gamesCategory, 0);
  const { createDylib } = await admin<{ createDylib: { id: string } }>(
    "mutation($input: DylibInput!) { createDylib(input: $input) { id } }",
    {
      input: {
        name: "测试插件",
        version: "2.0",
        author: "E2E",
        category: "工具",
        tags: ["去广告", "净化", "增强", "第四个"],
        resourceFee: 1.5,
        trafficFee: 0.2,
        isActive: true,
        fileUploadId: await stageDylibFile(t.app.url, adminToken),
      },
    },
  );
  seeded.dylib = createDylib.id;
  for (const title of ["第一张横幅", "第二张横幅"]) {
    await admin("mutation($input: BannerInput!) { createBanner(input: $input) { id } }", {
      input: { title, altText: title, imageUrl: "/uploads/default-app-icon.png", linkUrl: "", isActive: true },
    });
  }
  const { createAnnouncement } = await admin<{ createAnnouncement: { id: string } }>(
    "mutation($input: AnnouncementInput!) { createAnnouncement(input: $input) { id } }",
    { input: { title: "系统维护通知", content: "今晚 23:00 维护一小时。", status: "published" } },
  );
  seeded.announcement = createAnnouncement.id;
  await admin("mutation($input: SiteInfoInput!) { updateSiteInfo(input: $input) { siteName } }", {
    input: {
      siteName: "星河应用站",
      seoSubtitle: "iOS 应用分发",
      seoDescription: "星河应用站的描述",
      seoKeywords: "iOS,签名",
    },
  });
  await admin("mutation($input: ContactInput!) { updateContact(input: $input) { qq } }", {
    input: { wechat: "xinghe-app", qq: "10001", email: "help@example.com" },
  });
  await admin("mutation($input: FooterInput!) { updateFooter(input: $input) { icpNumber } }", {
    input: { icpNumber: "沪ICP备12345678号", copyrightInfo: "© 2026 星河科技" },
  });
});

const grid = (page: Page) => page.getByRole("list", { name: "应用列表" });
const tip = (page: Page) => page.locator("nav[aria-label=分页] [role=status], p[role=status]").first();
const currentPage = (page: Page) => page.locator('nav[aria-label=分页] [aria-current="page"]');
const cardNames = (page: Page) =>
  grid(page)
    .locator("li button")
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")?.split("，")[0]));

async function openHome(page: Page): Promise<void> {
  await page.goto("/");
  await grid(page).waitFor({ timeout: 30_000 });
}

describe("home page (guest, 390x844)", () => {
  it("shows the banner carousel, which advances on its own", async () => {
    const page = await t.page();
    await openHome(page);
    const carousel = page.locator('section[aria-label="轮播图"]');
    await expect.poll(() => carousel.isVisible()).toBe(true);
    const box = await carousel.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(100);
    await expect.poll(() => carousel.getAttribute("data-banner-index")).toBe("1");
  });

  it("selects 默认 first, pages, and resets to page 1 when the category changes", async () => {
    const page = await t.page();
    await openHome(page);
    await expect.poll(() => page.getByRole("tab", { selected: true }).textContent()).toContain("默认");
    await expect.poll(() => page.locator("h2").filter({ hasText: "默认" }).textContent()).toContain("共 25 个");
    expect(await grid(page).locator("li").count()).toBe(10);
    await expect.poll(() => tip(page).textContent()).toBe("第 1 页，共 25 条数据");

    await page.getByRole("button", { name: "第 2 页" }).click();
    await expect.poll(() => currentPage(page).textContent()).toBe("2");
    await expect.poll(() => tip(page).textContent()).toBe("第 2 页，共 25 条数据");

    await page.getByRole("tab", { name: /游戏/ }).click();
    await expect.poll(() => tip(page).textContent()).toBe("共 3 条数据");
    expect(await page.locator("nav[aria-label=分页]").count()).toBe(0); // one page: no pager

    await page.getByRole("tab", { name: /默认/ }).click();
    await expect.poll(() => currentPage(page).textContent()).toBe("1");
    await expect.poll(() => tip(page).textContent()).toBe("第 1 页，共 25 条数据");
  });

  it("shows the category's announcement with its list, collapsed at 120 px with 展开 / 收起", async () => {
    const long = Array.from(
      { length: 12 },
      (_, i) => `第${i + 1}条：本分类的应用均经过人工审核，请放心下载安装。`,
    ).join("\n");
    await admin(
      "mutation($id: ID!, $input: CategoryAnnouncementInput!) { upsertCategoryAnnouncement(categoryId: $id, input: $input) { id } }",
      {
        id: seeded.defaultCategory,
        input: { title: "默认分类须知", content: long },
      },
    );
    const page = await t.page();
    await openHome(page);
    const box = page.locator('section[aria-label="分类公告"]');
    await expect.poll(() => box.textContent()).toContain("默认分类须知");
    const body = box.locator("div").first();
    const collapsedHeight = (await body.boundingBox())!.height;
    expect(collapsedHeight).toBeLessThanOrEqual(120.5);
    await box.getByRole("button", { name: /展开/ }).click();
    await expect.poll(async () => (await body.boundingBox())!.height).toBeGreaterThan(200);
    await box.getByRole("button", { name: /收起/ }).click();
    await expect.poll(async () => (await body.boundingBox())!.height).toBeLessThanOrEqual(120.5);
    // Another category without an announcement shows no box.
    await page.getByRole("tab", { name: /游戏/ }).click();
    await expect.poll(() => tip(page).textContent()).toBe("共 3 条数据");
    expect(await box.count()).toBe(0);
    await admin("mutation($id: ID!) { deleteCategoryAnnouncement(categoryId: $id) }", { id: seeded.defaultCategory });
  });

  it("filters by price", async () => {
    const page = await t.page();
    await openHome(page);
    await page.getByRole("radio", { name: "免费" }).click();
    await expect.poll(() => tip(page).textContent()).toBe(`共 ${seeded.freeInDefault} 条数据`);
    const badges = await grid(page)
      .locator("li button")
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")!.split("，")[1]));
    expect(badges.length).toBe(seeded.freeInDefault);
    expect(new Set(badges)).toEqual(new Set(["免费"]));

    await page.getByRole("radio", { name: "付费" }).click();
    await expect.poll(() => tip(page).textContent()).toBe(`第 1 页，共 ${25 - seeded.freeInDefault} 条数据`);
    await expect.poll(async () => (await cardNames(page)).length).toBe(10);
    const paid = await grid(page)
      .locator("li button")
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")!.split("，")[1]));
    expect(paid.every((p) => p!.startsWith("¥"))).toBe(true);
  });

  it("jumps only to a page that exists", async () => {
    const page = await t.page();
    await openHome(page);
    const input = page.getByRole("textbox", { name: "跳转页码" });
    const jump = page.getByRole("button", { name: "确定" });

    await input.fill("abc");
    await jump.click();
    await expect.poll(() => page.getByText("请输入 1 到 3 之间的整数页码").isVisible()).toBe(true);
    await input.fill("0");
    await jump.click();
    await expect.poll(() => page.getByText("请输入 1 到 3 之间的整数页码").isVisible()).toBe(true);
    expect(await currentPage(page).textContent()).toBe("1");

    // Page 9 does not exist: no list is asked for, and the pager stays on page 1.
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/graphql") && /"page":9\b/.test(r.postData() ?? "")) asked.push(r.postData()!);
    });
    await input.fill("9");
    await jump.click();
    await page.waitForTimeout(800);
    expect(asked).toEqual([]);
    expect(await currentPage(page).textContent()).toBe("1");

    await input.fill("3");
    await jump.click();
    await expect.poll(() => currentPage(page).textContent()).toBe("3");
    await expect.poll(() => tip(page).textContent()).toBe("第 3 页，共 25 条数据");
    await expect.poll(async () => (await cardNames(page)).length).toBe(5);

    expect(await page.locator("select option").allTextContents()).toEqual([
      "10条 / 页",
      "20条 / 页",
      "50条 / 页",
      "100条 / 页",
    ]);
    await page.getByRole("combobox", { name: "每页条数" }).selectOption("20");
    await expect.poll(() => tip(page).textContent()).toBe("第 1 页，共 25 条数据"); // a new size starts at page 1
    await expect.poll(async () => (await cardNames(page)).length).toBe(20);
    await page.getByRole("combobox", { name: "每页条数" }).selectOption("50");
    await expect.poll(() => tip(page).textContent()).toBe("共 25 条数据"); // everything on one page: no pager
    expect(await page.locator("nav[aria-label=分页]").count()).toBe(0);
  });

  it("searches by bundle id and by name", async () => {
    const page = await t.page();
    await openHome(page);
    const box = page.getByRole("searchbox", { name: "搜索应用" });
    await box.fill("com.e2e.galaxycalc");
    await box.press("Enter");
    await expect.poll(() => cardNames(page)).toEqual(["星河计算器"]);
    await box.fill("默认应用0");
    await page.getByRole("button", { name: "搜索", exact: true }).click();
    await expect.poll(() => tip(page).textContent()).toBe("共 9 条数据");
    await page.getByRole("button", { name: "清除搜索" }).first().click();
    await expect.poll(() => tip(page).textContent()).toBe("第 1 页，共 25 条数据");
  });

  it("asks a guest to log in on a card, then opens /resource/{id}", async () => {
    const page = await t.page();
    await openHome(page);
    const box = page.getByRole("searchbox", { name: "搜索应用" });
    await box.fill("星河计算器");
    await box.press("Enter");
    await expect.poll(() => cardNames(page)).toEqual(["星河计算器"]);
    await grid(page)
      .getByRole("button", { name: /^星河计算器，/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "账号登录" });
    await dialog.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe("/");
    await submitLogin(page, USER.name, USER.password, '[role="dialog"]');
    await expectPath(page, `/resource/${seeded.galaxyApp}`);
    await expect.poll(() => page.getByRole("heading", { name: "星河计算器" }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("purchase-status").textContent()).toBe("未购买 · ¥6.00");
    expect(await page.getByText("com.e2e.galaxycalc").first().isVisible()).toBe(true);
  });

  it("opens a dylib card at /dylib/{id} after login, with both fees", async () => {
    const page = await t.page();
    await openHome(page);
    await page.getByRole("tab", { name: /动态库/ }).click();
    await expect.poll(() => cardNames(page)).toEqual(["测试插件"]);
    const card = grid(page).getByRole("button", { name: /^测试插件，/ });
    expect(await card.locator("text=第四个").count()).toBe(0); // only the first 3 tags
    expect(await card.locator("text=净化").count()).toBe(1);
    await card.click();
    await page.getByRole("dialog", { name: "账号登录" }).waitFor({ timeout: 30_000 });
    await submitLogin(page, USER.name, USER.password, '[role="dialog"]');
    await expectPath(page, `/dylib/${seeded.dylib}`);
    await expect.poll(() => page.getByText("资源费 ¥1.50").first().isVisible()).toBe(true);
    expect(await page.getByText("流量费 ¥0.20").first().isVisible()).toBe(true);
  });

  it("keeps lists in the local cache and drops them once an admin changes the apps", async () => {
    const page = await t.page();
    await openHome(page);
    await page.getByRole("tab", { name: /游戏/ }).click();
    await expect.poll(() => tip(page).textContent()).toBe("共 3 条数据");
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("gryx_cache_")));
    expect(keys).toEqual(expect.arrayContaining(["gryx_cache_banners", "gryx_cache_categories"]));
    expect(keys.filter((k) => k.startsWith("gryx_cache_apps:")).length).toBe(2);

    // cached: switching back and forth asks the server nothing
    const asked: string[] = [];
    page.on("request", (r) => r.url().endsWith("/graphql") && asked.push(r.postDataJSON()?.operationName));
    await page.getByRole("tab", { name: /默认/ }).click();
    await page.getByRole("tab", { name: /游戏/ }).click();
    await expect.poll(() => tip(page).textContent()).toBe("共 3 条数据");
    expect(asked.filter((n) => n === "CatalogPage")).toEqual([]);

    const extra = await createApp("新上架游戏", seeded.gamesCategory, 0);
    // The visitor switches to the cached category before the page's first answer (with the new versions) arrives:
    // the stale list it saw meanwhile is replaced once that answer comes.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/graphql", async (route) => {
      if (route.request().postDataJSON()?.operationName === "HomePage") await held;
      await route.continue();
    });
    await page.reload();
    await grid(page).waitFor();
    await page.getByRole("tab", { name: /游戏/ }).click();
    await expect.poll(() => tip(page).textContent()).toBe("共 3 条数据"); // the cache, while the answer is held
    release();
    await expect.poll(() => tip(page).textContent()).toBe("共 4 条数据"); // well inside the 10-minute TTL
    await page.unroute("**/graphql");
    await admin("mutation($id: ID!) { deleteApp(id: $id) }", { id: extra });
  });

  it("takes the title, SEO meta, header name and footer from the site settings", async () => {
    const page = await t.page();
    await openHome(page);
    await expect.poll(() => page.title()).toBe("星河应用站 - iOS 应用分发");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe("星河应用站的描述");
    expect(await page.locator('meta[name="keywords"]').getAttribute("content")).toBe("iOS,签名");
    expect(await page.locator("header").getByText("星河应用站").isVisible()).toBe(true);
    const filing = page.getByRole("link", { name: "沪ICP备12345678号" });
    expect(await filing.getAttribute("href")).toBe("https://beian.miit.gov.cn/");
    expect(await page.locator("footer").getByText("© 2026 星河科技").count()).toBe(1);
  });

  it("shows the empty state for a missing id", async () => {
    const page = await t.page();
    await page.goto("/resource/999999");
    await expect.poll(() => page.getByRole("heading", { name: "应用不存在" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "返回首页" }).click();
    await expectPath(page, "/");
    await page.goto("/dylib/not-a-number");
    await expect.poll(() => page.getByRole("heading", { name: "动态库不存在" }).isVisible()).toBe(true);
  });

  it("marks an announcement read from the bell and tells the server", async () => {
    const page = await t.page();
    await openHome(page);
    const bell = page.locator('header button[aria-label^="公告"]');
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("公告（1条未读）");
    await bell.click();
    const popup = page.getByRole("dialog", { name: "公告" });
    await popup.getByText("系统维护通知").click();
    await expect.poll(() => popup.getByText("今晚 23:00 维护一小时。").isVisible()).toBe(true);
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("公告");
    expect(await page.evaluate(() => localStorage.getItem("read_announcement_ids"))).toBe(
      JSON.stringify([seeded.announcement]),
    );
    await expect
      .poll(async () => {
        const { adminAnnouncements } = await admin<{
          adminAnnouncements: { items: { id: string; readCount: number }[] };
        }>("{ adminAnnouncements { items { id readCount } } }");
        return adminAnnouncements.items.find((a) => a.id === seeded.announcement)?.readCount;
      })
      .toBe(1);
    await page.reload();
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("公告");
  });

  it("says 暂无可加入的QQ群 when there are no QQ groups", async () => {
    const page = await t.page();
    await openHome(page);
    await page.getByRole("button", { name: "QQ群" }).click();
    await expect
      .poll(() => page.getByRole("dialog", { name: "加入QQ群" }).getByText("暂无可加入的QQ群").isVisible())
      .toBe(true);
  });

  it("shows 获取购买状态失败 with a retry when the purchase status cannot be read", async () => {
    const page = await t.page();
    await signIn(page, t.app.url, USER.name, USER.password);
    let fail = true;
    await page.route("**/graphql", async (route) => {
      if (fail && route.request().postDataJSON()?.operationName === "PurchaseStatus")
        await route.fulfill({ status: 500, body: "{}" });
      else await route.continue();
    });
    await page.goto(`/dylib/${seeded.dylib}`);
    await expect.poll(() => page.getByText("获取购买状态失败").isVisible()).toBe(true);
    fail = false;
    await page.getByRole("button", { name: "重试" }).click();
    await expect.poll(() => page.getByTestId("purchase-status").textContent()).toBe("未购买 · ¥1.50");
  });

  it("previews the six themes and applies one", async () => {
    const page = await t.page();
    await page.goto("/theme-preview");
    await expect.poll(() => page.getByRole("button", { name: /^使用/ }).count()).toBe(5);
    expect(await page.getByRole("button", { name: "碧穹·蓝（使用中）" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "使用翠竹·绿" }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue("--theme-primary")))
      .toBe("#12a16b");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("green");
    expect(await page.getByRole("button", { name: "翠竹·绿（使用中）" }).isDisabled()).toBe(true);
  });

  it("opens 答疑 from the header: guide, FAQ and the contact settings", async () => {
    const page = await t.page();
    await openHome(page);
    await page.locator("header").getByRole("button", { name: "答疑" }).click();
    await expectPath(page, "/tutorial");
    await expect.poll(() => page.getByText("xinghe-app").isVisible()).toBe(true);
    expect(await page.getByText("help@example.com").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "常见问题" }).isVisible()).toBe(true);
    await page.getByText("如何加入用户交流群？").click();
    await expect.poll(() => page.getByText("复制群号到 QQ 中搜索加入").isVisible()).toBe(true);
  });

  it("falls back to the two built-in categories with 动态库 selected when the categories cannot be loaded", async () => {
    const page = await t.page();
    await page.route("**/graphql", async (route) => {
      if (route.request().postDataJSON()?.operationName === "HomePage")
        await route.fulfill({ status: 500, body: "{}" });
      else await route.continue();
    });
    await page.goto("/");
    await expect.poll(() => page.getByRole("tab").allTextContents()).toEqual(["动态库", "资源分享"]);
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("动态库");
    await expect.poll(() => cardNames(page)).toEqual(["测试插件"]);
  });
});
