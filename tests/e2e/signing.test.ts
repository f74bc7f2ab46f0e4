import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { verifyIpa } from "../../worker/src/signing";
import { parsePlist } from "../../packages/apple/src/plist";
import { fixturePath, readFixture } from "../../packages/apple/fixtures/fixtures";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "../support/certificates";
import { gql, loginUser, registerUser } from "./support/api";
import { expectPath, shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// The real app and worker, both trusting the fixtures' fake Apple root (certificates upload, the signer verifies).
const t = useApp(async () => trustFixtureRoot());

const trustedRoots = () => [readFileSync(fixturePath("pki/root.pem"), "utf8")];

/** A new user with the fixtures' enterprise certificate (App ID TEAMID1234.*, all devices) uploaded through the API. */
async function newSigner(
  username: string,
  name = "企业测试证书",
  profile = fixtures.enterpriseProfile(),
): Promise<string> {
  await registerUser(t.app.url, username, "secret123");
  const { token } = await loginUser(t.app.url, username, "secret123");
  const r = await postForm(
    `${t.app.url}/api/certificates/upload`,
    token,
    { p12: fixtures.p12(), mobileprovision: profile },
    { password: P12_PASSWORD, name },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return token;
}

/** Records every text the card's stage label shows (a MutationObserver in the page), so short stages are not missed. */
async function recordStages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __stages: string[] };
    w.__stages = [];
    const note = () => {
      const el = document.querySelector('[data-testid="current-task"] [data-testid="task-stage"]');
      const text = el?.textContent ?? "";
      if (text && w.__stages.at(-1) !== text) w.__stages.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);
}

/** Waits for the just-submitted task to finish; returns its card. */
async function waitDone(page: Page) {
  const card = page.getByTestId("current-task").getByTestId("signing-task");
  await card.and(page.locator('[data-status="done"]')).waitFor({ timeout: 60_000 });
  await card.getByTestId("signing-install").waitFor();
  return card;
}

