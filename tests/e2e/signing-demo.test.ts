import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyIpa } from "../../worker/src/signing";
import { parsePlist } from "../../packages/apple/src/plist";
import { DEMO_ROOT_PEM } from "../support/app";
import { gql, loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// The default run: the demo certificate (演示证书) and the demo apps with their committed IPAs, nothing else.
const t = useApp(async () => ({ SEED_DEMO: "1" }));

describe("the default run in the browser (390×844)", () => {
  it("a new user picks 演示证书, signs a demo app from /app-signature with a new name and bundle id, watches it, downloads and verifies the IPA; its manifest names the new bundle id", async () => {
    await registerUser(t.app.url, "demo_e2e", "secret123");
    const { token } = await loginUser(t.app.url, "demo_e2e", "secret123");
    const page = await t.page();
    await signIn(page, t.app.url, "demo_e2e", "secret123");

    await page.goto("/signature");
    const demo = page.getByTestId("signing-certificate").filter({ hasText: "演示证书" });
    await demo.getByText("演示证书", { exact: true }).last().waitFor();
    await demo.click();
    await expect.poll(() => demo.getAttribute("aria-checked")).toBe("true");
    await shot(page, "demo-signature");

    await page.getByRole("tab", { name: "从应用库选择" }).click();
    await page.getByRole("link", { name: /从应用库选择应用/ }).click();
    const apps = page.getByTestId("signable-app");
    await apps.first().waitFor();
    expect(await apps.count()).toBeGreaterThanOrEqual(3);
    await shot(page, "demo-app-signature");
    const appName = (await apps.first().locator("[class*=appName]").textContent())!.replace("已购买", "").trim();
    await apps.first().click();
    await page.getByTestId("picked-app").getByText(appName).waitFor();
    // The certificate chosen before stays chosen (?cert=).
    await expect
      .poll(() => page.getByTestId("signing-certificate").filter({ hasText: "演示证书" }).getAttribute("aria-checked"))
      .toBe("true");

    await page.getByRole("textbox", { name: "应用名称" }).fill("演示新名字");
    await page.getByRole("textbox", { name: "Bundle ID" }).fill("com.gryx.demo.e2e");
    await page.evaluate(() => {
      const w = window as unknown as { __stages: string[] };
      w.__stages = [];
      new MutationObserver(() => {
        const text =
          document.querySelector('[data-testid="current-task"] [data-testid="task-stage"]')?.textContent ?? "";
        if (text && w.__stages.at(-1) !== text) w.__stages.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole("button", { name: "开始签名" }).click();

    const card = page.getByTestId("current-task").getByTestId("signing-task");
    await card.and(page.locator('[data-status="done"]')).waitFor({ timeout: 90_000 });
    const seen = await page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);
    expect(seen.length, seen.join(",")).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe("已完成");
    await card.getByText("演示新名字").waitFor();
    await card.getByText("com.gryx.demo.e2e").waitFor();
    await card.getByText(/演示证书/).waitFor();
    await card.getByTestId("signing-install").waitFor();
    await shot(page, "demo-signed");

    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: "下载 IPA" }).click();
    const file = await download;
    const v = await verifyIpa((await file.path())!, { trustedRoots: [readFileSync(DEMO_ROOT_PEM, "utf8")] });
    expect(v.ok, v.problems.join("\n")).toBe(true);

    const taskId = await card.getAttribute("data-id");
    const { signingInstall } = await gql<{ signingInstall: { manifestUrl: string } }>(
      t.app.url,
      `query($id: ID!) { signingInstall(id: $id) { manifestUrl } }`,
      { id: taskId },
      token,
    );
    const res = await fetch(signingInstall.manifestUrl);
    expect(res.status).toBe(200);
    const manifest = parsePlist(Buffer.from(await res.text())) as { items: { metadata: Record<string, string> }[] };
    expect(manifest.items[0].metadata["bundle-identifier"]).toBe("com.gryx.demo.e2e");
    expect(manifest.items[0].metadata.title).toBe("演示新名字");
  }, 180_000);
});
