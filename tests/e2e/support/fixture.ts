import { afterAll, afterEach, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startApp, type TestApp } from "../../support/app";
import { launchBrowser, phonePage } from "./browser";

/**
 * One real app and one browser per test file; a fresh phone-sized page per `page()` call.
 * `env` runs first and adds environment variables for the app (e.g. SMTP_URL).
 */
export function useApp(env?: () => Promise<Record<string, string>>) {
  let app: TestApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const extra = env ? await env() : {};
    [app, browser] = await Promise.all([startApp(extra), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  return {
    get app(): TestApp {
      return app;
    },
    /** A fresh page, phone-sized unless `options` say otherwise (e.g. viewport, timezoneId). */
    async page(options?: Parameters<Browser["newContext"]>[0]): Promise<Page> {
      const { context, page } = await phonePage(browser, app.url, options);
      contexts.push(context);
      return page;
    },
  };
}
