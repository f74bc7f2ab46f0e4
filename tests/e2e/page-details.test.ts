import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { gql, loginUser, registerUser } from "./support/api";
import { alertText, expectPath } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

/** Small things a person sees on the users' pages (390 x 844): dialogs, titles, pager, legal pages, search. */
const t = useApp();
const PASSWORD = "secret123";
const SITE = "星河应用站";
let adminToken = "";
let defaultCategory = "";

async function admin<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return gql<T>(t.app.url, query, variables, adminToken);
}

async function category(name: string, weigh: number): Promise<string> {
  const { createCategory } = await admin<{ createCategory: { id: string } }>(
    "mutation($input: CategoryInput!) { createCategory(input: $input) { id } }",
    {
      input: { name, displayName: name, weigh },
    },
  );
  return createCategory.id;
}

async function createApp(name: string, categoryId: string): Promise<string> {
  const { createApp } = await admin<{ createApp: { id: string } }>(
    "mutation($input: AppInput!) { createApp(input: $input) { id } }",
    {
      input: { name, categoryId, price: 0, version: "1.0", description: `${name}的简介`, isActive: true },
    },
  );
  return createApp.id;
}

beforeAll(async () => {
  adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
  await admin("mutation($input: SiteInfoInput!) { updateSiteInfo(input: $input) { siteName } }", {
    input: { siteName: SITE, seoSubtitle: "iOS 应用分发" },
  });
  defaultCategory = await category("默认", 100);
  // 35 apps: four pages of ten
  for (let i = 1; i <= 35; i++) await createApp(`列表应用${String(i).padStart(2, "0")}`, defaultCategory);
});

/** WCAG contrast ratio of two CSS colours (rgb/rgba; alpha over white ignored: the dialog body is opaque). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number)
      .map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour of a text element and the first opaque background behind it. */
function colours(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      let bg = "rgba(0, 0, 0, 0)";
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (c !== "transparent" && !/rgba\(.*,\s*0\)$/.test(c)) {
          bg = c;
          break;
        }
      }
      return { color: getComputedStyle(el).color, bg };
    });
}

describe("the header's logout confirm", () => {
  const THEMES = ["blue", "purple", "green", "orange", "pink", "teal"];

  it("shows 确认退出 and its message readably on /profile in every theme, light and dark", async () => {
    await registerUser(t.app.url, "e2e_logout_theme", PASSWORD);
    const page = await t.page();
    await signIn(page, t.app.url, "e2e_logout_theme", PASSWORD);
    for (const theme of THEMES) {
      for (const dark of [false, true]) {
        await page.evaluate(
          ([k, d]) => {
            localStorage.setItem("theme", k);
            localStorage.setItem("theme_dark_mode", d);
          },
          [theme, String(dark)] as const,
        );
        await page.goto("/profile");
        await page.locator("header").getByRole("button", { name: "退出登录" }).click();
        const title = page.locator(".adm-dialog-title", { hasText: "确认退出" });
        await title.waitFor();
        // the dialog has finished fading in
        await expect
          .poll(() =>
            page
              .locator(".adm-center-popup-wrap")
              .first()
              .evaluate((e) => getComputedStyle(e).opacity),
          )
          .toBe("1");
        const head = await colours(page, ".adm-dialog-title");
        const body = await colours(page, ".adm-dialog-content div");
        expect(
          contrast(head.color, head.bg),
          `${theme}${dark ? " dark" : ""}: title ${head.color} on ${head.bg}`,
        ).toBeGreaterThanOrEqual(4.5);
        expect(
          contrast(body.color, body.bg),
          `${theme}${dark ? " dark" : ""}: message ${body.color} on ${body.bg}`,
        ).toBeGreaterThanOrEqual(4.5);
        await page.locator(".adm-dialog").getByRole("button", { name: "取消" }).click();
        await title.waitFor({ state: "hidden" });
      }
    }
  });
});

