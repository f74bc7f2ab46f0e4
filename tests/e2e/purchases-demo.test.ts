import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inspectIpa } from "@gryx/apple/ipa-info";
import { parseThin } from "@gryx/apple/macho";
import { ZipReader } from "@gryx/apple/zip/reader";
import { parsePlist } from "../../packages/apple/src/plist";
import { verifyIpa } from "../../worker/src/signing";
import type { Page } from "playwright-core";
import { DEMO_ROOT_PEM } from "../support/app";
import { trustFixtureRoot, uploadGoodCertificate } from "../support/certificates";
import { gql, loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// The default run's catalogue: every seeded item has a package, so whatever a new user buys they can use.
const t = useApp(async () => ({ SEED_DEMO: "1", ...trustFixtureRoot() }));

interface Card {
  id: string;
  name: string;
  price: number;
}

async function firstPaid(categoryId: string | null): Promise<Card> {
  const { catalog } = await gql<{ catalog: { items: Card[] } }>(
    t.app.url,
    `query($c: ID) { catalog(categoryId: $c, price: PAID, pageSize: 5) { items { id name price } } }`,
    { c: categoryId },
  );
  expect(catalog.items.length).toBeGreaterThan(0);
  return catalog.items[0];
}

/** The main executable of a signed IPA and every file name in it. */
async function readIpa(file: string): Promise<{ names: string[]; linked: string[] }> {
  const zip = await ZipReader.open(file);
  try {
    const names = zip.entries.map((e) => e.name);
    const plist = zip.entries.find((e) => /^Payload\/[^/]+\.app\/Info\.plist$/.test(e.name))!;
    const { CFBundleExecutable } = parsePlist(await zip.readEntry(plist)) as { CFBundleExecutable: string };
    const exe = zip.entries.find((e) => e.name === plist.name.replace("Info.plist", CFBundleExecutable))!;
    const linked = parseThin(await zip.readEntry(exe)).dylibs.map((d) => d.name);
    return { names, linked };
  } finally {
    await zip.close();
  }
}

describe("every purchase leads somewhere (390×844, the default run)", () => {
  it("a new user buys an app, a dylib and a resource share, signs the app with the dylib injected, downloads it and the resource", async () => {
    const admin = await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword);
    await registerUser(t.app.url, "buyer_e2e", "secret123");
    const me = await loginUser(t.app.url, "buyer_e2e", "secret123");
    await fetch(`${t.app.url}/api/admin/users/${me.user.id}/wallet/adjust`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ amount: 200, reason: "测试充值" }),
    }).then((r) => expect(r.status).toBe(200));
    const app = await firstPaid(null);
    const dylib = await firstPaid("dylib");
    const share = await firstPaid("resource-shares");
    // The detail calls say there is something to deliver.
    expect((await (await fetch(`${t.app.url}/api/apps/${app.id}`)).json()).data.has_package).toBe(true);
    expect((await (await fetch(`${t.app.url}/api/dylib-management/public/${dylib.id}`)).json()).data.has_package).toBe(
      true,
    );
    expect((await (await fetch(`${t.app.url}/api/resource-shares/${share.id}`)).json()).data.has_package).toBe(true);

    const page = await t.page();
    await signIn(page, t.app.url, "buyer_e2e", "secret123");
    const buy = async (path: string, name: string) => {
      await page.goto(path);
      await page.getByRole("heading", { name, level: 2 }).waitFor();
      await page.getByRole("button", { name: /^立即购买/ }).click();
      await page.getByRole("button", { name: /^确认支付/ }).click();
      await page.getByTestId("bought-sheet").waitFor();
    };

    // 1. The app: the sheet after the purchase offers 签名安装.
    await buy(`/app/${app.id}`, app.name);
    await page.getByTestId("bought-sheet").getByText("购买成功").waitFor();
    await shot(page, "purchase-app-bought");
    await page.getByTestId("sheet-next-sign").waitFor();
    await page.getByRole("button", { name: "稍后再说" }).click();
    await page.getByTestId("purchase-status").getByText("已购买").waitFor();
    await page.getByTestId("next-sign").waitFor();

    // 2. The dylib: 注入到应用 opens /signature with the plugin ticked.
    await buy(`/dylib/${dylib.id}`, dylib.name);
    await shot(page, "purchase-dylib-bought");
    await page.getByTestId("sheet-next-inject").click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/signature");
    const plugin = page.getByRole("group", { name: "注入插件" }).getByRole("button", { name: new RegExp(dylib.name) });
    await expect.poll(() => plugin.getAttribute("aria-pressed")).toBe("true");
    const demo = page.getByTestId("signing-certificate").filter({ hasText: "演示证书" });
    await demo.first().click();
    await page.getByRole("tab", { name: "从应用库选择" }).click();
    await page.getByRole("link", { name: /从应用库选择应用/ }).click();
    // The bought app is offered on /app-signature; choosing it keeps the plugin ticked.
    await page.getByPlaceholder("搜索应用名称或 Bundle ID").fill(app.name);
    const bought = page.getByTestId("signable-app").filter({ hasText: app.name });
    await bought.first().click();
    await page.getByTestId("picked-app").getByText(app.name).waitFor();
    await expect.poll(() => plugin.getAttribute("aria-pressed")).toBe("true");
    await shot(page, "purchase-sign-with-dylib");
    await page.getByRole("button", { name: "开始签名" }).click();
    const card = page.getByTestId("current-task").getByTestId("signing-task");
    await card.and(page.locator('[data-status="done"]')).waitFor({ timeout: 120_000 });
    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: "下载 IPA" }).click();
    const signed = (await (await download).path())!;
    const v = await verifyIpa(signed, { trustedRoots: [readFileSync(DEMO_ROOT_PEM, "utf8")] });
    expect(v.ok, v.problems.join("\n")).toBe(true);
    const ipa = await readIpa(signed);
    const injected = ipa.linked.filter((n) => n.startsWith("@executable_path/Frameworks/") && n.endsWith(".dylib"));
    expect(injected).toHaveLength(1);
    expect(ipa.names.some((n) => n.endsWith(injected[0].replace("@executable_path/", "")))).toBe(true);

    // 3. The resource share: 下载 right on its page (the traffic fee is confirmed first).
    await buy(`/ziyuan/${share.id}`, share.name);
    await page.getByRole("button", { name: "去下载" }).click();
    const fileDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "下载", exact: true }).click();
    const fee = page.getByRole("button", { name: /^支付流量费并下载/ });
    await Promise.race([fee.waitFor().then(() => fee.click()), fileDownload]);
    const resource = (await (await fileDownload).path())!;
    expect((await inspectIpa(resource)).name.length).toBeGreaterThan(0);

    // 4. /purchase-history offers the next step of each.
    await page.goto("/purchase-history");
    await page.getByTestId("orders").waitFor();
    await page.getByTestId("next-sign").first().waitFor();
    await page.getByTestId("next-inject").first().waitFor();
    expect(await page.getByTestId("next-download").count()).toBeGreaterThanOrEqual(2);
    await shot(page, "purchase-history-next-steps");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 300_000);
});

