import { describe, expect, it } from "vitest";
import { registerUser } from "./support/api";
import { alertText, expectPath, submitLogin } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
import { PUBLIC_PENDING } from "../../client/src/app/routes";

const t = useApp();
const PASSWORD = "secret123";

describe("route guards", () => {
  it("sends a guest from a login-required page to /login and back there after login", async () => {
    await registerUser(t.app.url, "e2e_guard1", PASSWORD);
    const page = await t.page();
    await page.goto("/profile");
    await expectPath(page, "/login");
    expect(await page.evaluate(() => sessionStorage.getItem("redirectFrom"))).toBe("/profile");
    // the bottom navigation marks the page the guest came from
    await expect(page.locator('nav[aria-label="主导航"] [aria-current="page"]').textContent()).resolves.toBe(
      "个人主页",
    );

    await submitLogin(page, "e2e_guard1", PASSWORD);
    await expectPath(page, "/profile");
    expect(await page.evaluate(() => sessionStorage.getItem("redirectFrom"))).toBeNull();
  });

  it("remembers a login-required page (/management) and returns there after login", async () => {
    await registerUser(t.app.url, "e2e_guard2", PASSWORD);
    const page = await t.page();
    await page.goto("/management");
    await expectPath(page, "/login");
    await expect(page.locator('nav[aria-label="主导航"] [aria-current="page"]').textContent()).resolves.toBe(
      "证书管理",
    );
    await submitLogin(page, "e2e_guard2", PASSWORD);
    await expectPath(page, "/management");
    await page.getByRole("heading", { name: "证书管理" }).waitFor();
  });

  it("sends guests from /admin pages to /admin/login", async () => {
    const page = await t.page();
    await page.goto("/admin");
    await expectPath(page, "/admin/login");
    await page.goto("/admin/users");
    await expectPath(page, "/admin/login");
  });

  it("keeps a non-admin account out of /admin (admin login, then its guest-only rule sends it to /profile)", async () => {
    await registerUser(t.app.url, "e2e_guard3", PASSWORD);
    const page = await t.page();
    await signIn(page, t.app.url, "e2e_guard3", PASSWORD);
    await page.goto("/admin/dashboard");
    await expectPath(page, "/profile");
  });

  it("sends a logged-in admin from guest-only pages to /admin/dashboard", async () => {
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/login");
    await expectPath(page, "/admin/dashboard");
    await page.getByText("用户总数").waitFor();
    await page.goto("/register");
    await expectPath(page, "/admin/dashboard");
    await page.goto("/admin");
    await expectPath(page, "/admin/dashboard");
  });

  it("sends a logged-in user from guest-only pages to /profile", async () => {
    await registerUser(t.app.url, "e2e_guard4", PASSWORD);
    const page = await t.page();
    await signIn(page, t.app.url, "e2e_guard4", PASSWORD);
    await page.goto("/forgot-password");
    await expectPath(page, "/profile");
  });

  it("drops the token on a 401 and sends the page back to /login", async () => {
    const page = await t.page();
    await page.goto("/");
    await page.evaluate(() => {
      localStorage.setItem("auth_token", "not-a-valid-token");
      localStorage.setItem("user_data", JSON.stringify({ id: "1", username: "ghost", role: "user", permissions: [] }));
    });
    await page.goto("/profile");
    await expectPath(page, "/login");
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  });
});

describe("expired admin session", () => {
  it("drops the token on a 401 from an admin page and opens /admin/login", async () => {
    const page = await t.page();
    await page.goto("/");
    await page.evaluate(() => {
      localStorage.setItem("auth_token", "expired-or-forged");
      localStorage.setItem("user_data", JSON.stringify({ id: "1", username: "admin", role: "admin", permissions: [] }));
    });
    await page.goto("/admin/dashboard");
    await expectPath(page, "/admin/login");
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  });
});

describe("admin login", () => {
  it("refuses a non-admin account and lets the admin into the dashboard", async () => {
    await registerUser(t.app.url, "e2e_notadmin", PASSWORD);
    const page = await t.page();
    await page.goto("/admin/login");
    await page.getByPlaceholder("管理员账号").fill("e2e_notadmin");
    await page.getByPlaceholder("密码").fill(PASSWORD);
    await page.getByRole("button", { name: "登录" }).click();
    await expect(alertText(page).textContent()).resolves.toBe("该账号没有管理员权限");
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();

    await page.getByPlaceholder("管理员账号").fill(t.app.adminUsername);
    await page.getByPlaceholder("密码").fill(t.app.adminPassword);
    await page.getByRole("button", { name: "登录" }).click();
    await expectPath(page, "/admin/dashboard");
    await page.getByText("近 14 天注册人数").waitFor();
    await page.getByRole("img", { name: /近14天注册人数/ }).waitFor();
  });

  it("lists, creates and disables users on /admin/users", async () => {
    await registerUser(t.app.url, "e2e_listed", PASSWORD);
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/users");
    await page.getByRole("cell", { name: "e2e_listed" }).waitFor();

    await page.getByRole("button", { name: "新建用户" }).click();
    const modal = page.getByRole("dialog");
    await modal.getByLabel("用户名").fill("e2e_created");
    await modal.getByLabel("初始密码").fill(PASSWORD);
    await modal.getByRole("button", { name: "创建" }).click();
    await page.getByRole("cell", { name: "e2e_created" }).waitFor();

    await page.getByPlaceholder("搜索用户名或邮箱").fill("e2e_created");
    await page.getByRole("button", { name: "搜索" }).click();
    await page.getByRole("cell", { name: "e2e_listed" }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "禁用" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "确定" }).click();
    await page.getByText("已禁用").first().waitFor();
  });
});

describe("admin logout", () => {
  it("confirms with 确认退出 and returns to /admin/login", async () => {
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/dashboard");
    await page.getByRole("button", { name: "退出" }).click();
    const modal = page.locator(".ant-modal-confirm");
    await modal.getByText("您确定要退出登录吗？").waitFor();
    await modal.getByRole("button", { name: "确定" }).click();
    await expectPath(page, "/admin/login");
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  });
});

describe("pages that later issues build", () => {
  it("land on the plain 404 page with a way home", async () => {
    const page = await t.page();
    // Whichever public page is still pending (the list shrinks as issues land), else a path no route has.
    const pending: string = (PUBLIC_PENDING as readonly string[]).find((p) => !p.includes(":")) ?? "/no-such-page";
    await page.goto(pending);
    await page.getByRole("heading", { name: "页面不存在" }).waitFor();
    await page.getByRole("link", { name: "返回首页" }).click();
    await expectPath(page, "/");
  });
});

describe("the back office's own page (admin.html)", () => {
  it("leaves for a users' page with that page's document, and the users' app opens the back office in place", async () => {
    const page = await t.page();
    const entry = () => page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute("src"));
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/dashboard");
    await page.getByText("用户总数").waitFor();
    expect(await entry()).toMatch(/^\/assets\/admin-/);
    await page.getByRole("link", { name: "返回前台" }).click();
    await expectPath(page, "/");
    await page.locator('nav[aria-label="主导航"]').waitFor();
    expect(await entry()).toMatch(/^\/assets\/index-/);
    // The users' app's own way there (a guest-only page sends an admin to the dashboard) stays in its document.
    await page.goto("/login");
    await expectPath(page, "/admin/dashboard");
    await page.getByText("用户总数").waitFor();
    expect(await entry()).toMatch(/^\/assets\/index-/);
  });
});
