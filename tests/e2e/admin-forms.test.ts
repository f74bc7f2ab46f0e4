import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectPath } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

/**
 * The back office's forms that are a page's content are plain elements (fields.tsx): each checks its fields when it
 * is sent, shows the problem under the field in the spec's wording, and sends nothing until it passes. On a phone.
 */
const t = useApp();

async function adminPage(path: string): Promise<Page> {
  const page = await t.page({ viewport: { width: 390, height: 844 } });
  await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
  await page.goto(path);
  await expectPath(page, path.replace(/\?.*$/, ""));
  return page;
}

/** Counts the requests that could change something (anything but GET, GraphQL queries left out). */
function writes(page: Page): { n: number } {
  const counter = { n: 0 };
  page.on("request", (r) => {
    if (r.method() === "GET") return;
    const body = r.postData() ?? "";
    if (r.url().endsWith("/graphql") && !/"query":"\s*mutation/.test(body)) return;
    counter.n++;
  });
  return counter;
}

describe("the back office's plain forms (390×844)", () => {
  it("系统设置 费用设置: a negative fee is refused under its field and nothing is saved; a right one saves", async () => {
    const page = await adminPage("/admin/settings?tab=fees");
    const fee = page.getByLabel("资源费");
    await expect.poll(() => fee.inputValue()).not.toBe("");
    const before = await fee.inputValue();
    const sent = writes(page);
    await fee.fill("-1");
    await page.getByRole("button", { name: "保存" }).click();
    await page.getByRole("alert").getByText("资源费不能为负数").waitFor();
    await fee.fill("1.234");
    await page.getByRole("button", { name: "保存" }).click();
    await page.getByRole("alert").getByText("资源费最多保留两位小数").waitFor();
    expect(sent.n).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByLabel("资源费").inputValue()).toBe(before);

    await page.getByLabel("资源费").fill("2.5");
    await page.getByRole("button", { name: "保存" }).click();
    await page.getByText("费用设置已保存").waitFor();
    expect(sent.n).toBeGreaterThan(0); // the counter sees the save that did go out
    await page.reload();
    await expect.poll(() => page.getByLabel("资源费").inputValue()).toBe("2.50");
  });

  it("邮件管理 SMTP设置: a port out of range is refused in the server's words, before any request", async () => {
    const page = await adminPage("/admin/email-management");
    await page.getByText("尚未配置SMTP服务器").waitFor();
    const sent = writes(page);
    await page.getByLabel("端口").fill("70000");
    await page.getByLabel("发件地址").fill("not-an-address");
    await page.getByRole("button", { name: "保存设置" }).click();
    await page.getByText("端口必须是1到65535之间的整数").waitFor();
    await page.getByText("请输入有效的邮箱").waitFor();
    // Editing a field takes its message away; the other fields' stay until the next 保存.
    await page.getByLabel("发件地址").fill("ops@example.com");
    await page.getByText("请输入有效的邮箱").waitFor({ state: "detached" });
    expect(await page.getByText("端口必须是1到65535之间的整数").isVisible()).toBe(true);
    await page.getByLabel("端口").fill("");
    await page.getByRole("button", { name: "保存设置" }).click();
    await page.getByText("请输入端口").waitFor();
    expect(sent.n).toBe(0);
  });

  it("软件源 添加: an empty name, a bad address and an interval out of range are each named; nothing is added", async () => {
    const page = await adminPage("/admin/software-sources/add");
    const sent = writes(page);
    await page.getByLabel("地址", { exact: true }).fill("ftp://example.com/repo.json");
    await page.getByLabel("刷新间隔（分钟）").fill("3");
    await page.getByRole("button", { name: "保存" }).click();
    await page.getByText("请填写名称").waitFor();
    await page.getByText("只支持 http 和 https 地址").waitFor();
    await page.getByText("刷新间隔（分钟）须为 5 到 10080 之间的整数").waitFor();
    expect(sent.n).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("证书状态检测 and 卡密管理: a wrong id or prefix is refused under its field, before any request", async () => {
    const page = await adminPage("/admin/certificate-status-check");
    const sent = writes(page);
    await page.getByRole("button", { name: "检测", exact: true }).click();
    await page.getByText("请输入证书ID").waitFor();
    await page.getByLabel("证书ID").fill("1.5");
    await page.getByRole("button", { name: "检测", exact: true }).click();
    await page.getByText("证书ID须为正整数").waitFor();

    await page.goto("/admin/card-keys");
    await page.getByLabel("前缀").fill("ab-c");
    await page.getByRole("button", { name: "生成" }).click();
    await page.getByText("请输入面额").waitFor();
    await page.getByText("最多8个字母或数字").waitFor();
    expect(sent.n).toBe(0);
  });
});
