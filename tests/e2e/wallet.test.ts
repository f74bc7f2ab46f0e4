import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createResourceShareWithIpa, gql, loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

const t = useApp();


const balanceOf = (page: Page) => page.getByTestId("wallet-balance");

describe("wallet, purchase and refund in the browser (390×844)", () => {
  it("admin adjusts the balance, the user sees it live, buys and downloads a paid share, finds the order; a refund returns the balance", async () => {
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
    await expect.poll(() => balanceOf(user).textContent(), { timeout: 10_000 }).toBe("0.00");

    // The admin adds 5 yuan on /admin/users; the reason is required.
    const admin = await t.page();
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/users");
    await admin.getByRole("row", { name: /wallet_e2e/ }).getByRole("button", { name: "调整余额" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByTestId("admin-wallet-balance").getByText("¥0.00").waitFor();
    await dialog.getByLabel("调整金额（元，负数为扣减）").fill("5");
    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.getByText("请填写调整原因").waitFor();
    await dialog.getByLabel("调整原因").fill("活动奖励");
    await dialog.getByRole("button", { name: "保存" }).click();
    await admin.getByText("余额已调整").waitFor();
    await shot(admin, "admin-users-adjusted");

    // The user's open page shows it without reloading, with the ledger row.
    await expect.poll(() => balanceOf(user).textContent(), { timeout: 10_000 }).toBe("5.00");
    await user.getByTestId("wallet-transactions").getByText("余额调整").waitFor();
    await shot(user, "profile-wallet");

    // Buy the share from its detail page.
    await user.goto(`/ziyuan/${shareId}`);
    await user.getByTestId("purchase-status").getByText("未购买 · ¥3.00").waitFor();
    await user.getByRole("button", { name: "立即购买 ¥3.00" }).click();
    const sheet = user.getByRole("dialog", { name: "确认购买" });
    await sheet.getByTestId("buy-balance").getByText("¥5.00").waitFor();
    await shot(user, "buy-sheet");
    await sheet.getByRole("button", { name: "确认支付 ¥3.00" }).click();
    await user.getByTestId("purchase-status").getByText("已购买").waitFor();
    const download = user.waitForEvent("download");
    await user.getByRole("button", { name: "下载" }).click();
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
    await user.goto("/profile");
    await expect.poll(() => balanceOf(user).textContent(), { timeout: 10_000 }).toBe("2.00");
    await admin.goto("/admin/orders");
    await admin.getByRole("row", { name: new RegExp(orderNo) }).getByRole("button", { name: "退款" }).click();
    await admin.locator(".ant-popconfirm").getByRole("button", { name: "退款" }).click();
    await admin.getByText("已退款").first().waitFor();
    await shot(admin, "admin-orders-refunded");
    await expect.poll(() => balanceOf(user).textContent(), { timeout: 10_000 }).toBe("5.00");
    await user.getByTestId("wallet-transactions").getByText("退款").first().waitFor();

    // The ledger across users shows the three changes.
    await admin.goto("/admin/consumption-records");
    await admin.getByText("共 3 条数据").waitFor();
    const csv = admin.waitForEvent("download");
    await admin.getByRole("button", { name: "导出CSV" }).click();
    const exported = await csv;
    expect(exported.suggestedFilename()).toBe("consumption-records.csv");
    expect(readFileSync(await exported.path(), "utf8").split("\n").filter(Boolean).length).toBe(4);
    await shot(admin, "admin-consumption-records");
  });
});
