import { existsSync } from "node:fs";
import { expect } from "vitest";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { QUIET_CHROMIUM_FLAGS } from "../../support/chromium.mjs";

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself runs headless): the same
 * Blink and V8 as the browser, without the hidden browser window around each page. The suite took 10 % less time on
 * it (357 → 320 s on 2 cores), most of it the full browser's own process. /usr/bin/chromium when the shell is absent;
 * CHROMIUM_PATH names another.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  ...QUIET_CHROMIUM_FLAGS,
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * A phone-sized page (390 x 844) on a fresh context: empty local and session storage. `options` overrides.
 * The system asks for reduced motion, as iOS's 减弱动态效果 does: the back office's dialogs open without their
 * zoom, so a tap made the moment one shows lands where it is aimed (under load a zoom still under way moved the
 * button between the press and the release, and the tap was lost). `reducedMotion: "no-preference"` animates.
 */
export async function phonePage(
  browser: Browser,
  baseURL: string,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: "zh-CN",
    hasTouch: true,
    reducedMotion: "reduce",
    ...options,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Waits until the URL's path is `path`; polled, since the guards redirect with history.replaceState. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** Fills and submits the users' login form (page or dialog). */
export async function submitLogin(page: Page, username: string, password: string, scope = "form"): Promise<void> {
  const form = page
    .locator(scope)
    .filter({ has: page.locator('input[name="password"]') })
    .first();
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

export function alertText(page: Page) {
  return page.locator('[role="alert"]').first();
}

/** A full-page screenshot into E2E_SHOTS_DIR when it is set (to look at a page by eye); nothing otherwise. */
export function shot(page: Page, name: string): Promise<unknown> {
  const dir = process.env.E2E_SHOTS_DIR;
  return dir ? page.screenshot({ path: `${dir}/${name}.png`, fullPage: true }) : Promise.resolve();
}

/**
 * Taps `target` until `expected` shows. A tap on a page still busy (a loaded machine, a dialog still opening) may be
 * lost, as a person's would, and a person taps again; only for taps that are safe to repeat. A tap that went through
 * may have closed what `target` is in (a confirm popover): a later tap is made only while `target` is shown, and the
 * wait for `expected` goes on.
 */
export async function tapUntil(target: Locator, expected: Locator, taps = 3): Promise<void> {
  for (let tap = 1; ; tap++) {
    // A later tap only while the target is still shown (a tap that went through may have closed it).
    if (tap === 1) await target.click();
    else if (await target.isVisible()) await target.click({ timeout: 2_000 }).catch(() => undefined);
    try {
      await expected.waitFor({ timeout: tap === taps ? 30_000 : 10_000 });
      return;
    } catch (e) {
      if (tap === taps) throw e;
    }
  }
}
