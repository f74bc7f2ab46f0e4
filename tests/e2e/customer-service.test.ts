import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createResourceShareWithIpa, gql, loginUser, registerUser } from "./support/api";
import { expectPath, shot, submitLogin } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
import { trustFixtureRoot, uploadGoodCertificate } from "../support/certificates";

const t = useApp(async () => trustFixtureRoot());

/** Counts the widget's message polls (GET /api/customer-service/messages/…). */
function countPolls(page: Page) {
  const counter = { n: 0 };
  page.on("request", (r) => {
    if (r.method() === "GET" && /\/api\/customer-service\/messages\/cs_/.test(r.url())) counter.n++;
  });
  return counter;
}

const fab = (page: Page) => page.getByRole("button", { name: /在线客服/ });
const chatWindow = (page: Page) => page.getByRole("dialog", { name: "在线客服" });

async function openChat(page: Page) {
  await fab(page).click();
  await chatWindow(page).getByText("您好！有什么可以帮助您的吗？").waitFor();
}

async function sendFromWidget(page: Page, text: string) {
  const input = chatWindow(page).getByLabel("消息内容");
  await input.fill(text);
  // The page has taken the text (发送 is enabled once the trimmed text is not empty and no send is under way).
  await expect.poll(() => chatWindow(page).getByRole("button", { name: "发送", exact: true }).isEnabled()).toBe(true);
  await input.press("Enter");
  await chatWindow(page).getByTestId("cs-messages").getByText(text).waitFor();
}

