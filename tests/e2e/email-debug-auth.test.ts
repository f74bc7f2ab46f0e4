import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { loginUser, registerUser } from "./support/api";
import { expectPath, shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
import { startSmtpServer, type SmtpTestServer } from "../support/smtp-server";

let smtp: SmtpTestServer;
const t = useApp(async () => {
  smtp = await startSmtpServer();
  return {};
});
afterAll(async () => smtp?.close());

async function adminPage(path: string): Promise<Page> {
  const page = await t.page();
  await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
  await page.goto(path);
  await expectPath(page, path);
  return page;
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

describe("/admin/email-management in the browser (390×844)", () => {
  it("saves SMTP settings, sends a test mail, edits a template with a live preview, and lists the record", async () => {
    const page = await adminPage("/admin/email-management");
    await page.getByText("尚未配置SMTP服务器").waitFor();
    await page.getByLabel("SMTP服务器").fill("127.0.0.1");
    await page.getByLabel("允许内网地址").check();
    await page.getByLabel("端口").fill(String(smtp.port));
    await page.getByLabel("加密方式").selectOption({ label: "不加密（25）" });
    await page.getByLabel("发件地址").fill("noreply@gryx.test");
    await page.getByRole("button", { name: "保存设置" }).click();
    await page.getByText("邮件设置已保存").waitFor();
    await page.getByText("邮件通过下方设置的SMTP服务器发送。").waitFor();
    await noSidewaysScroll(page);
    await shot(page, "email-smtp");

    await page.getByLabel("测试收件邮箱").fill("ops@example.com");
    await page.getByRole("button", { name: "发送测试邮件" }).click();
    await page.getByText(/测试邮件已发送，服务器应答：250/).waitFor();
    expect(smtp.received.some((m) => m.to.includes("ops@example.com"))).toBe(true);

    await page.getByRole("tab", { name: "邮件模板" }).click();
    await page.getByText("重置密码验证码").first().waitFor();
    await page.getByRole("button", { name: "新建模板" }).click();
    const dialog = page.getByRole("dialog", { name: "新建模板" });
    await dialog.getByLabel("模板标识").fill("welcome");
    await dialog.getByLabel("模板名称").fill("欢迎邮件");
    await dialog.getByLabel("邮件主题").fill("欢迎加入 {{site_name}}");
    await dialog.getByLabel("HTML正文").fill("<h3>{{username}}，{{greeting}}</h3>");
    // The preview follows the typing, rendered by the server, and asks for the template's own variable.
    await dialog.getByText("主题：欢迎加入 果仁应用").waitFor();
    await dialog.getByPlaceholder("示例值").fill("<你好>");
    const frame = page.frameLocator('iframe[title="HTML预览"]');
    await frame.getByText("示例用户，<你好>").waitFor();
    await shot(page, "email-template-preview");
    await dialog.getByRole("button", { name: "保存" }).click();
    await page.getByText("模板已创建").waitFor();
    await page.getByRole("cell", { name: "欢迎邮件" }).waitFor();

    await page.getByRole("tab", { name: "发送记录" }).click();
    await page.getByRole("cell", { name: "ops@example.com" }).waitFor();
    await page.locator("tbody").getByText("已发送").first().waitFor();
    await noSidewaysScroll(page);
    await shot(page, "email-records");
  });
});

describe("/admin/debug-auth in the browser (390×844)", () => {
  it("explains a pasted token, shows and clears a login limit, and logs both in the audit log", async () => {
    await registerUser(t.app.url, "dbg_browser", "secret1");
    const { token } = await loginUser(t.app.url, "dbg_browser", "secret1");
    for (let i = 0; i < 11; i++)
      await fetch(`${t.app.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "dbg_browser", password: "wrong-pass" }),
      });

    const page = await adminPage("/admin/debug-auth");
    await page.getByText("还没有操作记录").waitFor();
    await page.getByLabel("令牌").fill(token);
    await page.getByRole("button", { name: "检查令牌" }).click();
    await page.getByText("令牌有效：签名、签发方、受众、有效期、会话和账号均通过检查").waitFor();
    await page.getByText("用户 dbg_browser").waitFor();
    await page.getByText("无（不能登录后台）").waitFor();
    await page.getByText("dbg_browser 的会话").waitFor();
    await noSidewaysScroll(page);
    await shot(page, "debug-auth-token");

    await page.getByLabel("限制用户名").fill("dbg_browser");
    await page.getByRole("button", { name: "查询" }).click();
    await page
      .getByText(/已限制 \d+ 分钟/)
      .first()
      .waitFor();
    await page.getByRole("button", { name: "解除限制" }).click();
    await page.getByText("已解除限制").first().waitFor();
    await page.getByText("没有登录失败记录，未被限制").waitFor();
    expect(
      (
        await fetch(`${t.app.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: "dbg_browser", password: "secret1" }),
        })
      ).status,
    ).toBe(200);

    const audit = page.locator("[data-panel]", { hasText: "审计日志" });
    await audit.getByText("检查令牌").waitFor();
    await audit.getByRole("cell", { name: "解除限制" }).waitFor();
    await shot(page, "debug-auth-audit");
  });

  it("finds a user by part of the name once typing pauses, and shows that user's access and sessions", async () => {
    await registerUser(t.app.url, "dbg_pick_anna", "secret1");
    await registerUser(t.app.url, "dbg_pick_bob", "secret1");
    await loginUser(t.app.url, "dbg_pick_anna", "secret1");
    const page = await adminPage("/admin/debug-auth");
    const searches: string[] = [];
    page.on("request", (r) => {
      const body = r.method() === "POST" ? r.postData() : null;
      if (body?.includes('"operationName":"AdminUsers"')) searches.push(JSON.parse(body).variables.search);
    });
    const picker = page.getByRole("combobox", { name: "用户" });
    // The page's clock is the test's: no key waits on the machine's speed. Typed key by key, the picker searches once
    // the typing pauses (250 ms), not for each key.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await picker.pressSequentially("pick_an");
    await page.clock.runFor(200);
    expect(searches).toEqual([]);
    await page.clock.runFor(100);
    await expect.poll(() => searches).toEqual(["pick_an"]);
    await page.clock.resume();
    const anna = page.getByRole("option", { name: /^dbg_pick_anna（ID \d+）$/ });
    await anna.waitFor();
    await expect.poll(() => page.getByRole("option", { name: /dbg_pick_bob/ }).count()).toBe(0);
    await anna.click();
    await page.getByRole("button", { name: "查看", exact: true }).click();
    await page.getByText("用户 dbg_pick_anna").waitFor();
    await page.getByText("dbg_pick_anna 的会话").waitFor();

    await picker.fill("no_such_user_here");
    await page.getByText("没有找到用户").waitFor();
    await noSidewaysScroll(page);
  });
});
