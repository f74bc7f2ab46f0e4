import { describe, expect, it } from "vitest";
import { loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
import { restClient } from "../support/mall";
import { FakeDevice, newUdid, userProfileUrl, profilePlist } from "../support/udid-device";

// The default run: the demo mall (its shared package delivered from the demo certificate 演示证书), nothing else.
const t = useApp(async () => ({ SEED_DEMO: "1" }));

describe("the demo certificate mall of the default run (390×844)", () => {
  it("a user buys the shared package for their device and gets a copy of the demo certificate in 证书管理", async () => {
    await registerUser(t.app.url, "mall_demo", "secret123");
    const { token, user } = await loginUser(t.app.url, "mall_demo", "secret123");
    // A device bound through the profile service, and ¥15 in the wallet.
    const profile = await fetch(await userProfileUrl(t.app.url, token));
    const relay = profilePlist(Buffer.from(await profile.arrayBuffer())).PayloadContent.URL as string;
    const udid = newUdid();
    expect(
      (
        await FakeDevice.post(
          relay,
          new FakeDevice().sign({ UDID: udid, PRODUCT: "iPhone16,1", VERSION: "22A3354", SERIAL: "G6TZ0000ABCD" }),
        )
      ).status,
    ).toBe(301);
    const adminToken = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
    expect(
      (
        await restClient(t.app.url, adminToken).rest("POST", `/api/admin/users/${user.id}/wallet/adjust`, {
          amount: 15,
          reason: "演示",
        })
      ).status,
    ).toBe(200);

    const page = await t.page();
    await signIn(page, t.app.url, "mall_demo", "secret123");
    await page.goto("/certificate");
    await page.getByTestId("mall-package").filter({ hasText: "共享版证书" }).click();
    await page.getByTestId("mall-plan").filter({ hasText: "体验月卡" }).click();
    await page
      .getByTestId("mall-device")
      .filter({ hasText: udid })
      .and(page.locator('[aria-checked="true"]'))
      .waitFor();
    await shot(page, "mall-demo-choose");
    await page.getByRole("button", { name: "立即购买" }).click();
    await page.getByRole("button", { name: "余额支付 ¥15.00" }).click();
    const order = page.getByTestId("mall-order");
    await expect.poll(() => order.getAttribute("data-status")).toBe("delivered");
    await shot(page, "mall-demo-delivered");
    await page.goto("/management");
    await page.getByTestId("certificates").getByText("共享版证书").waitFor();
  });
});
