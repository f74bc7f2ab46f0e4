import { readFileSync, statSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createResourceShareWithIpa, loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
import { startSandbox, type Sandbox } from "../support/epay-sandbox";

// The local EPay sandbox gateway (its own process), configured by the server as 沙箱支付, as in the default run.
let sandbox: Sandbox;
const t = useApp(async () => {
  sandbox = await startSandbox();
  return { PAYMENT_SANDBOX_URL: sandbox.url, PAYMENT_SANDBOX_PID: sandbox.pid, PAYMENT_SANDBOX_KEY: sandbox.key };
});
afterAll(async () => sandbox?.stop());

const balanceOf = (page: Page) => page.getByTestId("wallet-balance");

describe("wallet, purchase and refund in the browser (390×844)", () => {
  it("a new user tops up through the sandbox gateway, sees it live, buys and downloads a paid share, finds the order; an admin refund returns the balance", async () => {
    const adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
    const shareId = await createResourceShareWithIpa(t.app.url, adminToken, { name: "付费资源包", resourceFee: 3 });
    await registerUser(t.app.url, "wallet_e2e", "secret123");

    const user = await t.page();
    await signIn(user, t.app.url, "wallet_e2e", "secret123");
    // With an empty wallet the confirm sheet says 余额不足 and leads to the top-up.
    await user.goto(`/ziyuan/${shareId}`);
    await user.getByRole("button", { name: "立即购买 ¥3.00" }).click();
    const empty = user.getByRole("dialog", { name: "确认购买" });
    await empty.getByText("余额不足").waitFor();
    expect(await empty.getByRole("link", { name: "去充值" }).getAttribute("href")).toBe("/profile#recharge");
    await shot(user, "buy-sheet-short");
    await empty.getByRole("link", { name: "去充值" }).click();
    await expect.poll(() => new URL(user.url()).pathname).toBe("/profile");
    await expect.poll(() => balanceOf(user).textContent()).toBe("0.00");

    // A second tab of the same session tops up ¥30 through the sandbox gateway; the first is never reloaded.
    const payer = await user.context().newPage();
    await payer.goto("/profile#recharge");
    await payer.getByRole("button", { name: "¥30", exact: true }).click();
    await payer.getByText("沙箱支付").waitFor();
    await payer.getByRole("button", { name: "去支付" }).click();
    await payer.waitForURL((u) => u.pathname === "/submit.php", { timeout: 30_000 });
    await payer.getByText("¥30.00").waitFor();
    await shot(payer, "sandbox-gateway");
    await payer.getByRole("button", { name: "支付成功" }).click();
    await expect.poll(() => payer.getByTestId("recharge-status").textContent()).toBe("充值成功");
    await payer.close();

    // The user's open page shows it without reloading, with the ledger row.
    await expect.poll(() => balanceOf(user).textContent()).toBe("30.00");
    await user.getByTestId("wallet-transactions").getByText("充值").first().waitFor();
    await shot(user, "profile-wallet");

    // Buy the share from its detail page.
    await user.goto(`/ziyuan/${shareId}`);
    await user.getByTestId("purchase-status").getByText("未购买 · ¥3.00").waitFor();
    await user.getByRole("button", { name: "立即购买 ¥3.00" }).click();
    const sheet = user.getByRole("dialog", { name: "确认购买" });
    await sheet.getByTestId("buy-balance").getByText("¥30.00").waitFor();
    await shot(user, "buy-sheet");
    await sheet.getByRole("button", { name: "确认支付 ¥3.00" }).click();
    // The sheet after the purchase says what comes next; for a resource share that is 下载 on this page.
    await user.getByTestId("bought-sheet").getByText("购买成功").waitFor();
    await user.getByRole("button", { name: "去下载" }).click();
    await user.getByTestId("purchase-status").getByText("已购买").waitFor();
    const download = user.waitForEvent("download");
    await user.getByRole("button", { name: "下载", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.ipa$/);
    expect(statSync(await file.path()).size).toBe(readFixture("ipa/thin.ipa").length);
    await shot(user, "detail-bought");

    // The order is in /purchase-history, and its page shows it.
    await user.goto("/purchase-history");
    const row = user.getByTestId("orders").getByRole("link", { name: /付费资源包/ });
    await row.getByText("已完成").waitFor();
    await shot(user, "purchase-history");
    await row.click();
    await user.getByTestId("order-facts").getByText("¥3.00").waitFor();
    const orderNo = new URL(user.url()).pathname.split("/").pop()!;
    expect(orderNo).toMatch(/^\d{14,}$/);

    // Back on the profile page, the admin refunds the order and the balance returns live.
    const admin = await t.page();
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await user.goto("/profile");
    await expect.poll(() => balanceOf(user).textContent()).toBe("27.00");
    await admin.goto("/admin/orders");
    await admin
      .getByRole("row", { name: new RegExp(orderNo) })
      .getByRole("button", { name: "退款" })
      .click();
    await admin.locator(".ant-popconfirm").getByRole("button", { name: "退款" }).click();
    await admin.locator("tbody").getByText("已退款").first().waitFor();
    await shot(admin, "admin-orders-refunded");
    await expect.poll(() => balanceOf(user).textContent()).toBe("30.00");
    await user.getByTestId("wallet-transactions").getByText("退款").first().waitFor();

    // The recharge is an order too: in /purchase-history under 充值, and never refundable to the balance.
    await user.goto("/purchase-history");
    await user
      .getByTestId("orders")
      .getByRole("link", { name: /账户充值/ })
      .getByText("已完成")
      .waitFor();

    // The admin adds 5 yuan on /admin/users; the reason is required; the user's page follows live.
    await user.goto("/profile");
    await expect.poll(() => balanceOf(user).textContent()).toBe("30.00");
    await admin.goto("/admin/users");
    await admin
      .getByRole("row", { name: /wallet_e2e/ })
      .getByRole("button", { name: "调整余额" })
      .click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByTestId("admin-wallet-balance").getByText("¥30.00").waitFor();
    await dialog.getByLabel("调整金额（元，负数为扣减）").fill("5");
    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.getByText("请填写调整原因").waitFor();
    await dialog.getByLabel("调整原因").fill("活动奖励");
    await dialog.getByRole("button", { name: "保存" }).click();
    await admin.getByText("余额已调整").waitFor();
    await expect.poll(() => balanceOf(user).textContent()).toBe("35.00");

    // The ledger across users shows the four changes (recharge, purchase, refund, adjustment).
    await admin.goto("/admin/consumption-records");
    await admin.getByText("共 4 条数据").waitFor();
    const csv = admin.waitForEvent("download");
    await admin.getByRole("button", { name: "导出CSV" }).click();
    const exported = await csv;
    expect(exported.suggestedFilename()).toBe("consumption-records.csv");
    expect(
      readFileSync(await exported.path(), "utf8")
        .split("\n")
        .filter(Boolean).length,
    ).toBe(5);
    await shot(admin, "admin-consumption-records");
  });
});
