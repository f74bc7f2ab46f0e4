import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { fixturePath } from "../../packages/apple/fixtures/fixtures";
import { startApp, type TestApp } from "../support/app";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "../support/certificates";
import { loginUser, registerUser } from "./support/api";
import { launchBrowser, phonePage, shot } from "./support/browser";
import { signIn } from "./support/session";

/**
 * The server without a worker: a task stays 排队中, so the card's 取消, 重试 and 删除 can be used on it; and an upload
 * on a throttled connection shows its progress and can be stopped.
 */
let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(trustFixtureRoot(), { worker: false }), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function userPage(username: string) {
  await registerUser(app.url, username, "secret123");
  const { token } = await loginUser(app.url, username, "secret123");
  const r = await postForm(
    `${app.url}/api/certificates/upload`,
    token,
    { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
    { password: P12_PASSWORD, name: "企业测试证书" },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const { context, page } = await phonePage(browser, app.url);
  await context.addInitScript(() =>
    localStorage.setItem(
      "selected_device_info",
      JSON.stringify({ id: "e2e", udid: "00008030-00000000000E2E00", modelName: "iPhone 15" }),
    ),
  );
  await signIn(page, app.url, username, "secret123");
  return { page, context };
}

describe("signing tasks waiting in the queue (390×844)", () => {
  it("a queued task shows 排队中; 取消 makes it 已取消, 重试 queues it again, 删除 (confirmed) removes it", async () => {
    const { page, context } = await userPage("queue_e2e");
    try {
      await page.goto("/signature");
      await page.getByTestId("signing-certificate").filter({ hasText: "企业测试证书" }).click();
      const chooser = page.waitForEvent("filechooser");
      await page.getByText("点击选择 IPA 文件").click();
      await (await chooser).setFiles(fixturePath("ipa/thin.ipa"));
      await page.getByTestId("uploaded-ipa").waitFor();
      await page.getByRole("button", { name: "开始签名" }).click();

      const card = page.getByTestId("current-task").getByTestId("signing-task");
      await card.and(page.locator('[data-status="queued"]')).waitFor();
      await card.getByTestId("task-stage").getByText("排队中").waitFor();
      await card.getByRole("list", { name: "签名进度" }).getByText("排队中").waitFor();
      expect(await card.getByRole("button", { name: "删除" }).count()).toBe(0);
      await shot(page, "signature-queued");

      await card.getByRole("button", { name: "取消" }).click();
      await card.and(page.locator('[data-status="cancelled"]')).waitFor();
      await card.getByTestId("task-status").getByText("已取消").waitFor();

      await card.getByRole("button", { name: "重试" }).click();
      await card.and(page.locator('[data-status="queued"]')).waitFor();

      await card.getByRole("button", { name: "取消" }).click();
      await card.and(page.locator('[data-status="cancelled"]')).waitFor();
      await card.getByRole("button", { name: "删除" }).click();
      await page.locator(".adm-dialog").getByRole("button", { name: "删除" }).click();
      await page.getByTestId("current-task").waitFor({ state: "detached" });
      await page.getByText("暂无签名任务").waitFor();
      // Gone on the server too.
      const { token } = await loginUser(app.url, "queue_e2e", "secret123");
      const list = await fetch(`${app.url}/api/signing/tasks`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await list.json()) as { data: { tasks: unknown[] } }).data.tasks).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it("an upload on a slow connection shows its progress and 取消上传 stops it", async () => {
    const { page, context } = await userPage("queue_e2e_upload");
    try {
      await page.goto("/signature");
      await page.getByText("点击选择 IPA 文件").waitFor();
      // About 8 KB/s up: the 50 KB IPA takes several seconds.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 8 * 1024,
      });
      const chooser = page.waitForEvent("filechooser");
      await page.getByText("点击选择 IPA 文件").click();
      await (await chooser).setFiles(fixturePath("ipa/thin.ipa"));
      const progress = page.getByTestId("upload-progress");
      await progress.getByText(/正在上传 thin\.ipa/).waitFor();
      await progress
        .locator("strong")
        .filter({ hasText: /^[1-9]\d?%$/ })
        .waitFor({ timeout: 30_000 });
      await shot(page, "signature-uploading");
      await progress.getByRole("button", { name: /取消上传/ }).click();
      await progress.waitFor({ state: "detached" });
      await page.getByText("点击选择 IPA 文件").waitFor();
      expect(await page.getByTestId("uploaded-ipa").count()).toBe(0);

      // At full speed again, the same file goes through.
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const again = page.waitForEvent("filechooser");
      await page.getByText("点击选择 IPA 文件").click();
      await (await again).setFiles(fixturePath("ipa/thin.ipa"));
      await page.getByTestId("uploaded-ipa").waitFor();
    } finally {
      await context.close();
    }
  }, 90_000);
});
