import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { gql, loginUser, registerUser } from "./support/api";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

/** The admin lists on a laptop screen (1280 x 800), as an admin sees them. */
const t = useApp();
const DESKTOP = { viewport: { width: 1280, height: 800 }, hasTouch: false };
let adminToken = "";

async function admin<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return gql<T>(t.app.url, query, variables, adminToken);
}

beforeAll(async () => {
  adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
  await registerUser(t.app.url, "e2e_listed_user", "secret123");
  const { createCategory } = await admin<{ createCategory: { id: string } }>(
    "mutation($input: CategoryInput!) { createCategory(input: $input) { id } }",
    {
      input: { name: "默认", displayName: "默认", weigh: 1 },
    },
  );
  await admin("mutation($input: AppInput!) { createApp(input: $input) { id } }", {
    input: { name: "表格应用", categoryId: createCategory.id, price: 2, isActive: true },
  });
  await admin("mutation($input: DylibInput!) { createDylib(input: $input) { id } }", {
    input: {
      name: "表格插件",
      version: "1.0",
      author: "作者",
      category: "工具",
      tags: ["去广告", "增强"],
      resourceFee: 1,
      trafficFee: 0.2,
      isActive: true,
    },
  });
  await admin("mutation($input: ResourceShareInput!) { createResourceShare(input: $input) { id } }", {
    input: { name: "表格资源", version: "1.0", isActive: true },
  });
  await admin("mutation($input: AnnouncementInput!) { createAnnouncement(input: $input) { id } }", {
    input: { title: "表格公告", content: "内容", status: "published" },
  });
  await admin("mutation($input: BannerInput!) { createBanner(input: $input) { id } }", {
    input: {
      title: "表格横幅",
      altText: "横幅",
      imageUrl: "/uploads/default-app-icon.png",
      linkUrl: "",
      isActive: true,
    },
  });
  await admin("mutation($input: QQGroupInput!) { createQQGroup(input: $input) { id } }", {
    input: { name: "表格群", number: "123456789", isActive: true },
  });
});

/** Every header cell of the page's table, and whether it lies wholly inside the table's visible area, clear of the sticky 操作 column. */
function headerCells(page: Page) {
  return page
    .locator("[data-table-scroller]")
    .first()
    .evaluate((scroller) => {
      const view = scroller.getBoundingClientRect();
      const ths = [...scroller.querySelectorAll("thead th")] as HTMLElement[];
      const sticky = ths.filter((th) => th.dataset.fixed === "right");
      const stickyLeft = Math.min(...sticky.map((th) => th.getBoundingClientRect().left));
      return ths.map((th) => {
        const r = th.getBoundingClientRect();
        const covered = !sticky.includes(th) && r.right > stickyLeft + 1;
        const clipped = r.left < view.left - 1 || r.right > view.right + 1 || r.width < 8;
        return { text: th.textContent?.trim() || "(选择)", visible: !covered && !clipped };
      });
    });
}

describe("admin tables at 1280 x 800", () => {
  const PAGES = [
    ["/admin/users", "最后登录"],
    ["/admin/apps", "更新时间"],
    ["/admin/dylib-plugins", "更新时间"],
    ["/admin/resource-shares", "更新时间"],
    ["/admin/announcements", "创建时间"],
    ["/admin/banners", "更新时间"],
    ["/admin/qq-groups", "启用"],
    ["/admin/category-announcements", "更新时间"],
  ] as const;

  it("show every column: no header cell is cut off or under the sticky 操作 column", async () => {
    const page = await t.page(DESKTOP);
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    for (const [path, lastColumn] of PAGES) {
      await page.goto(path);
      await page.locator("tbody tr[data-row-key]").first().waitFor();
      await page.locator("thead th", { hasText: lastColumn }).first().waitFor();
      // The columns are fitted once the table's width is measured: polled until they are (or the wait runs out).
      await expect
        .poll(async () => (await headerCells(page)).filter((c) => !c.visible).map((c) => c.text), { message: path })
        .toEqual([]);
      expect((await headerCells(page)).map((c) => c.text)).toContain("操作");
    }
  });

  it("still lets a phone scroll a wide table sideways", async () => {
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/dylib-plugins");
    await page.locator("tbody tr[data-row-key]").first().waitFor();
    const overflow = await page
      .locator("[data-table-scroller]")
      .first()
      .evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(overflow).toBeGreaterThan(100);
  });
});

