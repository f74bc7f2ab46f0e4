import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createResourceShareWithIpa, loginUser, registerUser } from "./support/api";
import { expectPath, shot, tapUntil } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
import { startSandbox, type Sandbox } from "../support/epay-sandbox";

// The app is given the local EPay sandbox gateway (its own process), configured by the server as 沙箱支付.
let sandbox: Sandbox;
const t = useApp(async () => {
  sandbox = await startSandbox();
  return { PAYMENT_SANDBOX_URL: sandbox.url, PAYMENT_SANDBOX_PID: sandbox.pid, PAYMENT_SANDBOX_KEY: sandbox.key };
});
afterAll(async () => sandbox?.stop());

async function rest<T>(path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${t.app.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; message: string; data: T };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

const adminToken = async () => (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;

/** A new user with `balance` yuan (an admin adjustment over REST); their token and id. */
async function userWithBalance(username: string, balance: number): Promise<{ token: string; id: string }> {
  await registerUser(t.app.url, username, "secret123");
  const { token, user } = await loginUser(t.app.url, username, "secret123");
  if (balance)
    await rest(`/api/admin/users/${user.id}/wallet/adjust`, await adminToken(), {
      amount: balance,
      reason: "测试充值",
    });
  return { token, id: user.id };
}

const balanceOf = (page: Page) => page.getByTestId("wallet-balance");

describe("withdrawals: the user requests on /profile, the admin rejects on /admin/payments (390×844)", () => {
  it("the amount leaves the balance and is frozen, the request shows 待审核; a rejection returns it live with the reason", async () => {
    await userWithBalance("withdraw_e2e", 100);
    const user = await t.page();
    await signIn(user, t.app.url, "withdraw_e2e", "secret123");
    await user.goto("/profile");
    await expect.poll(() => balanceOf(user).textContent()).toBe("100.00");
    expect(await user.getByTestId("wallet-frozen").count()).toBe(0);

    await user.getByRole("button", { name: "提现", exact: true }).click();
    const sheet = user.getByRole("dialog", { name: "申请提现" });
    await sheet.getByTestId("withdraw-available").getByText("¥100.00").waitFor();
    // Nothing filled: each field says what it needs, and nothing is sent.
    await sheet.getByRole("button", { name: "提交申请" }).click();
    await sheet.getByText("请输入提现金额").waitFor();
    await sheet.getByText("请填写收款账号").waitFor();
    await sheet.getByText("请填写收款人真实姓名").waitFor();
    // 全部 takes the whole balance; more than the balance is refused before sending.
    await sheet.getByRole("button", { name: "全部" }).click();
    expect(await sheet.getByLabel("提现金额").inputValue()).toBe("100.00");
    await sheet.getByLabel("提现金额").fill("150");
    await sheet.getByRole("button", { name: "提交申请" }).click();
    await sheet.getByText("余额不足，最多可提现 ¥100.00").waitFor();

    // A name the server refuses: its code's message shows above the button, and the balance is untouched.
    await sheet.getByLabel("提现金额").fill("30");
    await sheet.getByText("支付宝", { exact: true }).click();
    await sheet.getByLabel("收款账号").fill("pay_user@example.com");
    await sheet.getByLabel("真实姓名").fill("张三3");
    await shot(user, "withdraw-sheet");
    await sheet.getByRole("button", { name: "提交申请" }).click();
    await sheet.getByText("请填写正确的收款账号和真实姓名").waitFor();
    await shot(user, "withdraw-sheet-refused");
    expect(await balanceOf(user).textContent()).toBe("100.00");

    await sheet.getByLabel("真实姓名").fill("张三");
    await sheet.getByRole("button", { name: "提交申请" }).click();
    await sheet.waitFor({ state: "detached" });
    await expect.poll(() => balanceOf(user).textContent()).toBe("70.00");
    await expect.poll(() => user.getByTestId("wallet-frozen").textContent()).toContain("冻结 ¥30.00");
    const record = user.getByTestId("withdrawal").first();
    await record.getByText("待审核").waitFor();
    await record.getByText("¥30.00").waitFor();
    await record.getByText(/支付宝 · pay_user@example\.com · 张三/).waitFor();
    await user.getByTestId("wallet-transactions").getByText("提现申请（支付宝）").waitFor();
    await user.locator(".adm-toast-mask").waitFor({ state: "detached" });
    await shot(user, "profile-withdraw-pending");

    // The admin finds it in 提现审核 (pending by default) and rejects it; the reason is required.
    const admin = await t.page({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/payments");
    await admin.getByRole("tab", { name: /提现审核/ }).click();
    await expectPath(admin, "/admin/payments");
    const row = admin.getByRole("row", { name: /withdraw_e2e/ });
    await row.getByText("¥30.00").waitFor();
    await row.getByText("待审核").waitFor();
    await row.getByText("pay_user@example.com").waitFor();
    await shot(admin, "admin-withdrawals-pending");
    await row.getByRole("button", { name: "驳回" }).click();
    const dialog = admin.getByRole("dialog", { name: "驳回提现申请" });
    // Without a reason it only shows the form's message: safe to tap again if a tap is lost.
    await tapUntil(dialog.getByRole("button", { name: "确认驳回" }), dialog.getByText("请填写驳回原因"));
    await dialog.getByLabel("驳回原因").fill("收款账号与实名不符");
    await shot(admin, "admin-withdraw-reject");
    await dialog.getByRole("button", { name: "确认驳回" }).click();
    await admin.getByText("已驳回，金额已退回用户余额").waitFor();
    // Gone from the pending list; under 已驳回 with its reason and reviewer.
    await expect.poll(() => admin.getByRole("row", { name: /withdraw_e2e/ }).count()).toBe(0);
    await admin.getByLabel("状态").selectOption({ label: "已驳回" });
    const rejected = admin.getByRole("row", { name: /withdraw_e2e/ });
    await rejected.getByText("原因：收款账号与实名不符").waitFor();
    await rejected.getByText(t.app.adminUsername, { exact: true }).waitFor();
    expect(await rejected.getByRole("button", { name: "驳回" }).count()).toBe(0);
    await shot(admin, "admin-withdrawals-rejected");

    // The user's open page, never reloaded: the balance is back, nothing frozen, the record says why.
    await expect.poll(() => balanceOf(user).textContent()).toBe("100.00");
    await expect.poll(() => user.getByTestId("wallet-frozen").count()).toBe(0);
    await record.getByText("已驳回").waitFor();
    await record.getByText("驳回原因：收款账号与实名不符（金额已退回余额）").waitFor();
    await user.getByTestId("wallet-transactions").getByText("提现被驳回：收款账号与实名不符").waitFor();
    await shot(user, "profile-withdraw-rejected");
  });

  it("an approved request stays paid out: 已通过 with the payout reference, the balance stays down", async () => {
    const { token } = await userWithBalance("withdraw_ok", 20);
    await rest("/api/payments/withdraw", token, {
      amount: 12.5,
      channel: "bank",
      account: "6222020000000000",
      real_name: "李四",
    });
    const admin = await t.page({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/payments?tab=withdrawals");
    await admin
      .getByRole("tab", { name: /提现审核/ })
      .locator(".ant-badge-count")
      .waitFor();
    const row = admin.getByRole("row", { name: /withdraw_ok/ });
    await row.getByRole("button", { name: "通过" }).click();
    const dialog = admin.getByRole("dialog", { name: "通过提现申请" });
    await dialog.getByText("银行卡 · 6222020000000000 · 李四").waitFor();
    await dialog.getByLabel("打款单号（选填）").fill("BANK-TX-778899");
    // Safe to tap again if a tap is lost: a tap that went through closes the dialog (and a second approval is refused).
    await tapUntil(dialog.getByRole("button", { name: "确认通过" }), admin.getByText("已通过提现申请"));

    const user = await t.page();
    await signIn(user, t.app.url, "withdraw_ok", "secret123");
    await user.goto("/profile");
    await expect.poll(() => balanceOf(user).textContent()).toBe("7.50");
    const record = user.getByTestId("withdrawal").first();
    await record.getByText("已通过").waitFor();
    await record.getByText("已打款 · 打款单号 BANK-TX-778899").waitFor();
    expect(await user.getByTestId("wallet-frozen").count()).toBe(0);
  });
});

describe("/order/:id pays a pending order (390×844)", () => {
  it("余额支付: short at first (去充值), a top-up arriving live enables it, then 已完成 with the way to the item", async () => {
    const shareId = await createResourceShareWithIpa(t.app.url, await adminToken(), {
      name: "待付资源包",
      resourceFee: 3,
    });
    const { token, id } = await userWithBalance("order_pay_e2e", 2);
    const order = await rest<{ order_no: string }>("/api/payments/create-order", token, {
      kind: "resource-share",
      id: shareId,
    });

    const user = await t.page();
    await signIn(user, t.app.url, "order_pay_e2e", "secret123");
    await user.goto(`/order/${order.order_no}`);
    await expect.poll(() => user.getByTestId("order-title").textContent()).toBe("待支付");
    await user.getByTestId("order-facts").getByText("待支付").waitFor();
    // The sandbox gateway is offered next to the balance, which is too short: picking it shows why and the top-up.
    await user.getByRole("radio", { name: /沙箱支付/ }).waitFor();
    await user.getByRole("radio", { name: /余额支付/ }).click();
    const short = user.getByRole("alert").filter({ hasText: "余额不足" });
    await short.getByText(/还差 ¥1\.00/).waitFor();
    expect(await short.getByRole("link", { name: "去充值" }).getAttribute("href")).toBe("/profile#recharge");
    await shot(user, "order-pending-short");

    // An admin adds 5 yuan; the open page sees it and offers to pay from the balance.
    await rest(`/api/admin/users/${id}/wallet/adjust`, await adminToken(), { amount: 5, reason: "补足余额" });
    const pay = user.getByRole("button", { name: "余额支付 ¥3.00" });
    await pay.waitFor({ timeout: 30_000 });
    await user
      .getByRole("radio", { name: /余额支付/ })
      .getByText("当前余额 ¥7.00")
      .waitFor();
    await shot(user, "order-pending");
    await pay.click();

    await expect.poll(() => user.getByTestId("order-title").textContent()).toBe("支付成功");
    await user.getByTestId("order-facts").getByText("已完成").waitFor();
    await user.getByTestId("order-facts").getByText("余额支付").waitFor();
    expect(await user.getByRole("button", { name: /余额支付/ }).count()).toBe(0);
    const link = user.getByRole("link", { name: "下载", exact: true });
    expect(await link.getAttribute("href")).toBe(`/ziyuan/${shareId}`);
    await user.locator(".adm-toast-mask").waitFor({ state: "detached" });
    await shot(user, "order-paid");
    const balance = await rest<{ balance: number }>("/api/users/wallet/balance", token);
    expect(balance.balance).toBe(4);

    await link.click();
    await user.getByTestId("purchase-status").getByText("已购买").waitFor();
  });

  it("through the gateway: the order page opened before paying turns 已完成 live when the notify arrives, and the gateway returns the payer to it", async () => {
    const shareId = await createResourceShareWithIpa(t.app.url, await adminToken(), {
      name: "网关付款资源",
      resourceFee: 6,
    });
    const { token } = await userWithBalance("order_gw_e2e", 0);
    const order = await rest<{ order_no: string }>("/api/payments/create-order", token, {
      kind: "resource-share",
      id: shareId,
    });

    const watcher = await t.page();
    await signIn(watcher, t.app.url, "order_gw_e2e", "secret123");
    await watcher.goto(`/order/${order.order_no}`);
    await expect.poll(() => watcher.getByTestId("order-title").textContent()).toBe("待支付");
    // With no balance the sandbox method is picked for the payer.
    await expect.poll(() => watcher.getByRole("radio", { name: /沙箱支付/ }).getAttribute("aria-checked")).toBe("true");

    // The same session pays in a second tab, through the gateway's page.
    const payer = await watcher.context().newPage();
    await payer.goto(`/order/${order.order_no}`);
    await payer
      .getByRole("radio", { name: /沙箱支付/ })
      .getByText("支付宝")
      .waitFor();
    await shot(payer, "order-pending-gateway");
    await payer.getByRole("button", { name: "前往支付 ¥6.00" }).click();
    await payer.waitForURL((u) => u.pathname === "/submit.php", { timeout: 30_000 });
    expect(new URL(payer.url()).origin).toBe(sandbox.url);
    await payer.getByText("¥6.00").waitFor();
    await payer.getByRole("button", { name: "支付成功" }).click();

    // The gateway sends the payer back to the order, which is paid; the first tab, never reloaded, shows it too.
    await expectPath(payer, `/order/${order.order_no}`);
    await expect.poll(() => payer.getByTestId("order-title").textContent()).toBe("支付成功");
    await payer.getByRole("link", { name: "下载", exact: true }).waitFor();
    await shot(payer, "order-gateway-returned");
    await expect.poll(() => watcher.getByTestId("order-title").textContent()).toBe("支付成功");
    await watcher.getByTestId("order-facts").getByText("已完成").waitFor();
    await watcher.getByTestId("order-facts").getByText("在线支付").waitFor();
    const balance = await rest<{ balance: number }>("/api/users/wallet/balance", token);
    expect(balance.balance).toBe(0);
  });
});