describe("page titles", () => {
  it("follow the site name on every page, not only on the home page", async () => {
    await registerUser(t.app.url, "e2e_titles", PASSWORD);
    const page = await t.page();
    const titled = async (path: string, title: string) => {
      await page.goto(path);
      await expect.poll(() => page.title(), { message: path }).toBe(title);
    };
    await titled("/", `${SITE} - iOS 应用分发`);
    await titled("/login", `登录 - ${SITE}`);
    await titled("/register", `注册 - ${SITE}`);
    await titled("/forgot-password", `找回密码 - ${SITE}`);
    await titled("/tutorial", `答疑 - ${SITE}`);
    await titled("/agreement", `用户协议 - ${SITE}`);
    await titled("/privacy", `隐私政策 - ${SITE}`);
    await titled("/no-such-page", `页面不存在 - ${SITE}`);
    await titled("/admin/login", `管理员登录 - ${SITE}`);
    await signIn(page, t.app.url, "e2e_titles", PASSWORD);
    await titled("/profile", `个人主页 - ${SITE}`);
    // a client-side navigation changes it too
    await page.getByRole("link", { name: /应用库/ }).click();
    await expect.poll(() => page.title()).toBe(`${SITE} - iOS 应用分发`);

    const adminPage = await t.page();
    await signIn(adminPage, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await adminPage.goto("/admin/users");
    await expect.poll(() => adminPage.title()).toBe(`用户管理 - ${SITE}`);
  });
});

describe("pagination", () => {
  const pageButtons = (page: Page) =>
    page
      .locator("nav[aria-label=分页]")
      .getByRole("button", { name: /^第 \d+ 页$/ })
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent).map((e) => e.textContent));

  it("shows all four pages of a four-page list, with no ellipsis", async () => {
    const page = await t.page();
    await page.goto("/");
    await expect
      .poll(() => page.locator("nav[aria-label=分页] [role=status]").textContent())
      .toBe("第 1 页，共 35 条数据");
    expect(await pageButtons(page)).toEqual(["1", "2", "3", "4"]);
    expect(await page.locator("nav[aria-label=分页]").getByText("…").count()).toBe(0);
    await page.getByRole("button", { name: "第 4 页" }).click();
    await expect.poll(() => page.locator('nav[aria-label=分页] [aria-current="page"]').textContent()).toBe("4");
    expect(await pageButtons(page)).toEqual(["1", "2", "3", "4"]);
  });

  it("refuses a jump to 2.5 instead of reading it as 25", async () => {
    const page = await t.page();
    await page.goto("/");
    const input = page.getByRole("textbox", { name: "跳转页码" });
    await input.waitFor();
    await input.pressSequentially("2.5");
    expect(await input.inputValue()).not.toBe("25");
    await page.getByRole("button", { name: "确定" }).click();
    await expect.poll(() => page.getByText("请输入 1 到 4 之间的整数页码").isVisible()).toBe(true);
    expect(await page.locator('nav[aria-label=分页] [aria-current="page"]').textContent()).toBe("1");

    await input.fill("3");
    await page.getByRole("button", { name: "确定" }).click();
    await expect.poll(() => page.locator('nav[aria-label=分页] [aria-current="page"]').textContent()).toBe("3");
  });
});

