import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gql, loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

const t = useApp();
const CODE = /^E2E-[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){4}$/;

/** On /admin/card-keys: fills 生成卡密 and presses 生成; answers the dialog that shows the new codes. */
async function generate(admin: Page, amount: string, count: string, prefix: string) {
  await admin.getByLabel("面额").fill(amount);
  await admin.getByLabel("数量").fill(count);
  await admin.getByLabel("前缀").fill(prefix);
  await admin.getByRole("button", { name: "生成" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByText(`已生成 ${count} 个卡密`).waitFor();
  return dialog;
}

describe("card keys in the browser", () => {
  it("an admin generates a batch (codes shown once, 下载CSV), sees it with its codes, and disables it", async () => {
    const admin = await t.page({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/card-keys");
    const dialog = await generate(admin, "8.5", "3", "e2e");
    const codes = (await dialog.getByLabel("卡密列表").inputValue()).split("\n");
    expect(codes).toHaveLength(3);
    for (const c of codes) expect(c).toMatch(CODE);
    await shot(admin, "admin-card-keys-generated");
    const download = admin.waitForEvent("download");
    await dialog.getByRole("button", { name: "下载CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^card-keys-batch-\d+\.csv$/);
    const csv = readFileSync(await file.path(), "utf8");
    for (const c of codes) expect(csv).toContain(`${c},8.50`);
    await dialog.locator(".ant-modal-footer").getByRole("button", { name: "关闭" }).click();

    // The batch is listed with nothing redeemed yet; its codes show only hints.
    const row = admin.getByRole("row", { name: /E2E/ });
    await row.getByText("0 / 3").waitFor();
    await row.getByText("正常").waitFor();
    await row.getByRole("button", { name: "查看卡密" }).click();
    const drawer = admin.locator(".ant-drawer");
    await drawer.getByText("共 3 个").waitFor();
    expect(await drawer.getByText("未使用").count()).toBe(3);
    await drawer.getByText(`E2E-****-${codes[0].slice(-4)}`).waitFor();
    expect(await drawer.textContent()).not.toContain(codes[0]);
    await shot(admin, "admin-card-keys-codes");
    await drawer.locator(".ant-drawer-close").click();

    // Disable the batch: a user's redemption of its codes is refused.
    await row.getByRole("button", { name: "停用" }).click();
    await admin.locator(".ant-popconfirm").getByRole("button", { name: "停用" }).click();
    await row.getByText("已停用").waitFor();
    await shot(admin, "admin-card-keys-disabled");
    await registerUser(t.app.url, "ck_admin_e2e", "secret123");
    const { token } = await loginUser(t.app.url, "ck_admin_e2e", "secret123");
    const res = await fetch(`${t.app.url}/api/card-keys/redeem`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ code: codes[1] }),
    });
    expect(((await res.json()) as { code: string }).code).toBe("CARD_KEY_DISABLED");
  });

  it("lists a batch generated while the page's first load of the list is still on its way", async () => {
    const admin = await t.page({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    // The server answers the list's first load before the batch exists, and that answer is held (a slow
    // connection) until the batch has been generated.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let answered!: () => void;
    const firstAnswered = new Promise<void>((r) => (answered = r));
    let first = true;
    await admin.route("**/graphql", async (route) => {
      if (first && route.request().postDataJSON()?.operationName === "AdminCardKeyBatches") {
        first = false;
        const response = await route.fetch();
        answered();
        await held;
        await route.fulfill({ response });
        return;
      }
      await route.continue();
    });
    await admin.goto("/admin/card-keys");
    await firstAnswered;
    const dialog = await generate(admin, "1", "1", "slow");
    await dialog.locator(".ant-modal-footer").getByRole("button", { name: "关闭" }).click();
    release();
    await admin.getByRole("row", { name: /SLOW/ }).getByText("0 / 1").waitFor();
  });

  it("a user redeems a card key on /profile (390×844) and the balance updates; a second try is refused", async () => {
    const adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
    const { generateCardKeys } = await gql<{ generateCardKeys: { codes: string[] } }>(
      t.app.url,
      'mutation { generateCardKeys(input: { kind: "balance", amount: 6, count: 1 }) { codes } }',
      {},
      adminToken,
    );
    const [code] = generateCardKeys.codes;
    await registerUser(t.app.url, "ck_user_e2e", "secret123");

    const user = await t.page();
    await signIn(user, t.app.url, "ck_user_e2e", "secret123");
    await user.goto("/profile");
    await expect.poll(() => user.getByTestId("wallet-balance").textContent()).toBe("0.00");
    const card = user.locator("#card-key");
    await card.getByRole("heading", { name: "卡密兑换" }).waitFor();
    await card.getByRole("textbox", { name: "卡密" }).fill(code.toLowerCase());
    await card.getByRole("button", { name: "兑换" }).click();
    await card.getByTestId("card-key-result").getByText("兑换成功，到账 ¥6.00，当前余额 ¥6.00").waitFor();
    await expect.poll(() => user.getByTestId("wallet-balance").textContent()).toBe("6.00");
    await user.getByTestId("wallet-transactions").getByText("卡密兑换").first().waitFor();
    await shot(user, "profile-card-key-redeemed");

    await card.getByRole("textbox", { name: "卡密" }).fill(code);
    await card.getByRole("button", { name: "兑换" }).click();
    await card.getByRole("alert").getByText("该卡密已被使用").waitFor();
    expect(await user.getByTestId("wallet-balance").textContent()).toBe("6.00");
  });
});