/**
 * One route at 390×844: no sideways scroll, and the floating chat button over no button, link or field at any
 * scroll position (an element counts as covered when the chat button lies over its centre). Returns the problems.
 */
async function layoutProblems(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle").catch(() => undefined);
  // The chat button comes when the page is idle: its absence would make the cover check vacuous.
  await page.locator("button[class*=fab]").waitFor({ timeout: 30_000 });
  const problems: string[] = [];
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > 390) problems.push(`${path}: scrollWidth ${width}`);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; ; y += 400) {
    const covered = await page.evaluate((top) => {
      window.scrollTo(0, top);
      const fab = document.querySelector("button[class*=fab]")!;
      const f = fab.getBoundingClientRect();
      const out: string[] = [];
      for (const e of document.querySelectorAll<HTMLElement>(
        "a[href], button, input, select, textarea, [role=button], [role=tab], [role=radio], [role=switch]",
      )) {
        if (e === fab || fab.contains(e)) continue;
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
        const [x, y2] = [r.left + r.width / 2, r.top + r.height / 2];
        if (x >= f.left && x <= f.right && y2 >= f.top && y2 <= f.bottom)
          out.push((e.getAttribute("aria-label") || e.textContent || e.tagName).trim().slice(0, 30));
      }
      return out;
    }, y);
    for (const c of covered) problems.push(`${path} @${y}: chat button covers "${c}"`);
    if (y + 844 >= height) break;
  }
  return problems;
}