describe("user agreement and privacy policy", () => {
  it("the register form links to both pages, whose text an admin edits in the settings", async () => {
    const page = await t.page();
    await page.goto("/register");
    const agreement = page.getByRole("link", { name: "用户协议" });
    const privacy = page.getByRole("link", { name: "隐私政策" });
    expect(await agreement.getAttribute("href")).toBe("/agreement");
    expect(await privacy.getAttribute("href")).toBe("/privacy");

    // the built-in texts before an admin writes any
    await page.goto("/agreement");
    await expect.poll(() => page.getByRole("heading", { name: "用户协议" }).isVisible()).toBe(true);
    expect((await page.locator("article").textContent())!.length).toBeGreaterThan(100);

    // the admin edits both in 系统设置
    const adminPage = await t.page();
    await adminPage.setViewportSize({ width: 1280, height: 800 });
    await signIn(adminPage, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await adminPage.goto("/admin/settings");
    await adminPage.getByRole("tab", { name: "协议与隐私" }).click();
    const agreementBox = adminPage.getByLabel("用户协议");
    await agreementBox.waitFor();
    await agreementBox.fill("第一条 星河用户协议正文。\n第二条 第二段。");
    await adminPage.getByLabel("隐私政策").fill("我们只收集必要的信息：星河隐私政策。");
    await adminPage.getByRole("button", { name: "保存" }).click();
    await adminPage.getByText("协议与隐私政策已保存").waitFor();

    await page.goto("/agreement");
    await expect.poll(() => page.locator("article").textContent()).toContain("第一条 星河用户协议正文。");
    expect(await page.locator("article p").allTextContents()).toEqual(["第一条 星河用户协议正文。", "第二条 第二段。"]);
    // from the register form the page opens in a new tab, so what was typed stays, and the terms box stays unticked
    await page.goto("/register");
    await page.locator('input[name="username"]').fill("typed_name");
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("link", { name: "隐私政策" }).click(),
    ]);
    await expectPath(tab, "/privacy");
    await expect.poll(() => tab.locator("article").textContent()).toBe("我们只收集必要的信息：星河隐私政策。");
    expect(await tab.getByRole("heading", { name: "隐私政策" }).isVisible()).toBe(true);
    expect(await page.locator('input[name="username"]').inputValue()).toBe("typed_name");
    expect(await page.locator(".adm-checkbox-checked").count()).toBe(0);
  });
});

describe("home search", () => {
  it("searches the whole catalogue (other categories, dylibs, resource shares); a category change clears it", async () => {
    const tools = await category("工具", 10);
    await createApp("星光扫描", tools);
    await admin("mutation($input: DylibInput!) { createDylib(input: $input) { id } }", {
      input: { name: "星光插件", version: "1.0", isActive: true },
    });
    await admin("mutation($input: ResourceShareInput!) { createResourceShare(input: $input) { id } }", {
      input: { name: "星光资源包", version: "1.0", isActive: true },
    });

    const page = await t.page();
    await page.goto("/");
    await expect.poll(() => page.getByRole("tab", { selected: true }).textContent()).toContain("默认");
    const box = page.getByRole("searchbox", { name: "搜索应用" });
    await box.fill("星光");
    await box.press("Enter");
    const names = () =>
      page
        .getByRole("list", { name: "应用列表" })
        .locator("li button")
        .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")!.split("，")[0]).sort());
    await expect.poll(names).toEqual(["星光扫描", "星光插件", "星光资源包"].sort());
    expect(await page.locator("p[role=status]").first().textContent()).toBe("共 3 条数据");

    await page.getByRole("tab", { name: /工具/ }).click();
    await expect.poll(() => box.inputValue()).toBe("");
    await expect.poll(names).toEqual(["星光扫描"]);
    expect(await page.getByText("的搜索结果").count()).toBe(0);
  });
});

describe("forgot password", () => {
  it("says so when the account has no email, instead of 验证码已发送", async () => {
    await registerUser(t.app.url, "e2e_no_email", PASSWORD);
    const page = await t.page();
    await page.goto("/forgot-password");
    await page.locator('input[name="username"]').fill("e2e_no_email");
    await page.getByRole("button", { name: "发送验证码" }).click();
    await expect.poll(() => alertText(page).textContent()).toBe("该账号未绑定邮箱，无法通过邮箱找回密码，请联系客服");
    expect(await page.locator('input[name="code"]').count()).toBe(0);
    expect(await page.getByText(/验证码已发送/).count()).toBe(0);
  });
});
