import { describe, expect, it } from "vitest";
import { registerUser } from "./support/api";
import { alertText, expectPath, submitLogin } from "./support/browser";
import { useApp } from "./support/fixture";

const t = useApp();
const PASSWORD = "secret123";

describe("register", () => {
  it("validates, registers on /register and opens /login with the username filled in", async () => {
    const page = await t.page();
    await page.goto("/register");
    const form = page.locator("form");
    await form.locator('input[name="username"]').fill("e2e_reg1");
    await form.locator('input[name="password"]').fill(PASSWORD);
    await form.locator('input[name="confirm"]').fill(PASSWORD);
    await form.locator('button[type="submit"]').click();
    await expect(alertText(page).textContent()).resolves.toBe("请完整填写并确认协议（密码至少6位，两次一致）");

    await page.getByText("我已阅读并同意", { exact: true }).click();
    await form.locator('input[name="confirm"]').fill("different1");
    await form.locator('button[type="submit"]').click();
    await expect(alertText(page).textContent()).resolves.toBe("请完整填写并确认协议（密码至少6位，两次一致）");

    await form.locator('input[name="confirm"]').fill(PASSWORD);
    await form.locator('button[type="submit"]').click();
    await expectPath(page, "/login");
    await expect(page.locator('input[name="username"]').inputValue()).resolves.toBe("e2e_reg1");
  });

  it("answers a taken username with the register catalogue's text", async () => {
    await registerUser(t.app.url, "e2e_taken", PASSWORD);
    const page = await t.page();
    await page.goto("/register");
    await page.locator('input[name="username"]').fill("e2e_taken");
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="confirm"]').fill(PASSWORD);
    await page.getByText("我已阅读并同意", { exact: true }).click();
    await page.locator('button[type="submit"]').click();
    await expect(alertText(page).textContent()).resolves.toMatch(/已存在/);
  });

  it("register dialog success reopens the login dialog with the username, and login works there", async () => {
    const page = await t.page();
    await page.goto("/");
    await page.getByRole("button", { name: "注册", exact: true }).click();
    const register = page.getByRole("dialog", { name: "注册账号" });
    await register.locator('input[name="username"]').fill("e2e_dialog");
    await register.locator('input[name="password"]').fill(PASSWORD);
    await register.locator('input[name="confirm"]').fill(PASSWORD);
    await register.getByText("我已阅读并同意", { exact: true }).click();
    await register.locator('button[type="submit"]').click();

    const login = page.getByRole("dialog", { name: "账号登录" });
    await login.waitFor();
    await expect(login.locator('input[name="username"]').inputValue()).resolves.toBe("e2e_dialog");
    await login.locator('input[name="password"]').fill(PASSWORD);
    await login.locator('button[type="submit"]').click();
    await page.getByText("你好，e2e_dialog").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();
  });

  it("switches between the login and register dialogs", async () => {
    const page = await t.page();
    await page.goto("/");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.getByRole("dialog", { name: "账号登录" }).getByRole("button", { name: "立即注册" }).click();
    await page.getByRole("dialog", { name: "注册账号" }).getByRole("button", { name: "立即登录" }).click();
    await page.getByRole("dialog", { name: "账号登录" }).waitFor();
  });
});

describe("login", () => {
  it("shows the catalogue's errors: empty fields, wrong password, unknown user", async () => {
    await registerUser(t.app.url, "e2e_login1", PASSWORD);
    const page = await t.page();
    await page.goto("/login");
    await page.locator('button[type="submit"]').click();
    await expect(alertText(page).textContent()).resolves.toBe("请输入账号和密码");

    await submitLogin(page, "e2e_login1", "wrong-password");
    await page.getByText("账号或密码错误").waitFor();

    await submitLogin(page, "e2e_nobody", PASSWORD);
    await page.getByText("账号不存在").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  });

  it("shows 正在登录... while the request runs, then opens the default page", async () => {
    await registerUser(t.app.url, "e2e_login2", PASSWORD);
    const page = await t.page();
    await page.route("**/graphql", async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.goto("/login");
    await submitLogin(page, "e2e_login2", PASSWORD);
    await page.getByText("正在登录...").waitFor();
    await expectPath(page, "/profile");
    await page.getByRole("heading", { name: "e2e_login2" }).waitFor();
  });

  it("remembers the username when asked and forgets it when not", async () => {
    await registerUser(t.app.url, "e2e_remember", PASSWORD);
    const page = await t.page();
    await page.goto("/login");
    await submitLogin(page, "e2e_remember", PASSWORD);
    await expectPath(page, "/profile");
    expect(await page.evaluate(() => localStorage.getItem("remembered_username"))).toBe("e2e_remember");

    await page.evaluate(() => localStorage.removeItem("auth_token"));
    await page.goto("/login");
    await expect(page.locator('input[name="username"]').inputValue()).resolves.toBe("e2e_remember");
    await page.getByText("记住账号").click(); // untick
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await expectPath(page, "/profile");
    expect(await page.evaluate(() => localStorage.getItem("remembered_username"))).toBeNull();
  });
});

describe("logout", () => {
  it("asks 确认退出 first; 取消 keeps the session, 确定 ends it", async () => {
    await registerUser(t.app.url, "e2e_logout", PASSWORD);
    const page = await t.page();
    await page.goto("/login");
    await submitLogin(page, "e2e_logout", PASSWORD);
    await expectPath(page, "/profile");
    await page.goto("/");

    await page.getByRole("button", { name: "退出登录" }).click();
    const dialog = page.locator(".adm-dialog");
    await dialog.getByText("确认退出").waitFor();
    await dialog.getByText("您确定要退出登录吗？").waitFor();
    await dialog.getByRole("button", { name: "取消" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();

    // the server refuses: an alert, and the session stays
    await page.route("**/graphql", (route) =>
      route.request().postData()?.includes("mutation Logout")
        ? route.fulfill({ status: 500, body: "down" })
        : route.continue(),
    );
    await page.getByRole("button", { name: "退出登录" }).click();
    await dialog.getByRole("button", { name: "确定" }).click();
    const alert = page.locator(".adm-dialog").filter({ hasText: "退出登录失败，请重试" });
    await alert.getByRole("button", { name: "确定" }).click();
    await alert.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();
    await page.unroute("**/graphql");

    await page.getByRole("button", { name: "退出登录" }).click();
    await dialog.getByRole("button", { name: "确定" }).click();
    await page.getByRole("button", { name: "登录", exact: true }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("auth_token"), localStorage.getItem("user_data")])).toEqual([
      null,
      null,
    ]);
  });
});
