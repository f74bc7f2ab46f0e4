import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { gql, loginUser } from "./support/api";
import { expectPath, shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

const t = useApp();

const adminToken = async () => (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;

async function rest(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${t.app.url}${path}`, {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as { data: any; code?: string } };
}

describe("staff permissions in the browser (390×844)", () => {
  it("an admin grants 在线客服 in /admin/users; the agent signs in at /admin/login, answers a chat and is refused everything else", async () => {
    // The agent's account, plain at first.
    const admin = await adminToken();
    const made = await rest("/api/admin/users", admin, {
      method: "POST",
      body: { username: "kefu_agent", password: "secret1", role: "user" },
    });
    expect(made.status).toBe(200);

    // A guest asks something in the chat.
    const guestId = `g_${randomBytes(16).toString("hex")}`;
    const session = await fetch(`${t.app.url}/api/customer-service/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ guest_id: guestId }),
    });
    const sessionId = ((await session.json()) as { data: { session_id: string } }).data.session_id;
    const asked = await fetch(`${t.app.url}/api/customer-service/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-guest-id": guestId },
      body: JSON.stringify({ session_id: sessionId, content: "请问订单多久发货？", message_type: "text" }),
    });
    expect(asked.status).toBe(200);

    // The admin grants the permission in /admin/users, on a phone.
    const adminPage = await t.page();
    await signIn(adminPage, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await adminPage.goto("/admin/users");
    const row = adminPage.locator("tr", { hasText: "kefu_agent" });
    await row.getByRole("button", { name: "授权" }).click();
    const dialog = adminPage.getByRole("dialog", { name: /授权：kefu_agent/ });
    await dialog.getByLabel(/在线客服/).check();
    await shot(adminPage, "staff-grant");
    await dialog.getByRole("button", { name: "保存" }).click();
    await adminPage.getByText("权限已更新").waitFor();
    await row.getByText("在线客服").waitFor();

    // The agent signs in at /admin/login and lands on the first page granted.
    const agent = await t.page();
    await agent.goto("/admin/login");
    await agent.getByPlaceholder("管理员账号").fill("kefu_agent");
    await agent.getByPlaceholder("密码").fill("secret1");
    await agent.getByRole("button", { name: "登录" }).click();
    await expectPath(agent, "/admin/customer-service");
    expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The menu lists only the granted pages.
    await agent.getByRole("button", { name: "菜单" }).click();
    const menu = agent.locator(".ant-drawer").getByRole("navigation", { name: "管理菜单" });
    await menu.getByText("在线客服").waitFor();
    expect(await menu.getByRole("link").allInnerTexts()).toEqual(["在线客服", "客服设置"]);
    await shot(agent, "staff-menu");
    await agent.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });

    // It answers the chat.
    await agent.locator(`[data-session="${sessionId}"]`).click();
    await agent.getByTestId("admin-cs-messages").getByText("请问订单多久发货？").waitFor();
    await agent.getByLabel("回复内容").fill("您好，付款后24小时内发货。");
    await agent.getByLabel("回复内容").press("Enter");
    await agent.getByTestId("admin-cs-messages").getByText("您好，付款后24小时内发货。").waitFor();
    await shot(agent, "staff-chat");
    const seen = await fetch(`${t.app.url}/api/customer-service/messages/${sessionId}?page=1&pageSize=50`, {
      headers: { "x-guest-id": guestId },
    });
    const items = ((await seen.json()) as { data: { items: { content: string; sender_type?: string }[] } }).data.items;
    expect(items.map((m) => m.content)).toContain("您好，付款后24小时内发货。");

    // Every other page shows 403, and the server refuses its calls.
    for (const path of [
      "/admin/users",
      "/admin/orders",
      "/admin/dashboard",
      "/admin/email-management",
      "/admin/debug-auth",
    ]) {
      await agent.goto(path);
      await agent.getByText("权限不足，无法执行此操作").waitFor();
    }
    await shot(agent, "staff-403");
    const token = await agent.evaluate(() => localStorage.getItem("auth_token"));
    expect(token).toBeTruthy();
    for (const path of [
      "/api/admin/users",
      "/api/admin/orders",
      "/api/admin/dashboard/stats",
      "/api/admin/email/config",
      "/api/admin/debug-auth/audit",
      "/api/admin/payments/methods",
    ]) {
      const r = await rest(path, token!);
      expect([path, r.status, r.body.code]).toEqual([path, 403, "FORBIDDEN"]);
    }
    expect((await rest("/api/admin/customer-service/sessions", token!)).status).toBe(200);
    const refused = await gql<unknown>(
      t.app.url,
      "query { adminUsers(page: 1, pageSize: 5) { total } }",
      {},
      token!,
    ).catch((e: Error) => e.message);
    expect(String(refused)).toMatch(/FORBIDDEN|权限不足/);
  });
});
