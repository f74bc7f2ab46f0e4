import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// The Content-Security-Policy and Permissions-Policy on our HTML pages: present, enforced by a real browser
// (no page may be framed), and not in the way of the pages themselves (no violation while they work).
const t = useApp();

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Permissions policy/i.test(m.text())) console.push(m.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...console];
}

describe("security headers on HTML pages", () => {
  it("the SPA's pages carry them and work under them (home, login, admin back office)", async () => {
    const page = await t.page();
    const violations = await watchViolations(page);
    const res = await page.goto("/");
    const headers = res!.headers();
    expect(headers["content-type"]).toMatch(/^text\/html/);
    expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'(;|$)/);
    expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
    await page.locator("#root *").first().waitFor();

    await page.goto("/login");
    await page.getByRole("button", { name: "登录" }).first().waitFor();

    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/dashboard");
    await page.locator("nav[aria-label=管理菜单], [data-panel], .ant-card").first().waitFor({ timeout: 30_000 });
    expect(await violations()).toEqual([]);
  });

  it("GraphiQL carries them and works under them", async () => {
    const page = await t.page();
    await page.setViewportSize({ width: 1280, height: 800 });
    const violations = await watchViolations(page);
    const res = await page.goto("/graphql");
    expect(res!.headers()["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(res!.headers()["permissions-policy"]).toMatch(/camera=\(\)/);
    await page.locator(".graphiql-query-editor .monaco-editor").waitFor({ timeout: 30_000 });
    // The editor's language worker ran (syntax colouring of the default operation).
    await page.locator(".graphiql-query-editor .view-lines span[class*='mtk']").first().waitFor({ timeout: 30_000 });
    expect(await violations()).toEqual([]);
  });

  it("no page of ours can be framed by another site (frame-ancestors 'none')", async () => {
    // Another site on the same machine (another port: another origin, same address space) that frames our pages.
    const other = http.createServer((req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(
        `<!doctype html><iframe id="f" src="${t.app.url}${decodeURIComponent(req.url!.slice(1))}" width="300" height="300"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const port = (other.address() as AddressInfo).port;
      const page = await t.page();
      for (const path of ["/", "/graphql", "/no/such/page"]) {
        await page.goto(`http://127.0.0.1:${port}/${encodeURIComponent(path)}`);
        const frame = await (await page.locator("#f").elementHandle())!.contentFrame();
        // goto waits for the load event, which waits for the frame: a refused frame holds Chrome's error page.
        expect(frame!.url(), path).toBe("chrome-error://chromewebdata/");
      }
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
