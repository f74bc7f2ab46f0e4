import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useApp } from "./support/fixture";
import { expectPath, shot, tapUntil } from "./support/browser";
import { signIn } from "./support/session";
import { registerUser } from "./support/api";
import { appleUser, qqUser, startAppleId, startQqConnect } from "../support/oauth-providers";

let qq: Awaited<ReturnType<typeof startQqConnect>>;
let apple: Awaited<ReturnType<typeof startAppleId>>;

// The providers' stand-ins live on this machine: the app may reach loopback addresses for OAuth.
const t = useApp(async () => {
  [qq, apple] = await Promise.all([startQqConnect(), startAppleId()]);
  return { OAUTH_ALLOW_PRIVATE: "1" };
});
afterAll(async () => {
  await Promise.all([qq?.close(), apple?.close()]);
});

let configured: Promise<void> | null = null;
let adminToken = "";
/** QQ and Apple configured by the admin through the REST API, as /admin/oauth-config does. */
function configure(): Promise<void> {
  configured ??= (async () => {
    const login = await fetch(`${t.app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: t.app.adminUsername, password: t.app.adminPassword }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    adminToken = token;
    const post = async (body: Record<string, unknown>) => {
      const r = await fetch(`${t.app.url}/api/admin/oauth-configs`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect(r.status, await r.clone().text()).toBe(200);
    };
    const list = await fetch(`${t.app.url}/api/admin/oauth-configs`, { headers: { authorization: `Bearer ${token}` } });
    const have = ((await list.json()) as { data: { provider: string }[] }).data.map((c) => c.provider);
    if (!have.includes("qq"))
      await post({ provider: "qq", enabled: true, app_id: qq.appId, app_secret: qq.appKey, base_url: qq.url });
    if (!have.includes("apple"))
      await post({
        provider: "apple",
        enabled: true,
        app_id: apple.clientId,
        base_url: apple.url,
        sdk_url: apple.sdkUrl,
      });
  })();
  return configured;
}

async function openLoginDialog(page: Page) {
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "账号登录" });
  await tapUntil(page.getByRole("button", { name: "登录", exact: true }), dialog);
  return dialog;
}

describe("login with QQ and Apple from the home page's login dialog", () => {
  it("shows no provider buttons while none is configured", async () => {
    const page = await t.page();
    const dialog = await openLoginDialog(page);
    await dialog.locator('button[type="submit"]').waitFor();
    // The public config answered (an empty list): no buttons, no divider.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType("resource").some((e) => e.name.endsWith("/api/oauth/configs/public")),
        ),
      )
      .toBe(true);
    expect(await dialog.getByRole("button", { name: "QQ登录" }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Apple登录" }).count()).toBe(0);
  });

  it("the admin configures QQ in /admin/oauth-config; the secret is never shown back", async () => {
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/oauth-config");
    await page.getByText("还没有登录配置").waitFor();
    await page.getByRole("button", { name: "添加登录配置" }).click();
    const modal = page.getByRole("dialog", { name: "添加登录配置" });
    await modal.getByLabel("APP ID").fill(qq.appId);
    await modal.getByLabel("APP Key").fill(qq.appKey);
    await modal.getByLabel("接口地址").fill(qq.url);
    await shot(page, "oauth-admin-form");
    await modal.getByRole("button", { name: "保存" }).click();
    const row = page.getByRole("row", { name: /QQ 互联/ });
    await row.getByText("已设置").waitFor();
    await shot(page, "oauth-admin-list");
    expect(await page.content()).not.toContain(qq.appKey);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it("a new user logs in with QQ: QQ's page, back to /oauth/callback, then home, logged in", async () => {
    await configure();
    qq.setNextUser(qqUser("QQ新朋友"));
    const page = await t.page();
    const dialog = await openLoginDialog(page);
    await shot(page, "oauth-login-dialog");
    await dialog.getByRole("button", { name: "QQ登录" }).click();
    await page.getByText("你好，QQ新朋友").waitFor({ timeout: 30_000 });
    await expectPath(page, "/");
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();
    expect(
      qq.requests.some(
        (r) => r.path === "/oauth2.0/authorize" && r.query.redirect_uri === `${t.app.url}/oauth/callback`,
      ),
    ).toBe(true);
    // No sideways scroll on the dialog's page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it("a new user logs in with Apple: Apple's window, then logged in without leaving the page", async () => {
    await configure();
    apple.setNextUser(appleUser("e2e.apple@example.com"));
    const page = await t.page();
    const dialog = await openLoginDialog(page);
    const popup = page.waitForEvent("popup");
    await dialog.getByRole("button", { name: "Apple登录" }).click();
    await popup;
    await page.getByText("你好，e2eapple").waitFor({ timeout: 30_000 });
    await expectPath(page, "/");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user_data") ?? "{}").email)).toBe(
      "e2e.apple@example.com",
    );
  });

  it("a callback with a state from elsewhere is refused with the way back, and no session starts", async () => {
    await configure();
    const page = await t.page();
    await page.goto("/oauth/callback?code=abc&state=forged-state");
    await page.getByText("登录请求无效，请重新登录").waitFor();
    await page.getByRole("heading", { name: "QQ登录失败" }).waitFor();
    await shot(page, "oauth-callback-error");
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    await page.getByRole("button", { name: "返回首页" }).click();
    await expectPath(page, "/");
  });
});

describe("login methods on /profile", () => {
  it("an account made by QQ sets a password, binds Apple and unbinds QQ, never its last way in", async () => {
    await configure();
    qq.setNextUser(qqUser("绑定测试"));
    const page = await t.page();
    const dialog = await openLoginDialog(page);
    await dialog.getByRole("button", { name: "QQ登录" }).click();
    await page.getByText("你好，绑定测试").waitFor({ timeout: 30_000 });

    await page.goto("/profile");
    const methods = page.locator("section", { has: page.getByRole("heading", { name: "第三方账号" }) });
    await methods.getByText("已绑定（绑定测试）").waitFor();
    await page.getByRole("heading", { name: "设置密码" }).waitFor();
    await shot(page, "oauth-profile");
    // QQ is the only way in: unbinding is refused before anything is sent.
    await methods.locator('[data-provider="qq"]').getByRole("button", { name: "解绑" }).click();
    await methods.getByText("这是账号唯一的登录方式，请先设置密码或绑定其他方式再解绑").waitFor();

    // Bind Apple through its window.
    apple.setNextUser(appleUser(undefined));
    const popup = page.waitForEvent("popup");
    await methods.locator('[data-provider="apple"]').getByRole("button", { name: "绑定" }).click();
    await popup;
    await methods.locator('[data-provider="apple"]').getByText("已绑定").waitFor();

    // Set a first password, then unbind QQ.
    const setPw = page.locator("section", { has: page.getByRole("heading", { name: "设置密码" }) });
    await setPw.locator('input[name="newPassword"]').fill("first-pass1");
    await setPw.locator('input[name="confirmPassword"]').fill("first-pass1");
    await setPw.getByRole("button", { name: "设置密码" }).click();
    await page.getByRole("heading", { name: "修改密码" }).waitFor();
    await methods.locator('[data-provider="qq"]').getByRole("button", { name: "解绑" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "解绑" }).click();
    await methods.locator('[data-provider="qq"]').getByText("未绑定").waitFor();
    await shot(page, "oauth-profile-after");
  });

  it("a password account binds QQ from /profile: QQ's page, back through /oauth/callback to /profile", async () => {
    await configure();
    await registerUser(t.app.url, "e2e_binder", "secret123");
    const page = await t.page();
    await signIn(page, t.app.url, "e2e_binder", "secret123");
    await page.goto("/profile");
    const methods = page.locator("section", { has: page.getByRole("heading", { name: "第三方账号" }) });
    qq.setNextUser(qqUser("资料页绑定"));
    await methods.locator('[data-provider="qq"]').getByRole("button", { name: "绑定" }).click();
    await methods.locator('[data-provider="qq"]').getByText("已绑定（资料页绑定）").waitFor({ timeout: 30_000 });
    await expectPath(page, "/profile");
    // A password account keeps its password card and may unbind.
    await page.getByRole("heading", { name: "修改密码" }).waitFor();
  });
});

describe("Apple's SDK missing", () => {
  it("says Apple Sign In SDK not loaded, and nobody is logged in", async () => {
    await configure();
    const headers = { "content-type": "application/json", authorization: `Bearer ${adminToken}` };
    const list = (await (await fetch(`${t.app.url}/api/admin/oauth-configs`, { headers })).json()) as {
      data: { id: number; provider: string }[];
    };
    const id = list.data.find((c) => c.provider === "apple")!.id;
    const setSdk = (sdk_url: string) =>
      fetch(`${t.app.url}/api/admin/oauth-configs/${id}`, {
        method: "PUT",
        headers,
        body: JSON.stringify({ sdk_url }),
      });
    expect((await setSdk(`${apple.url}/no-such-sdk.js`)).status).toBe(200);
    try {
      const page = await t.page();
      const dialog = await openLoginDialog(page);
      await dialog.getByRole("button", { name: "Apple登录" }).click();
      await dialog.getByRole("alert").getByText("Apple Sign In SDK not loaded").waitFor();
      expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    } finally {
      await setSdk(apple.sdkUrl);
    }
  });
});