const adminToken = async () => (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;

async function adminReply(token: string, sessionId: string, content: string) {
  const res = await fetch(`${t.app.url}/api/admin/customer-service/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ session_id: sessionId, content, message_type: "text" }),
  });
  expect(res.status).toBe(200);
}

/** The UDID tip (a dialog for logged-in users without a device) stays closed on these paths in this tab. */
const noUdidTip = (page: Page, paths: string[]) =>
  page.evaluate((p) => sessionStorage.setItem("udid_tip_dismissed_path", JSON.stringify(p)), paths);

const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem("cs_session_id"));

describe("customer-service chat in the browser", () => {
  it("a guest chats; an admin in a second browser answers and the guest sees it live without polling", async () => {
    const guest = await t.page();
    const polls = countPolls(guest);
    await guest.goto("/");
    // The announcement's promise: the icon is at the bottom right.
    const box = (await fab(guest).boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(390 - 40);
    expect(box.y + box.height).toBeGreaterThan(844 - 160);
    await openChat(guest);
    expect(await guest.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    const win = chatWindow(guest);
    const send = win.getByRole("button", { name: "发送", exact: true });
    expect(await send.isDisabled()).toBe(true);
    await win.getByLabel("消息内容").fill("   ");
    expect(await send.isDisabled()).toBe(true);
    // Shift+Enter is a newline, Enter sends.
    await win.getByLabel("消息内容").fill("第一行");
    await win.getByLabel("消息内容").press("Shift+Enter");
    await win.getByLabel("消息内容").pressSequentially("第二行");
    expect(await win.getByLabel("消息内容").inputValue()).toBe("第一行\n第二行");
    await win.getByLabel("消息内容").press("Enter");
    await win
      .getByTestId("cs-messages")
      .getByText(/第一行\s*第二行/)
      .waitFor();
    expect(await win.getByLabel("消息内容").inputValue()).toBe("");
    // Markup is shown as text.
    await sendFromWidget(guest, `<b id="x">粗体</b><img src=x onerror="window.__xss=1">`);
    expect(await guest.locator("#x").count()).toBe(0);
    expect(await guest.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await storedSession(guest)).toMatch(/^cs_[0-9a-f]{32}$/);
    expect(await guest.evaluate(() => localStorage.getItem("cs_guest_id"))).toMatch(/^g_[0-9a-f]{32}$/);
    await shot(guest, "chat-guest-open");

    // The admin console, in another browser context.
    const admin = await t.page({ viewport: { width: 1400, height: 900 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/customer-service");
    const item = admin.locator(`[data-session="${await storedSession(guest)}"]`);
    await item.waitFor();
    await item.locator("[data-unread]").getByText("2").waitFor();
    await item.click();
    await admin.getByTestId("admin-cs-messages").getByText("第一行").waitFor();
    await shot(admin, "chat-admin-console");

    // Connected: no polling at all while waiting, and the reply arrives by the subscription.
    const before = polls.n;
    await guest.waitForTimeout(3500);
    expect(polls.n).toBe(before);
    await admin.getByLabel("回复内容").fill("您好，这里是客服，请问有什么问题？");
    await admin.getByLabel("回复内容").press("Enter");
    // Live: it arrives with no poll at all (a poll would be counted), however long a loaded machine takes.
    await win.getByTestId("cs-messages").getByText("您好，这里是客服，请问有什么问题？").waitFor();
    expect(polls.n).toBe(before);
    // The guest's next message reaches the open console live.
    await sendFromWidget(guest, "我的应用闪退了");
    await admin.getByTestId("admin-cs-messages").getByText("我的应用闪退了").waitFor();
    await shot(guest, "chat-guest-reply");

    // Minimise returns to the icon and unlocks the page.
    await win.getByRole("button", { name: "最小化" }).click();
    await fab(guest).waitFor();
    expect(await guest.evaluate(() => document.body.style.overflow)).toBe("");
  });

  it("with the WebSocket blocked, the reply comes by 3 s polling", async () => {
    const guest = await t.page();
    await guest.context().routeWebSocket(/\/graphql/, (ws) => ws.close());
    // The page's clock is the test's: 3 s of the page's time pass when the test says, not when a loaded machine
    // gets round to it.
    await guest.clock.install();
    const polls = countPolls(guest);
    await guest.goto("/");
    await openChat(guest);
    await sendFromWidget(guest, "socket 被拦截时的消息");
    const sid = (await storedSession(guest))!;
    await adminReply(await adminToken(), sid, "轮询送达的回复");
    const p0 = polls.n;
    await guest.clock.runFor(3000);
    await chatWindow(guest).getByTestId("cs-messages").getByText("轮询送达的回复").waitFor();
    expect(polls.n).toBeGreaterThan(p0);
  });

  it("with the window closed a reply beeps, shakes the icon and counts on the badge (99+ above 99); opening reads them", async () => {
    const guest = await t.page();
    await guest.addInitScript(() => {
      const w = window as unknown as { __beeps: number; AudioContext: typeof AudioContext };
      w.__beeps = 0;
      const Original = w.AudioContext;
      w.AudioContext = class extends Original {
        createOscillator() {
          const osc = super.createOscillator();
          const start = osc.start.bind(osc);
          osc.start = (...args: [number?]) => {
            w.__beeps++;
            return start(...args);
          };
          return osc;
        }
      };
    });
    await guest.goto("/");
    await openChat(guest);
    await sendFromWidget(guest, "请问充值多久到账？");
    const sid = (await storedSession(guest))!;
    await chatWindow(guest).getByRole("button", { name: "关闭" }).click();
    await fab(guest).waitFor();
    await guest.evaluate(() => {
      const w = window as unknown as { __shakes: number };
      w.__shakes = 0;
      new MutationObserver((list) => {
        for (const m of list) if ((m.target as Element).getAttribute?.("data-shaking") === "1") w.__shakes++;
      }).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ["data-shaking"],
        childList: true,
      });
    });
    const token = await adminToken();
    await adminReply(token, sid, "一般即时到账");
    await guest.getByTestId("cs-badge").getByText("1").waitFor();
    await expect
      .poll(() => guest.evaluate(() => (window as unknown as { __beeps: number }).__beeps))
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => guest.evaluate(() => (window as unknown as { __shakes: number }).__shakes))
      .toBeGreaterThanOrEqual(1);
    await shot(guest, "chat-badge");
    for (let i = 0; i < 100; i++) await adminReply(token, sid, `第${i + 1}条`);
    await guest.getByTestId("cs-badge").getByText("99+").waitFor({ timeout: 30_000 });
    // Opening reads them: the badge is gone as soon as the window has shown them, even when the window is closed
    // again before the read mark has been answered (held back here until then).
    // The page of messages the window loads on opening is held too: one that ends after the window has closed (the
    // server still counting them unread) must not bring the count back.
    let releaseRead!: () => void;
    const readHeld = new Promise<void>((r) => (releaseRead = r));
    await guest.route("**/api/customer-service/messages/read/**", async (route) => {
      await readHeld;
      await route.continue();
    });
    let releasePage!: () => void;
    const pageHeld = new Promise<void>((r) => (releasePage = r));
    await guest.route("**/api/customer-service/messages/cs_*", async (route) => {
      await pageHeld;
      await route.continue();
    });
    await openChat(guest);
    await chatWindow(guest).getByTestId("cs-messages").getByText("第100条").waitFor();
    await chatWindow(guest).getByRole("button", { name: "关闭" }).click();
    await fab(guest).waitFor();
    expect(await guest.getByTestId("cs-badge").count()).toBe(0);
    const page = guest.waitForResponse((r) => /\/messages\/cs_/.test(r.url()) && r.status() === 200);
    releasePage();
    await (await page).finished();
    // Two frames: the answer's state is rendered by then.
    await guest.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await guest.getByTestId("cs-badge").count()).toBe(0);
    releaseRead();
    // Waits for the held requests to go on before removing the routes (removed first, they could not).
    await guest.unrouteAll({ behavior: "wait" });
    expect(await guest.getByTestId("cs-badge").count()).toBe(0);
  });

  it("a logged-in user sends an order card that opens /order/…; the admin sees the user's orders beside", async () => {
    const token = await adminToken();
    const shareId = await createResourceShareWithIpa(t.app.url, token, { name: "客服测试资源", resourceFee: 3 });
    await registerUser(t.app.url, "cs_card_user", "secret123");
    const user = await loginUser(t.app.url, "cs_card_user", "secret123");
    const { createOrder } = await gql<{ createOrder: { orderNo: string } }>(
      t.app.url,
      `mutation($id: ID!) { createOrder(kind: RESOURCE_SHARE, id: $id) { orderNo } }`,
      { id: shareId },
      user.token,
    );

    const page = await t.page();
    await signIn(page, t.app.url, "cs_card_user", "secret123");
    await noUdidTip(page, ["/", `/order/${createOrder.orderNo}`]);
    await page.goto("/");
    await openChat(page);
    await chatWindow(page).getByRole("button", { name: "查询订单" }).click();
    await chatWindow(page).getByText(createOrder.orderNo, { exact: false }).click();
    const card = chatWindow(page).getByTestId("cs-order-card");
    await card.waitFor();
    expect(await card.textContent()).toContain("客服测试资源");
    // A certificate card of the user's own certificate.
    const cert = await uploadGoodCertificate(t.app.url, user.token, "客服测试证书");
    expect(cert.status).toBe(200);
    await chatWindow(page).getByRole("button", { name: "查询证书" }).click();
    await chatWindow(page)
      .getByRole("button", { name: /客服测试证书/ })
      .click();
    const certCard = chatWindow(page).getByTestId("cs-cert-card");
    await certCard.waitFor();
    expect(await certCard.textContent()).toContain("客服测试证书");
    await noUdidTip(page, ["/", `/order/${createOrder.orderNo}`, `/certificate/${cert.body.data.id}`]);
    await chatWindow(page).getByRole("button", { name: "使用问题" }).click();
    await chatWindow(page).getByRole("button", { name: "如何安装应用？" }).click();
    await chatWindow(page)
      .getByTestId("cs-messages")
      .getByText(/信任证书/)
      .waitFor();
    await shot(page, "chat-order-card");
    // The card opens the order's page; the chat returns to its icon.
    await card.click();
    await expectPath(page, `/order/${createOrder.orderNo}`);
    await page.getByText(createOrder.orderNo).first().waitFor();
    await fab(page).waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    await shot(page, "chat-order-page");
    // The certificate card opens the certificate's page.
    await openChat(page);
    await chatWindow(page).getByTestId("cs-cert-card").click();
    await expectPath(page, `/certificate/${cert.body.data.id}`);
    await page.getByText("客服测试证书").first().waitFor();
    await shot(page, "chat-certificate-page");

    const admin = await t.page({ viewport: { width: 1400, height: 900 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/customer-service");
    await admin.getByText("cs_card_user").first().click();
    const side = admin.getByTestId("admin-cs-context");
    await side.getByText(`${createOrder.orderNo} · ¥3.00`, { exact: false }).waitFor();
    await side.getByText("客服测试证书").waitFor();
    await side.getByText("暂无绑定设备").waitFor();
    // The admin sends the order back as a card; the user's open chat shows it live.
    await side.getByRole("button", { name: "发送" }).first().click();
    await page.goto("/");
    await openChat(page);
    await expect.poll(() => chatWindow(page).getByTestId("cs-order-card").count()).toBe(2);
    await chatWindow(page).getByRole("button", { name: "关闭" }).click();
    await shot(admin, "chat-admin-context");
    expect(await fab(admin).count()).toBe(0);
  });

  it("a first message sent while the window's session is still being made stays: one session for both", async () => {
    const page = await t.page();
    // The session request is held back until the message has been sent, as on a slow network or a busy server.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let made = 0;
    await page.route("**/api/customer-service/sessions", async (route) => {
      made++;
      await held;
      await route.continue();
    });
    await page.goto("/");
    await openChat(page);
    const input = chatWindow(page).getByLabel("消息内容");
    await input.fill("会话建立前发出的消息");
    await expect.poll(() => chatWindow(page).getByRole("button", { name: "发送", exact: true }).isEnabled()).toBe(true);
    await input.press("Enter");
    await expect.poll(() => made).toBeGreaterThan(0);
    release();
    await chatWindow(page).getByTestId("cs-messages").getByText("会话建立前发出的消息").waitFor();
    // Still there once the opening's load has run, and the one session holds it.
    await expect.poll(() => storedSession(page)).not.toBeNull();
    await page.waitForLoadState("networkidle");
    await chatWindow(page).getByTestId("cs-messages").getByText("会话建立前发出的消息").waitFor();
    expect(made).toBe(1);
    const list = await fetch(`${t.app.url}/api/admin/customer-service/sessions/${await storedSession(page)}/messages`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    const body = (await list.json()) as { data: { items: { content: string }[] } };
    expect(body.data.items.map((m) => m.content)).toContain("会话建立前发出的消息");
  });

  it("a guest who logs in keeps the conversation: it joins the account", async () => {
    await registerUser(t.app.url, "cs_join_user", "secret123");
    const page = await t.page();
    await page.goto("/");
    await openChat(page);
    await sendFromWidget(page, "登录前问的问题");
    const sid = await storedSession(page);
    await chatWindow(page).getByRole("button", { name: "关闭" }).click();
    await noUdidTip(page, ["/profile"]);
    await page.goto("/login");
    await submitLogin(page, "cs_join_user", "secret123");
    await expectPath(page, "/profile");
    await openChat(page);
    await chatWindow(page).getByTestId("cs-messages").getByText("登录前问的问题").waitFor();
    expect(await storedSession(page)).toBe(sid);
    const list = await fetch(`${t.app.url}/api/admin/customer-service/sessions?search=cs_join_user`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(
      ((await list.json()) as { data: { items: { session_id: string; username: string }[] } }).data.items[0],
    ).toMatchObject({ session_id: sid, username: "cs_join_user" });
  });

  it("an admin edits the settings: the widget takes the new name and welcome message, and disappears when disabled", async () => {
    const admin = await t.page({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/customer-service-settings");
    await admin.getByLabel("客服名称").fill("小果客服");
    await admin.getByLabel("欢迎语").fill("欢迎来到果仁应用，请描述您的问题");
    await admin.getByRole("button", { name: "保存设置" }).click();
    await admin.getByText("客服设置已保存").waitFor();
    await shot(admin, "chat-admin-settings");

    const guest = await t.page();
    await guest.goto("/");
    await guest.getByRole("button", { name: /小果客服/ }).click();
    await guest.getByRole("dialog", { name: "小果客服" }).getByText("欢迎来到果仁应用，请描述您的问题").waitFor();

    await admin.getByLabel("启用在线客服").click();
    await admin.getByRole("button", { name: "保存设置" }).click();
    await admin.getByText("客服设置已保存").last().waitFor();
    const later = await t.page();
    const settingsRead = later.waitForResponse((r) => r.url().endsWith("/api/customer-service/settings/public"));
    await later.goto("/");
    expect(((await (await settingsRead).json()) as { data: { enabled: boolean } }).data.enabled).toBe(false);
    await later.waitForTimeout(300);
    expect(await later.getByRole("button", { name: /客服/ }).count()).toBe(0);
    // Back on for the other tests.
    await admin.getByLabel("启用在线客服").click();
    await admin.getByRole("button", { name: "保存设置" }).click();
  });
});
