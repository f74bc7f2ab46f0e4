import { describe, it } from "vitest";
import { registerUser } from "./support/api";
import { submitLogin } from "./support/browser";
import { useApp } from "./support/fixture";

const t = useApp();

describe("login rate limit", () => {
  it("answers 请求过于频繁，请稍后再试 after too many failed logins", async () => {
    await registerUser(t.app.url, "e2e_limited", "secret123");
    const page = await t.page();
    await page.goto("/login");
    for (let i = 0; i < 10; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith("/graphql"));
      await submitLogin(page, "e2e_limited", `wrong-${i}`);
      await answered;
      await page.getByText("账号或密码错误").waitFor();
    }
    await submitLogin(page, "e2e_limited", "wrong-last");
    await page.getByText("请求过于频繁，请稍后再试").waitFor();
  });
});
