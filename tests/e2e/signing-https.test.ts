import { describe, expect, it } from "vitest";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "../support/certificates";
import { gql, loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// Behind a TLS-terminating proxy (TRUST_PROXY=1, X-Forwarded-Proto: https) the site's links are HTTPS: iOS would
// install over the air, so the pages offer 安装.
const t = useApp(async () => ({ ...trustFixtureRoot(), TRUST_PROXY: "1" }));
const behindTls = { extraHTTPHeaders: { "x-forwarded-proto": "https" } };

describe("install over HTTPS (390×844)", () => {
  it("a done task's card and its install page offer 安装 as an itms-services link to the HTTPS manifest, without the HTTPS note", async () => {
    await registerUser(t.app.url, "https_e2e", "secret123");
    const { token } = await loginUser(t.app.url, "https_e2e", "secret123");
    const cert = await postForm(
      `${t.app.url}/api/certificates/upload`,
      token,
      { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
      { password: P12_PASSWORD },
    );
    expect(cert.status, JSON.stringify(cert.body)).toBe(200);
    const up = await postForm(`${t.app.url}/api/signing/upload-ipa`, token, { ipa: readFixture("ipa/thin.ipa") });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const { createSigningTask } = await gql<{ createSigningTask: { id: string } }>(
      t.app.url,
      "mutation($input: CreateSigningTaskInput!) { createSigningTask(input: $input) { id } }",
      { input: { certificateId: String(cert.body.data.id), ipaId: String(up.body.data.id), displayName: "HTTPS安装" } },
      token,
    );
    const id = createSigningTask.id;

    const page = await t.page(behindTls);
    const PUBLIC = t.app.url.replace(/^http:/, "https:");
    await signIn(page, t.app.url, "https_e2e", "secret123");
    await page.goto("/signature");
    const card = page.getByTestId("signing-tasks").getByTestId("signing-task").filter({ hasText: "HTTPS安装" });
    await card.and(page.locator('[data-status="done"]')).waitFor({ timeout: 60_000 });
    const install = card.getByRole("link", { name: "安装" });
    const href = (await install.getAttribute("href"))!;
    expect(href.startsWith("itms-services://?action=download-manifest&url=")).toBe(true);
    const manifestUrl = decodeURIComponent(href.split("url=")[1]);
    expect(manifestUrl.startsWith(`${PUBLIC}/api/signing/plist/${id}?token=`)).toBe(true);
    expect(await card.getByTestId("https-note").count()).toBe(0);
    await card.getByRole("link", { name: "下载 IPA" }).waitFor();
    await shot(page, "signature-https-done");

    // The QR code's page (on the public address) opened here on this site: the same 安装 link.
    await card.getByRole("button", { name: /显示二维码/ }).click();
    const pageUrl = new URL((await card.getByTestId("install-qr").getAttribute("data-url"))!);
    expect(pageUrl.origin).toBe(PUBLIC);
    const guest = await t.page(behindTls);
    await guest.goto(pageUrl.pathname + pageUrl.search);
    await guest.getByTestId("install-app-name").getByText("HTTPS安装").waitFor();
    expect(
      (await guest.getByRole("link", { name: "安装" }).getAttribute("href"))!.startsWith(
        "itms-services://?action=download-manifest&url=",
      ),
    ).toBe(true);
    expect(await guest.getByTestId("https-note").count()).toBe(0);
    await shot(guest, "install-page-https");
  }, 120_000);
});
