import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
import { createCheckScene, uploadLeaf, type CheckScene } from "../support/cert-checks";

let scene: CheckScene;
// One check at a time in the worker and a slow responder, so the batch visibly moves.
const t = useApp(async () => {
  scene = await createCheckScene();
  return { ...scene.env, CERT_CHECK_CONCURRENCY: "1" };
});

afterAll(async () => scene?.close());

describe("certificate status checks in the back office (390×844)", () => {
  it("an admin runs a detection batch and watches it progress live, then exports it; and checks one certificate by id", async () => {
    await registerUser(t.app.url, "detect_owner", "secret123");
    const { token } = await loginUser(t.app.url, "detect_owner", "secret123");
    const more = [
      await scene.pki.issueLeaf("good-two", { ocspUrl: scene.responderUrl }),
      await scene.pki.issueLeaf("good-three", { ocspUrl: scene.responderUrl }),
    ];
    for (const leaf of [scene.leaves.good, ...more, scene.leaves.revoked, scene.leaves.unknown, scene.leaves.down])
      await uploadLeaf(scene, t.app.url, token, leaf);
    scene.setDelay(700);

    const admin = await t.page();
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/certificate-detection");
    await admin.getByTestId("candidate-count").getByText("符合条件：7 个证书").waitFor();
    await shot(admin, "admin-certificate-detection-start");
    await admin.getByRole("button", { name: "开始检测" }).click();
    await admin.locator(".ant-popconfirm").getByRole("button", { name: "开始" }).click();

    // Live: the counts move while the batch runs, without reloading the page.
    const progress = admin.getByTestId("batch-progress");
    await progress.getByTestId("batch-status").getByText("进行中").waitFor();
    const done = () => progress.getByTestId("batch-done").textContent().then(Number);
    await expect.poll(done).toBeGreaterThan(0);
    const midway = await done();
    expect(midway).toBeLessThan(7);
    await shot(admin, "admin-certificate-detection-running");
    await progress.getByTestId("batch-status").getByText("已完成").waitFor({ timeout: 30_000 });
    // The 6 uploaded and the demo certificate (演示证书), which the demo PKI's OCSP responder answers good.
    expect(await progress.getByTestId("count-good").textContent()).toBe("4");
    expect(await progress.getByTestId("count-revoked").textContent()).toBe("1");
    expect(await progress.getByTestId("count-unknown").textContent()).toBe("1");
    expect(await progress.getByTestId("count-error").textContent()).toBe("1");
    await shot(admin, "admin-certificate-detection-done");

    // History and CSV.
    await admin
      .getByRole("row", { name: /已完成/ })
      .getByText("4 / 1 / 1 / 1")
      .waitFor();
    const download = admin.waitForEvent("download");
    await progress.getByRole("button", { name: "导出CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^certificate-detection-\d+\.csv$/);
    const csv = readFileSync(await file.path(), "utf8");
    expect(csv.trim().split("\n")).toHaveLength(8);
    expect(csv).toContain("已吊销");

    // The owner of the revoked certificate has a site message on /profile.
    const owner = await t.page();
    await signIn(owner, t.app.url, "detect_owner", "secret123");
    await owner.goto("/profile");
    const note = owner.getByTestId("notification");
    await note.getByText("证书「revoked」已被吊销").waitFor();
    await owner.locator("#notifications").scrollIntoViewIfNeeded();
    await shot(owner, "profile-notification");
    await note.getByRole("button", { name: "标为已读" }).click();
    await note.getByRole("button", { name: "标为已读" }).waitFor({ state: "detached" });

    // One certificate by id: the full report.
    const revokedId = await fetch(`${t.app.url}/api/certificates`, { headers: { authorization: `Bearer ${token}` } })
      .then((r) => r.json())
      .then((b: { data: { id: number; name: string }[] }) => b.data.find((c) => c.name === "revoked")!.id);
    scene.setDelay(0);
    await admin.goto("/admin/certificate-status-check");
    await admin.getByLabel("证书ID").fill(String(revokedId));
    await admin.getByRole("button", { name: "检测", exact: true }).click();
    const report = admin.getByTestId("check-report");
    await report.getByTestId("report-status").getByText("已吊销").waitFor({ timeout: 30_000 });
    await report.getByText("keyCompromise", { exact: true }).waitFor();
    await shot(admin, "admin-certificate-status-check");
  });
});
