import { afterAll, describe, expect, it } from "vitest";
import { expectPath } from "./support/browser";
import { useApp } from "./support/fixture";
import { gql, loginUser, registerUser } from "./support/api";
import { signIn } from "./support/session";
import { startSandbox, type Sandbox } from "../support/epay-sandbox";

// The app is given the local EPay sandbox gateway (its own process), configured by the server as 沙箱支付.
let sandbox: Sandbox;
const t = useApp(async () => {
  sandbox = await startSandbox();
  return { PAYMENT_SANDBOX_URL: sandbox.url, PAYMENT_SANDBOX_PID: sandbox.pid, PAYMENT_SANDBOX_KEY: sandbox.key };
});
afterAll(async () => sandbox?.stop());

describe("top-up through the sandbox gateway (390×844)", () => {
  it("a new user tops up on /profile, pays on the gateway's page and sees the balance change without reloading", async () => {
    await registerUser(t.app.url, "topup_user", "secret1");
    const page = await t.page();
    await signIn(page, t.app.url, "topup_user", "secret1");
    await page.goto("/profile");
    const balance = page.getByTestId("wallet-balance");
    await expect.poll(() => balance.textContent()).toBe("0.00");

    // A second tab of the same session pays; the first tab is never reloaded. It comes in as the purchase sheet's
    // 去充值 sends it: /profile#recharge shows the 充值 card.
    const payer = await page.context().newPage();
    await payer.goto("/profile#recharge");
    await payer.getByText("沙箱支付").waitFor();
    await expect
      .poll(() =>
        payer
          .locator("#recharge")
          .evaluate(
            (el) => window.scrollY > 0 && el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < 200,
          ),
      )
      .toBe(true);
    await payer.getByRole("button", { name: "¥30", exact: true }).click();
    await payer.getByText("沙箱支付").waitFor();
    await payer.getByRole("button", { name: "去支付" }).click();
    await payer.waitForURL((u) => u.pathname === "/submit.php", { timeout: 30_000 });
    expect(new URL(payer.url()).origin).toBe(sandbox.url);
    await payer.getByText("¥30.00").waitFor();
    await payer.getByRole("button", { name: "支付成功" }).click();

    await expectPath(payer, "/profile");
    await expect.poll(() => payer.getByTestId("recharge-status").textContent()).toBe("充值成功");
    await expect.poll(() => payer.getByTestId("result-balance").textContent()).toBe("¥30.00");
    await expect.poll(() => balance.textContent()).toBe("30.00");
  });

  it("the return page follows a pending order live and shows it paid when the gateway's notify arrives", async () => {
    await registerUser(t.app.url, "topup_live", "secret1");
    const { token } = await loginUser(t.app.url, "topup_live", "secret1");
    const methods = (await (await fetch(`${t.app.url}/api/payments/methods`)).json()).data as {
      id: number;
      name: string;
    }[];
    const method = methods.find((m) => m.name === "沙箱支付")!.id;
    const res = await fetch(`${t.app.url}/api/payments/recharge`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ amount: 12.5, method }),
    });
    const { order_no: orderNo, pay_url: payUrl } = (await res.json()).data;

    const page = await t.page();
    await signIn(page, t.app.url, "topup_live", "secret1");
    await page.goto(`/profile?order_no=${orderNo}`);
    await expect.poll(() => page.getByTestId("recharge-status").textContent()).toBe("等待支付结果…");
    await expect.poll(() => page.getByTestId("result-balance").textContent()).toBe("¥0.00");

    // The gateway is paid elsewhere (its page opened and its button pressed by another client).
    expect((await fetch(payUrl)).status).toBe(200);
    const paid = await fetch(`${sandbox.url}/pay`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `out_trade_no=${orderNo}`,
      redirect: "manual",
    });
    expect(paid.status).toBe(302);
    await expect.poll(() => page.getByTestId("recharge-status").textContent()).toBe("充值成功");
    await expect.poll(() => page.getByTestId("result-balance").textContent()).toBe("¥12.50");
  });

  it("an admin adds a method on /admin/payments (the key write-only), disables it, and finds the recharge records", async () => {
    const page = await t.page({ viewport: { width: 1280, height: 900 } });
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/admin/payments");
    await page.getByRole("button", { name: "添加支付方式" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("显示名称").fill("微信扫码");
    await dialog.getByLabel("支付渠道").click();
    await page.getByTitle("微信支付（wxpay）").click();
    await dialog.getByLabel("网关地址").fill("https://pay.example.test/");
    await dialog.getByLabel("商户号（pid）").fill("8888");
    await dialog.getByLabel("商户密钥").fill("e2e-secret-merchant-key");
    await dialog.getByRole("button", { name: "保存" }).click();
    await page.getByText("支付方式已添加").waitFor();
    const row = page.getByRole("row", { name: /微信扫码/ });
    await row.getByText("8888").waitFor();
    expect(await page.content()).not.toContain("e2e-secret-merchant-key");

    // The user's picker offers it until it is disabled.
    const names = async () =>
      ((await (await fetch(`${t.app.url}/api/payments/methods`)).json()).data as { name: string }[]).map((m) => m.name);
    expect(await names()).toContain("微信扫码");
    await row.getByRole("switch").click();
    await page.getByText("已停用").waitFor();
    await expect.poll(names).not.toContain("微信扫码");

    // Editing without a key keeps it: the admin sees an empty, write-only field.
    await row.getByRole("button", { name: "编辑" }).click();
    await expect.poll(() => page.getByRole("dialog").getByLabel("商户密钥").inputValue()).toBe("");

    const { token } = await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword);
    const records = await gql<{ adminRechargeOrders: { total: number } }>(
      t.app.url,
      '{ adminRechargeOrders(status: "paid") { total } }',
      {},
      token,
    );
    expect(records.adminRechargeOrders.total).toBeGreaterThan(0);
    await page.getByRole("dialog").getByRole("button", { name: "取消" }).click();
    await page.getByRole("tab", { name: "充值记录" }).click();
    const paidRows = page.locator("[data-panel]", { hasText: "充值记录" }).locator("tbody").getByText("已支付");
    await expect.poll(() => paidRows.count()).toBe(records.adminRechargeOrders.total);
  });
});
