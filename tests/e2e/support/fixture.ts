import { afterAll, afterEach, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startApp, type TestApp } from "../../support/app";
import { launchBrowser, phonePage } from "./browser";
import { watchPage, whatPagesShow } from "./failure-report";

/** Runs in the page before its scripts: a device captured earlier in this browser, unless one is there already. */
function holdDevice(): void {
  if (!localStorage.getItem("selected_device_info"))
    localStorage.setItem(
      "selected_device_info",
      JSON.stringify({ id: "e2e", udid: "00008030-00000000000E2E00", modelName: "iPhone 15" }),
    );
}

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
  afterEach(async (ctx) => {
    // A failed test's error also says what its pages showed then (URL, dialogs, toasts) and what went wrong in them.
    const failed = ctx.task.result?.state === "fail" ? ctx.task.result.errors?.[0] : undefined;
    if (failed) failed.message += await whatPagesShow(contexts);
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
    /**
     * A fresh page, phone-sized unless `options` say otherwise (e.g. viewport, timezoneId). Its browser already holds
     * a device (selected_device_info), so the UDID tip, which a logged-in user without a device gets on every page,
     * stays away from tests about other things; `{ udidDevice: false }` gives a browser without one.
     */
    async page(options?: Parameters<Browser["newContext"]>[0], opts: { udidDevice?: boolean } = {}): Promise<Page> {
      const { context, page } = await phonePage(browser, app.url, options);
      contexts.push(context);
      watchPage(page);
      if (opts.udidDevice !== false) await context.addInitScript(holdDevice);
      return page;
    },
  };
}
