import type { Page } from "playwright-core";
import { loginUser } from "./api";

/** Logs in through the API and stores the session the way the client does (auth_token, user_data). */
export async function signIn(page: Page, baseURL: string, username: string, password: string): Promise<void> {
  const { token, user } = await loginUser(baseURL, username, password);
  await page.goto("/");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("auth_token", t);
      localStorage.setItem("user_data", u);
    },
    [token, JSON.stringify(user)] as const,
  );
}
