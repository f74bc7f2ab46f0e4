import type { BrowserContext, Page } from "playwright-core";

const seen = new WeakMap<Page, string[]>();
const KEEP = 15;

/** Keeps the page's last console errors, uncaught errors and failed requests, for a failure's report. */
export function watchPage(page: Page): void {
  const lines: string[] = [];
  seen.set(page, lines);
  const keep = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 300)}`);
    if (lines.length > KEEP) lines.shift();
  };
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") keep(`console.${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => keep(`pageerror: ${e.message}`));
  page.on("requestfailed", (r) => keep(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ""}`));
  page.on("response", (r) => {
    if (r.status() >= 400) keep(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
}

/** What each open page shows now (URL, open dialogs, toasts and alerts) and what it logged; text to append to an error. */
export async function whatPagesShow(contexts: BrowserContext[]): Promise<string> {
  const out: string[] = [];
  for (const page of contexts.flatMap((c) => c.pages())) {
    const shown = await page
      .evaluate(() => {
        const text = (sel: string) =>
          [...document.querySelectorAll<HTMLElement>(sel)]
            .filter((e) => e.offsetParent !== null || getComputedStyle(e).position === "fixed")
            .map((e) => (e.innerText || "").replace(/\s+/g, " ").trim().slice(0, 300))
            .filter(Boolean);
        return {
          dialogs: text('[role="dialog"]'),
          toasts: text(".ant-message-notice, .ant-notification-notice, .adm-toast-main"),
          alerts: text('[role="alert"]'),
        };
      })
      .catch((e: Error) => ({ error: e.message }));
    out.push(`page ${page.url()}: ${JSON.stringify(shown)}`);
    for (const line of seen.get(page) ?? []) out.push(`  ${line}`);
  }
  return out.length ? `\n\nPages at the failure:\n${out.join("\n")}` : "";
}
