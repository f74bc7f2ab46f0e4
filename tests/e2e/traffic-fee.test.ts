import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createResourceShareWithIpa, gql, loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

const t = useApp();

const api = async (path: string, token: string, init: RequestInit = {}) =>
  (await (
    await fetch(`${t.app.url}${path}`, {
      ...init,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    })
  ).json()) as { data: any };

describe("traffic fee in the browser (390×844)", () => {
  it("the detail page shows the fee before charging, says 余额不足 when short, charges once and re-uses the grant; the admin settings show a live example", async () => {
    const adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
    // Every file above 0 MB pays a traffic fee; this share's own fee is ¥0.50.
    await gql(t.app.url, "mutation { updateFeeSettings(input: { flowFeeMinMB: 0 }) { flowFeeMinMB } }", {}, adminToken);
    const id = await createResourceShareWithIpa(t.app.url, adminToken, {
      name: "流量资源包",
      resourceFee: 0,
      trafficFee: 0.5,
    });
    await registerUser(t.app.url, "traffic_e2e", "secret123");
    const login = await loginUser(t.app.url, "traffic_e2e", "secret123");

    const user = await t.page();
    await signIn(user, t.app.url, "traffic_e2e", "secret123");
    await user.goto(`/ziyuan/${id}`);
    await user.getByRole("button", { name: "下载" }).click();
    const short = user.getByRole("dialog", { name: "确认下载" });
    await short.getByTestId("traffic-fee").getByText("¥0.50").waitFor();
    await short.getByText("余额不足").waitFor();
    await shot(user, "traffic-sheet-short");
    await short.getByRole("button", { name: "取消" }).click();

    await api(`/api/admin/users/${login.user.id}/wallet/adjust`, adminToken, {
      method: "POST",
      body: JSON.stringify({ amount: 1, reason: "测试" }),
    });
    await user.getByRole("button", { name: "下载" }).click();
    const sheet = user.getByRole("dialog", { name: "确认下载" });
    await sheet.getByTestId("traffic-balance").getByText("¥1.00").waitFor();
    await shot(user, "traffic-sheet");
    const download = user.waitForEvent("download");
    await sheet.getByRole("button", { name: "支付流量费并下载 ¥0.50" }).click();
    const file = await download;
    expect(statSync(await file.path()).size).toBe(readFixture("ipa/thin.ipa").length);
    expect((await api("/api/users/wallet/balance", login.token)).data.balance).toBe(0.5);

    // Again within the grant's lifetime: no sheet, no second charge.
    const again = user.waitForEvent("download");
    await user.getByRole("button", { name: "下载" }).click();
    await again;
    expect(await user.getByRole("dialog", { name: "确认下载" }).count()).toBe(0);
    expect((await api("/api/users/wallet/balance", login.token)).data.balance).toBe(0.5);
    const ledger = await api("/api/users/wallet/transactions", login.token);
    expect(JSON.stringify(ledger.data)).toContain("traffic");

    // The admin's fee settings: the formula and a live example from the unsaved form.
    const admin = await t.page({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/settings?tab=fees");
    await admin.getByTestId("traffic-fee-formula").waitFor();
    await admin.getByLabel("示例文件大小").fill("1536");
    await admin.getByLabel("流量费起算阈值（MB）").fill("512");
    await expect.poll(() => admin.getByTestId("traffic-fee-example").textContent()).toBe("¥0.30");
    await admin.getByLabel("每GB流量费").fill("1");
    await expect.poll(() => admin.getByTestId("traffic-fee-example").textContent()).toBe("¥1.10");
    await shot(admin, "admin-traffic-fee-example");
  });
});