describe("layout at 390×844", () => {
  it("walks every route, as a guest and as a user: no horizontal overflow, no control under the chat button", async () => {
    await registerUser(t.app.url, "walker_e2e", "secret123");
    const me = await loginUser(t.app.url, "walker_e2e", "secret123");
    const cert = await uploadGoodCertificate(t.app.url, me.token, "走查证书");
    expect(cert.status).toBe(200);
    const share = await firstPaid("resource-shares");
    const order = await gql<{ createOrder: { orderNo: string } }>(
      t.app.url,
      `mutation($id: ID!) { createOrder(kind: RESOURCE_SHARE, id: $id) { orderNo } }`,
      { id: share.id },
      me.token,
    );
    const app = await firstPaid(null);
    const dylib = await firstPaid("dylib");
    const publicRoutes = [
      "/",
      `/app/${app.id}`,
      `/resource/${app.id}`,
      `/ziyuan/${share.id}`,
      `/dylib/${dylib.id}`,
      "/certificate",
      "/certificate-mall",
      "/software-source",
      "/software-source/search",
      "/software-source/1/apps",
      "/tutorial",
      "/theme-preview",
      "/agreement",
      "/privacy",
      "/udid/guide",
      "/udid/received",
      "/udid/success",
      "/install/1",
      "/signature",
      "/app-signature",
      `/certificate/${cert.body.data.id}`,
      "/no-such-page",
    ];
    const guestOnly = ["/login", "/register", "/forgot-password"];
    const userRoutes = [
      "/profile",
      "/purchase-history",
      `/order/${order.createOrder.orderNo}`,
      "/management",
      "/temp-certificates",
    ];

    const problems: string[] = [];
    const guest = await t.page();
    const crashes: string[] = [];
    guest.on("pageerror", (e) => crashes.push(e.message));
    for (const path of [...publicRoutes, ...guestOnly]) problems.push(...(await layoutProblems(guest, path)));
    // 8. The personal public pages show a guest what they are, with a login call to action (no redirect).
    for (const path of ["/signature", "/app-signature", `/certificate/${cert.body.data.id}`]) {
      await guest.goto(path);
      await guest.getByTestId("guest-preview").getByRole("button", { name: "登录后使用" }).waitFor();
      expect(new URL(guest.url()).pathname).toBe(path);
    }
    await shot(guest, "walk-guest-certificate");
    // 6. A guest's chat lookups say to log in first, without crashing.
    await guest.goto("/");
    await guest.locator("button[class*=fab]").click();
    for (const name of ["查询订单", "查询证书"]) {
      await guest.getByRole("button", { name }).click();
      await guest.getByTestId("chat-login-needed").getByText("请先登录后再查询").waitFor();
    }
    await shot(guest, "walk-guest-chat");
    expect(crashes).toEqual([]);
    const user = await t.page();
    await signIn(user, t.app.url, "walker_e2e", "secret123");
    for (const path of [...publicRoutes, ...userRoutes]) problems.push(...(await layoutProblems(user, path)));
    for (const path of [
      "/purchase-history",
      "/temp-certificates",
      "/management",
      "/software-source/search",
      "/profile",
    ]) {
      await user.goto(path);
      await user.waitForLoadState("networkidle").catch(() => undefined);
      await shot(user, `walk${path.replaceAll("/", "-")}`);
    }
    await user.goto(`/order/${order.createOrder.orderNo}`);
    // 4. A pending order pays from its own page.
    await user.getByRole("heading", { name: "去支付" }).waitFor();
    await shot(user, "walk-order-pending");
    expect(problems).toEqual([]);
  }, 600_000);
});
