import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useApp } from "./support/fixture";

const t = useApp();

const primary = (page: Page) => page.evaluate(() => document.documentElement.style.getPropertyValue("--theme-primary"));

describe("themes", () => {
  it("switches theme from the header, keeps it after a reload, resets to blue", async () => {
    const page = await t.page();
    await page.goto("/");
    expect(await primary(page)).toBe("#1677ff");

    await page.getByRole("button", { name: "切换主题" }).click();
    await page.getByRole("menuitemradio", { name: /翠竹·绿/ }).click();
    await expect.poll(() => primary(page)).toBe("#12a16b");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("green");

    await page.reload();
    expect(await primary(page)).toBe("#12a16b");

    await page.getByRole("button", { name: "切换主题" }).click();
    await page.getByRole("button", { name: "恢复默认" }).click();
    await expect.poll(() => primary(page)).toBe("#1677ff");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("blue");
  });

  it("lists the six themes and picks another one at random", async () => {
    const page = await t.page();
    await page.goto("/");
    await page.getByRole("button", { name: "切换主题" }).click();
    const names = await page.getByRole("menuitemradio").allTextContents();
    expect(names.map((n) => n.slice(-4))).toEqual(["碧穹·蓝", "黛鸢·紫", "翠竹·绿", "金桂·橙", "樱花·粉", "青瓷·青"]);
    await page.getByRole("button", { name: "随机主题" }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).not.toBe("blue");
  });

  it("keeps the dark-mode flag and swaps in dark backgrounds", async () => {
    const page = await t.page();
    await page.goto("/");
    await page.getByRole("button", { name: "切换主题" }).click();
    await page.getByRole("switch").click();
    await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-dark"))).toBe(true);
    await page.reload();
    const pageBg = await page.evaluate(() => document.documentElement.style.getPropertyValue("--theme-page-bg"));
    expect(pageBg).toBe("#111318");
  });

  it("is not applied on admin pages", async () => {
    const page = await t.page();
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("theme", "pink"));
    await page.goto("/admin/login");
    await page.getByPlaceholder("管理员账号").waitFor();
    expect(await primary(page)).toBe("");
    await page.goto("/");
    await expect.poll(() => primary(page)).toBe("#e8488a");
  });
});
