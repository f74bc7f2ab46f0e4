import { afterAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../support/smtp-server";
import { gql } from "./support/api";
import { alertText, expectPath, submitLogin } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const t = useApp(async () => {
  smtp = await startSmtpServer();
  return { SMTP_URL: smtp.url };
});
afterAll(async () => smtp?.close());

/** The 6-digit code of the latest mail to `address`. */
async function codeSentTo(address: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mail = [...smtp.received].reverse().find((m) => m.to.some((to) => to.includes(address)));
        code = mail?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return code!;
}

describe("forgot password", () => {
  it("resets the password with the emailed code, then logs in with the new one", async () => {
    await gql(
      t.app.url,
      'mutation { register(username: "e2e_forgot", password: "secret123", email: "forgot@example.com") { id } }',
    );
    const page = await t.page();
    await page.goto("/forgot-password");
    await page.locator('input[name="username"]').fill("e2e_forgot");
    await page.getByRole("button", { name: "发送验证码" }).click();
    await page.locator('input[name="code"]').waitFor();
    const code = await codeSentTo("forgot@example.com");

    const wrong = code === "000000" ? "111111" : "000000";
    await page.locator('input[name="code"]').fill(wrong);
    await page.getByRole("button", { name: "下一步" }).click();
    await alertText(page).waitFor();

    await page.locator('input[name="code"]').fill(code);
    await page.getByRole("button", { name: "下一步" }).click();
    await page.locator('input[name="password"]').fill("brand-new-1");
    await page.locator('input[name="confirm"]').fill("brand-new-1");
    await page.getByRole("button", { name: "重置密码" }).click();
    await page.getByRole("button", { name: "去登录" }).click();

    await expectPath(page, "/login");
    await expect(page.locator('input[name="username"]').inputValue()).resolves.toBe("e2e_forgot");
    await submitLogin(page, "e2e_forgot", "brand-new-1");
    await expectPath(page, "/profile");
  });
});

describe("profile", () => {
  it("shows the account and changes the password", async () => {
    await gql(t.app.url, 'mutation { register(username: "e2e_profile", password: "secret123") { id } }');
    const page = await t.page();
    await signIn(page, t.app.url, "e2e_profile", "secret123");
    await page.goto("/profile");
    await page.getByRole("heading", { name: "e2e_profile" }).waitFor();
    await page.getByText("普通用户").waitFor();

    await page.locator('input[name="oldPassword"]').fill("not-the-password");
    await page.locator('input[name="newPassword"]').fill("changed-123");
    await page.locator('input[name="confirmPassword"]').fill("changed-123");
    await page.getByRole("button", { name: "修改密码" }).click();
    await expect(alertText(page).textContent()).resolves.toBe("原密码错误");

    await page.locator('input[name="oldPassword"]').fill("secret123");
    await page.getByRole("button", { name: "修改密码" }).click();
    await page.getByText("密码修改成功").waitFor();
    await expect(
      gql(t.app.url, 'mutation { login(username: "e2e_profile", password: "changed-123") { token } }'),
    ).resolves.toBeTruthy();
  });
});