describe("paging an admin list", () => {
  it("pages the announcements 20 at a time, selects a page's rows and shows 50 per page when asked", async () => {
    for (let i = 1; i <= 22; i++)
      await admin("mutation($input: AnnouncementInput!) { createAnnouncement(input: $input) { id } }", {
        input: { title: `分页公告${i}`, content: "内容", status: "published" },
      });
    const { adminAnnouncements } = await admin<{ adminAnnouncements: { total: number } }>(
      "{ adminAnnouncements(page: 1, pageSize: 1) { total } }",
    );
    const total = adminAnnouncements.total;
    expect(total).toBeGreaterThan(20);
    expect(total).toBeLessThanOrEqual(50);

    const page = await t.page(DESKTOP);
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/announcements");
    const rows = page.locator("tbody tr[data-row-key]");
    const pager = page.getByRole("navigation", { name: "表格分页" });
    await pager.getByText(`共 ${total} 条数据`).waitFor();
    await expect.poll(() => rows.count()).toBe(20);
    const first = await rows.allInnerTexts();

    await pager.getByRole("button", { name: "第 2 页" }).click();
    await expect.poll(() => pager.locator('[aria-current="page"]').textContent()).toBe("2");
    await expect.poll(() => rows.count()).toBe(total - 20);
    expect(await rows.allInnerTexts()).not.toContain(first[0]);

    // the header's box selects every row of the page shown; the batch delete then names them
    await page.getByRole("checkbox", { name: "全选本页" }).check();
    await expect.poll(() => page.getByRole("checkbox", { name: "选择", checked: true }).count()).toBe(total - 20);
    await page.getByRole("button", { name: new RegExp(`批量删除.*${total - 20}`) }).waitFor();

    await pager.getByRole("combobox", { name: "每页条数" }).selectOption("50");
    await expect.poll(() => rows.count()).toBe(total);
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe("1");
  });
});

describe("business time zone on the users list", () => {
  it("shows registration times in Asia/Shanghai even in a New York browser", async () => {
    const { adminUsers } = await admin<{ adminUsers: { items: { createdAt: string }[] } }>(
      '{ adminUsers(search: "e2e_listed_user", page: 1, pageSize: 5) { items { createdAt } } }',
    );
    const created = new Date(adminUsers.items[0]!.createdAt);
    const fmt = (timeZone: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat("en-US", {
          timeZone,
          hourCycle: "h23",
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
        })
          .formatToParts(created)
          .map((x) => [x.type, x.value]),
      );
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    };
    expect(fmt("Asia/Shanghai")).not.toBe(fmt("America/New_York"));

    const page = await t.page({ ...DESKTOP, timezoneId: "America/New_York" });
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/users");
    const row = page.locator("tbody tr[data-row-key]", { hasText: "e2e_listed_user" });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(fmt("Asia/Shanghai"));
    expect(await row.textContent()).not.toContain(fmt("America/New_York"));

    // the dashboard says which zone it counts days in
    await page.goto("/admin/dashboard");
    await page.getByText("按 Asia/Shanghai 时间统计").first().waitFor();
  });
});

describe("motion", () => {
  /**
   * Whether the dialog's box ran an animation while it opened: an animationstart inside it (dispatched however few
   * frames a loaded machine draws), until antd's motion is over (the box has lost its ant-zoom-appear / -enter
   * classes, which it also carries for a moment without motion).
   */
  async function dialogAnimated(page: Page): Promise<boolean> {
    await page.goto("/admin/banners");
    const seen = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          let started = false;
          const onStart = (e: Event) => {
            if ((e.target as Element).closest(".ant-modal")) started = true;
          };
          document.addEventListener("animationstart", onStart, true);
          const look = () => {
            const box = document.querySelector(".ant-modal");
            if (box && !/\bant-zoom-(appear|enter)/.test(box.className)) {
              document.removeEventListener("animationstart", onStart, true);
              resolve(started);
            } else requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        }),
    );
    await page.getByRole("button", { name: "新建轮播图" }).click();
    return seen;
  }

  it("zooms a dialog open, and opens it at once where the system asks for reduced motion", async () => {
    const animated = await t.page({ ...DESKTOP, reducedMotion: "no-preference" });
    await signIn(animated, t.app.url, t.app.adminUsername, t.app.adminPassword);
    expect(await dialogAnimated(animated)).toBe(true);

    const still = await t.page({ ...DESKTOP, reducedMotion: "reduce" });
    await signIn(still, t.app.url, t.app.adminUsername, t.app.adminPassword);
    expect(await dialogAnimated(still)).toBe(false);
    await still.getByRole("dialog", { name: "新建轮播图" }).getByRole("button", { name: "保存" }).click();
    await still.getByText("请上传轮播图图片").waitFor({ timeout: 30_000 });
  });
});
