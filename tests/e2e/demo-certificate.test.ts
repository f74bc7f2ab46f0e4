import { describe, expect, it } from "vitest";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// The harness runs the app like `npm start` outside production: the demo certificate is seeded, its root trusted.
const t = useApp();
const DESKTOP = { viewport: { width: 1280, height: 800 }, hasTouch: false };

describe("the demo certificate in the back office", () => {
  it("is listed among the platform certificates labelled 演示证书, and its status check finds it valid (390×844)", async () => {
    const admin = await t.page();
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/platform-certificates");
    const row = admin.getByRole("row", { name: /iPhone Distribution: 演示证书 \(GRYXDEMO01\)/ });
    await row.getByTestId("demo-certificate-tag").getByText("演示证书").waitFor();
    await row.getByText("企业证书", { exact: true }).waitFor();
    await shot(admin, "admin-platform-certificates-demo");

    await row.getByRole("button", { name: "检测" }).click();
    await admin.getByText("检测完成").waitFor({ timeout: 30_000 });
    await row.getByText("有效", { exact: true }).waitFor();
    await shot(admin, "admin-platform-certificates-demo-checked");

    // Batches take it too: the demo PKI's OCSP responder (which the harness runs, as npm start does) answers for it.
    const res = await fetch(`${t.app.url}/api/admin/certificate-detection/candidates?scope=platform`, {
      headers: { authorization: `Bearer ${await admin.evaluate(() => localStorage.getItem("auth_token"))}` },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.count).toBe(1);
  });

  it("shows the label at desktop width too", async () => {
    const admin = await t.page(DESKTOP);
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/platform-certificates");
    await admin.getByTestId("demo-certificate-tag").waitFor();
    await shot(admin, "admin-platform-certificates-demo-desktop");
  });
});
