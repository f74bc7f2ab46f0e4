import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startApp, type TestApp } from "../support/app";
import { launchBrowser } from "./support/browser";
import { loginUser } from "./support/api";

// GraphiQL at GET /graphql, served from our own bundle (server/graphiql -> server/graphiql-dist, built by
// `npm run build -w server`): it must work with no network access beyond the app itself.
const dist = path.resolve(__dirname, "../../server/graphiql-dist/index.html");

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let outside: string[];

beforeAll(async () => {
  if (!existsSync(dist)) throw new Error(`${dist} is missing: run \`npm run build -w server\` first`);
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A desktop-sized page whose requests may only reach 127.0.0.1 / localhost; anything else is aborted and recorded. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "zh-CN" });
  outside = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return route.continue();
    outside.push(url.href);
    return route.abort("blockedbyclient");
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return { page, problems };
}

const queryEditor = (page: Page) => page.locator(".graphiql-query-editor .monaco-editor");
/** Monaco renders spaces as no-break spaces and lines as separate elements: compare on collapsed whitespace. */
const text = async (page: Page, selector: string) =>
  (await page.locator(selector).innerText()).replace(/\s+/g, " ").trim();

/** Replaces the operation in the query editor by typing it, and checks what the editor holds. */
async function typeQuery(page: Page, query: string): Promise<void> {
  await queryEditor(page).locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  // insertText: one input event, so Monaco's bracket auto-closing and suggestions don't interfere.
  await page.keyboard.insertText(query);
  await expect.poll(() => text(page, ".graphiql-query-editor .view-lines")).toBe(query);
  await page.keyboard.press("Escape"); // any suggestion widget
}

/** Runs the operation with Ctrl-Enter in the query editor and returns the response pane's text once it changes. */
async function run(page: Page, expected: string): Promise<string> {
  await queryEditor(page).locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+Enter");
  const response = page.locator(".graphiql-response .view-lines");
  await response.filter({ hasText: expected }).waitFor({ timeout: 30_000 });
  return text(page, ".graphiql-response .view-lines");
}

describe("GraphiQL", () => {
  it("loads from the app alone and runs { healthy } from the editor", async () => {
    const { page, problems } = await openPage();
    const res = await page.goto(`${app.url}/graphql`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await page.title()).toBe("GraphiQL · 果仁应用");

    await queryEditor(page).waitFor({ timeout: 30_000 });
    // The default operation of a fresh browser is { healthy }.
    expect(await text(page, ".graphiql-query-editor .view-lines")).toContain("{ healthy }");

    await typeQuery(page, "{ healthy }");
    expect(await run(page, "healthy")).toBe('{ "data": { "healthy": true } }');

    // The schema loaded too (introspection within the server's depth limit): the docs explorer lists the root types.
    await page.locator(".graphiql-sidebar button[aria-label='Show Documentation Explorer']").click();
    await page.locator(".graphiql-doc-explorer").getByText("Mutation", { exact: true }).waitFor({ timeout: 30_000 });

    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("sends the client's stored token (localStorage auth_token) as a Bearer header", async () => {
    const { token } = await loginUser(app.url, app.adminUsername, app.adminPassword);
    const { page, problems } = await openPage();
    // Stored the way the client app stores it after a login on the same origin.
    await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);
    await page.goto(`${app.url}/graphql`);
    await queryEditor(page).waitFor({ timeout: 30_000 });

    await typeQuery(page, "{ me { username } }");
    expect(await run(page, "username")).toBe(`{ "data": { "me": { "username": "${app.adminUsername}" } } }`);

    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });
});