/** Downloads the signed IPA through the card's 下载 IPA link and checks it verifies against the fixture root. */
async function downloadAndVerify(page: Page, scope: ReturnType<Page["getByTestId"]>): Promise<void> {
  const download = page.waitForEvent("download");
  await scope.getByRole("link", { name: "下载 IPA" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ipa$/);
  const v = await verifyIpa((await file.path())!, { trustedRoots: trustedRoots() });
  expect(v.ok, v.problems.join("\n")).toBe(true);
}

type Install = {
  signingInstall: { manifestUrl: string; installPageUrl: string; bundleId: string; appName: string; https: boolean };
};
const INSTALL = `query($id: ID!, $token: String) { signingInstall(id: $id, token: $token) { manifestUrl installPageUrl bundleId appName https } }`;

/** The manifest (GET /api/signing/plist/{id}, the URL the install query gives) parsed. */
async function manifestOf(manifestUrl: string) {
  expect(manifestUrl).toMatch(/\/api\/signing\/plist\/\d+\?token=/);
  const res = await fetch(manifestUrl);
  expect(res.status).toBe(200);
  return parsePlist(Buffer.from(await res.text())) as { items: { metadata: Record<string, string> }[] };
}

describe("signing in the browser (390×844)", () => {
  it("/signature and /app-signature show a guest what they are, and 登录后使用 leads to /login", async () => {
    const page = await t.page();
    for (const [path, title] of [
      ["/signature", "签名IPA"],
      ["/app-signature", "应用签名"],
    ] as const) {
      await page.goto(path);
      const card = page.getByTestId("guest-preview");
      await card.getByRole("heading", { name: title }).waitFor();
      await card.getByRole("button", { name: "登录后使用" }).click();
      await expectPath(page, "/login");
    }
  });

  it("a new user signs an uploaded IPA with a new display name, watches it finish, downloads and verifies it", async () => {
    const token = await newSigner("sign_e2e_upload");
    const page = await t.page();
    // With the socket up the card moves by the subscription alone: no polling of the task.
    let polls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/graphql") && (r.postData() ?? "").includes('"operationName":"SigningTask"')) polls++;
    });
    await signIn(page, t.app.url, "sign_e2e_upload", "secret123");
    await page.goto("/signature");
    await page.getByRole("heading", { name: "签名IPA" }).waitFor();
    await page.getByText("暂无签名任务").waitFor();
    const cert = page.getByTestId("signing-certificate").filter({ hasText: "企业测试证书" });
    await cert.getByText("我的证书").waitFor();
    await cert.getByText("TEAMID1234.*").waitFor();
    await cert.getByText("免费").waitFor();
    await cert.click();
    await expect.poll(() => cert.getAttribute("aria-checked")).toBe("true");
    await shot(page, "signature-empty");

    // The IPA through the file chooser: uploaded with a progress bar, then read (name, version, bundle id) before signing.
    const chooser = page.waitForEvent("filechooser");
    await page.getByText("点击选择 IPA 文件").click();
    await (await chooser).setFiles(fixturePath("ipa/thin.ipa"));
    const uploaded = page.getByTestId("uploaded-ipa");
    await uploaded.waitFor();
    const uploads = await gql<{ mySigningUploads: { name: string; bundleId: string; version: string }[] }>(
      t.app.url,
      "{ mySigningUploads { name bundleId version } }",
      {},
      token,
    );
    const original = uploads.mySigningUploads[0];
    await uploaded.getByText(original.name, { exact: true }).waitFor();
    await uploaded.getByText(original.bundleId, { exact: true }).waitFor();
    await uploaded.getByText(new RegExp(`版本 ${original.version.replace(/\./g, "\\.")}`)).waitFor();

    await page.getByRole("textbox", { name: "应用名称" }).fill("签名测试版");
    await shot(page, "signature-uploaded");
    const stages = await recordStages(page);
    await page.getByRole("button", { name: "开始签名" }).click();

    const card = await waitDone(page);
    const seen = await stages();
    expect(seen.at(-1)).toBe("已完成");
    expect(seen.length, seen.join(",")).toBeGreaterThan(1);
    for (const s of seen) expect(["排队中", "准备中", "签名中", "校验中", "保存中", "已完成"]).toContain(s);
    expect(polls).toBe(0);
    await card.getByText("签名测试版").waitFor();
    await card.getByText(original.bundleId).waitFor();
    await card.getByText(/企业测试证书/).waitFor();
    // Served over plain HTTP here: the card says iOS needs HTTPS and offers the download instead of 安装.
    await card.getByTestId("https-note").getByText(/HTTPS/).waitFor();
    expect(await card.getByTestId("install-link").count()).toBe(0);
    await card.getByText(/^\d+ 次$/).waitFor();
    await card.getByText(/到期自动删除/).waitFor();
    await shot(page, "signature-done");

    await downloadAndVerify(page, card);
    const taskId = await card.getAttribute("data-id");
    const { signingInstall } = await gql<Install>(t.app.url, INSTALL, { id: taskId }, token);
    expect(signingInstall.https).toBe(false);
    const manifest = await manifestOf(signingInstall.manifestUrl);
    expect(manifest.items[0].metadata["bundle-identifier"]).toBe(original.bundleId);
    expect(manifest.items[0].metadata.title).toBe("签名测试版");

    // The QR code of the install page, for another phone.
    await card.getByRole("button", { name: /显示二维码/ }).click();
    const qr = card.getByTestId("install-qr");
    await qr.locator("svg").waitFor();
    expect(await qr.getAttribute("data-url")).toMatch(new RegExp(`/install/${taskId}\\?token=`));
    await shot(page, "signature-qr");

    // The task list holds it after 再签一个; deleting it asks first.
    await page.getByRole("button", { name: "再签一个" }).click();
    const listed = page.getByTestId("signing-tasks").getByTestId("signing-task");
    await expect.poll(() => listed.count()).toBe(1);
    await listed.first().getByText("已完成").first().waitFor();
    await shot(page, "signature-list");
    await listed.first().getByRole("button", { name: "删除" }).click();
    await page.locator(".adm-dialog").getByRole("button", { name: "取消" }).click();
    expect(await listed.count()).toBe(1);
    await listed.first().getByRole("button", { name: "删除" }).click();
    await page.locator(".adm-dialog").getByRole("button", { name: "删除" }).click();
    await page.getByText("暂无签名任务").waitFor();
  }, 120_000);

  it("with the subscription socket down, the task card polls every 3 s and still reaches 已完成 (an upload made elsewhere, ?ipa=)", async () => {
    const token = await newSigner("sign_e2e_polling");
    const up = await postForm(`${t.app.url}/api/signing/upload-ipa`, token, { ipa: readFixture("ipa/thin.ipa") });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const page = await t.page();
    // Every socket to /graphql is refused: graphql-ws keeps retrying, the page never gets a live update.
    await page.routeWebSocket(/\/graphql/, (ws) => ws.close({ code: 1011, reason: "down" }));
    const polls: number[] = [];
    page.on("request", (r) => {
      if (
        r.url().endsWith("/graphql") &&
        r.method() === "POST" &&
        (r.postData() ?? "").includes('"operationName":"SigningTask"')
      )
        polls.push(Date.now());
    });
    await signIn(page, t.app.url, "sign_e2e_polling", "secret123");
    // The upload comes chosen (what a software source's 签名安装 does after the server fetched the IPA).
    await page.goto(`/signature?ipa=${up.body.data.id}`);
    await page.getByTestId("uploaded-ipa").getByText(up.body.data.bundle_id).waitFor();
    await page.getByTestId("signing-certificate").filter({ hasText: "企业测试证书" }).click();
    await page.getByRole("button", { name: "开始签名" }).click();
    const card = await waitDone(page);
    await card.getByTestId("https-note").waitFor();
    expect(polls.length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < polls.length; i++) expect(polls[i] - polls[i - 1]).toBeGreaterThan(2000);
  }, 120_000);

  it("a task the signer refuses shows its message; 重试 runs it again (failing again the same way)", async () => {
    await newSigner("sign_e2e_failed");
    const page = await t.page();
    await signIn(page, t.app.url, "sign_e2e_failed", "secret123");
    await page.goto("/signature");
    await page.getByTestId("signing-certificate").filter({ hasText: "企业测试证书" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByText("点击选择 IPA 文件").click();
    await (await chooser).setFiles(fixturePath("ipa/encrypted.ipa"));
    await page.getByTestId("uploaded-ipa").waitFor();
    await page.getByRole("button", { name: "开始签名" }).click();
    const card = page.getByTestId("current-task").getByTestId("signing-task");
    await card.and(page.locator('[data-status="failed"]')).waitFor({ timeout: 60_000 });
    await card.getByTestId("task-error").getByText("应用二进制已加密（App Store 加密包），无法签名").waitFor();
    await card.getByText("失败").waitFor();
    await shot(page, "signature-failed");

    // 重试: the card leaves 失败 (queued/running) and comes back to it by the live updates.
    await page.evaluate(() => {
      const w = window as unknown as { __statuses: string[] };
      w.__statuses = [];
      const el = document.querySelector('[data-testid="current-task"] [data-testid="signing-task"]')!;
      new MutationObserver(() => {
        const st = el.getAttribute("data-status") ?? "";
        if (w.__statuses.at(-1) !== st) w.__statuses.push(st);
      }).observe(el, { attributes: true, attributeFilter: ["data-status"] });
    });
    await card.getByRole("button", { name: "重试" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses), { timeout: 60_000 })
      .toEqual(expect.arrayContaining(["failed"]));
    const statuses = await page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
    expect(["queued", "running"]).toContain(statuses[0]);
    expect(statuses.at(-1)).toBe("failed");
    await card
      .getByTestId("task-error")
      .getByText(/已加密/)
      .waitFor();
  }, 120_000);

  it("the options reach the signed IPA: version, an injected dylib from the catalogue, no UISupportedDevices, plug-ins or Watch app", async () => {
    const adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
    const staged = await postForm(`${t.app.url}/api/dylib-management/upload`, adminToken, {
      file: readFixture("ipa/inject.dylib"),
    });
    expect(staged.status, JSON.stringify(staged.body)).toBe(200);
    await gql(
      t.app.url,
      "mutation($input: DylibInput!) { createDylib(input: $input) { id } }",
      {
        input: {
          name: "注入测试插件",
          version: "1.0",
          author: "E2E",
          category: "工具",
          resourceFee: 0,
          trafficFee: 0,
          isActive: true,
          fileUploadId: staged.body.data.uploadId,
        },
      },
      adminToken,
    );
    await newSigner("sign_e2e_options");
    const page = await t.page();
    await signIn(page, t.app.url, "sign_e2e_options", "secret123");
    await page.goto("/signature");
    await page.getByTestId("signing-certificate").filter({ hasText: "企业测试证书" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByText("点击选择 IPA 文件").click();
    await (await chooser).setFiles(fixturePath("ipa/full.ipa"));
    await page.getByTestId("uploaded-ipa").waitFor();
    await page.getByRole("textbox", { name: "版本号" }).fill("9.9.9");
    const dylib = page.getByRole("group", { name: "注入插件" }).getByRole("button", { name: /注入测试插件/ });
    await dylib.click();
    await expect.poll(() => dylib.getAttribute("aria-pressed")).toBe("true");
    for (const name of ["移除设备限制（UISupportedDevices）", "移除插件（PlugIns）", "移除 Watch 应用"]) {
      await page.getByRole("switch", { name }).click();
      await expect.poll(() => page.getByRole("switch", { name }).getAttribute("aria-checked")).toBe("true");
    }
    await shot(page, "signature-options");
    await page.getByRole("button", { name: "开始签名" }).click();
    const card = await waitDone(page);
    await card.getByText(/v9\.9\.9/).waitFor();

    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: "下载 IPA" }).click();
    const path = (await (await download).path())!;
    const v = await verifyIpa(path, { trustedRoots: trustedRoots() });
    expect(v.ok, v.problems.join("\n")).toBe(true);
    const before = Object.keys(unzipSync(new Uint8Array(readFixture("ipa/full.ipa"))));
    const files = unzipSync(new Uint8Array(readFileSync(path)));
    const names = Object.keys(files);
    expect(names.filter((n) => n.includes("/PlugIns/"))).toEqual([]);
    expect(names.filter((n) => n.includes("/Watch/"))).toEqual([]);
    expect(names.filter((n) => n.endsWith(".dylib") && !before.includes(n)).length).toBe(1);
    const info = parsePlist(Buffer.from(files["Payload/Demo.app/Info.plist"]!)) as Record<string, unknown>;
    expect(info.CFBundleShortVersionString).toBe("9.9.9");
    expect(info.UISupportedDevices).toBeUndefined();
  }, 120_000);

  it("refusals show the server's message: a bundle id outside the certificate's App ID, an upload that is no IPA, 余额不足 with 去充值", async () => {
    await newSigner("sign_e2e_refused", "开发证书", fixtures.developmentProfile());
    const page = await t.page();
    await signIn(page, t.app.url, "sign_e2e_refused", "secret123");
    await page.goto("/signature");
    await page.getByTestId("signing-certificate").filter({ hasText: "开发证书" }).click();

    // Not an IPA: the server's Chinese message, nothing to sign.
    let chooser = page.waitForEvent("filechooser");
    await page.getByText("点击选择 IPA 文件").click();
    await (
      await chooser
    ).setFiles({ name: "broken.ipa", mimeType: "application/octet-stream", buffer: readFixture("ipa/not-zip.ipa") });
    await page
      .getByRole("alert")
      .getByText(/IPA|压缩包/)
      .waitFor();

    chooser = page.waitForEvent("filechooser");
    await page.getByText("点击选择 IPA 文件").click();
    await (await chooser).setFiles(fixturePath("ipa/thin.ipa"));
    await page.getByTestId("uploaded-ipa").waitFor();
    await page.getByText("须符合证书的 App ID：TEAMID1234.com.example.demo").waitFor();
    await page.getByRole("textbox", { name: "Bundle ID" }).fill("com.other.app");
    await page.getByRole("button", { name: "开始签名" }).click();
    await page
      .getByTestId("signing-refusal")
      .getByText(/com\.other\.app.*TEAMID1234\.com\.example\.demo/)
      .waitFor();
    expect(await page.getByTestId("current-task").count()).toBe(0);
    await shot(page, "signature-refused-bundle-id");

    // A fee per signing and an empty wallet: 余额不足 with a link to top up.
    const adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
    const settings = `mutation($input: SigningSettingsInput!) { updateSigningSettings(input: $input) { chargeMode } }`;
    await gql(t.app.url, settings, { input: { chargeMode: "fee", fee: 2.5 } }, adminToken);
    try {
      await page.reload();
      const cert = page.getByTestId("signing-certificate").filter({ hasText: "开发证书" });
      await cert.getByText("¥2.50").waitFor();
      await cert.click();
      chooser = page.waitForEvent("filechooser");
      await page.getByText("点击选择 IPA 文件").click();
      await (await chooser).setFiles(fixturePath("ipa/thin.ipa"));
      await page.getByTestId("uploaded-ipa").waitFor();
      await page.getByTestId("signing-fee").getByText("¥2.50").waitFor();
      await page.getByRole("button", { name: "开始签名" }).click();
      const refusal = page.getByTestId("signing-refusal");
      await refusal.getByText(/余额不足/).waitFor();
      await shot(page, "signature-refused-balance");
      await refusal.getByRole("link", { name: "去充值" }).click();
      await expectPath(page, "/profile");
    } finally {
      await gql(t.app.url, settings, { input: { chargeMode: "free" } }, adminToken);
    }
  }, 120_000);

  it("signs a catalogue app picked on /app-signature (and reached from the app's 签名安装); its install page opens on a fresh browser with the token, not for another user without it", async () => {
    const adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
    const stage = await postForm(`${t.app.url}/api/apps/upload-ipa`, adminToken, { ipa: readFixture("ipa/thin.ipa") });
    expect(stage.status, JSON.stringify(stage.body)).toBe(200);
    const { createApp } = await gql<{ createApp: { id: string; bundleId: string } }>(
      t.app.url,
      `mutation($input: AppInput!) { createApp(input: $input) { id bundleId } }`,
      { input: { name: "目录签名演示", ipaUploadId: stage.body.data.uploadId, price: 0 } },
      adminToken,
    );
    const token = await newSigner("sign_e2e_catalogue");
    const page = await t.page();
    await signIn(page, t.app.url, "sign_e2e_catalogue", "secret123");

    // The app's detail page offers 签名安装 (free, with an IPA) leading to the form with the app chosen.
    await page.goto(`/app/${createApp.id}`);
    await page.getByTestId("next-sign").click();
    await expectPath(page, "/signature");
    await page.getByTestId("picked-app").getByText("目录签名演示").waitFor();

    // The same app picked from /app-signature, searched by name.
    await page.goto("/app-signature");
    await page.getByRole("heading", { name: "选择签名应用" }).waitFor();
    await page.getByTestId("signable-app").filter({ hasText: "目录签名演示" }).waitFor();
    await page.getByPlaceholder("搜索应用名称或 Bundle ID").fill("目录签名");
    const item = page.getByTestId("signable-app").filter({ hasText: "目录签名演示" });
    await item.waitFor();
    await shot(page, "app-signature");
    await item.click();
    await expectPath(page, "/signature");
    expect(new URL(page.url()).searchParams.get("app")).toBe(createApp.id);
    const picked = page.getByTestId("picked-app");
    await picked.getByText("目录签名演示").waitFor();
    await picked.getByText(createApp.bundleId).waitFor();
    await page.getByTestId("signing-certificate").filter({ hasText: "企业测试证书" }).click();
    await page.getByRole("textbox", { name: "应用名称" }).fill("目录改名");
    await page.getByRole("textbox", { name: "Bundle ID" }).fill("com.gryx.catalogue.e2e");
    await shot(page, "signature-catalogue-app");
    await page.getByRole("button", { name: "开始签名" }).click();
    const card = await waitDone(page);
    await card.getByText("目录改名").waitFor();
    await card.getByText("com.gryx.catalogue.e2e").waitFor();
    await downloadAndVerify(page, card);
    const taskId = (await card.getAttribute("data-id"))!;
    const { signingInstall } = await gql<Install>(t.app.url, INSTALL, { id: taskId }, token);
    expect((await manifestOf(signingInstall.manifestUrl)).items[0].metadata["bundle-identifier"]).toBe(
      "com.gryx.catalogue.e2e",
    );

    // The QR code's install page on a fresh browser (no login): the app, the HTTPS note and a working download.
    await card.getByRole("button", { name: /显示二维码/ }).click();
    const installUrl = (await card.getByTestId("install-qr").getAttribute("data-url"))!;
    const guest = await t.page();
    await guest.goto(installUrl);
    await guest.getByTestId("install-app-name").getByText("目录改名").waitFor();
    await guest.getByText("com.gryx.catalogue.e2e").waitFor();
    await guest.getByTestId("https-note").waitFor();
    await shot(guest, "install-page");
    await downloadAndVerify(guest, guest.getByTestId("signing-install"));

    // A broken token: said plainly.
    await guest.goto(installUrl.replace(/token=\d+\./, "token=1."));
    await guest.getByTestId("install-error").getByText("安装链接无效或已过期").waitFor();
    await shot(guest, "install-page-invalid");

    // Another user, logged in, with the link stripped of its token: refused (the task is not theirs).
    await registerUser(t.app.url, "sign_e2e_other", "secret123");
    const other = await t.page();
    await signIn(other, t.app.url, "sign_e2e_other", "secret123");
    await other.goto(`/install/${taskId}`);
    await other.getByTestId("install-error").waitFor();
    expect(await other.getByTestId("install-error").textContent()).toMatch(/安装链接无效|不存在/);
    expect(await other.getByTestId("install-app-name").count()).toBe(0);
    // And a guest without a token, too.
    const anon = await t.page();
    await anon.goto(`/install/${taskId}`);
    await anon.getByTestId("install-error").getByText("安装链接无效或已过期").waitFor();
  }, 150_000);
});
