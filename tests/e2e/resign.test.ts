import { afterAll, expect, it } from "vitest";
import { verifyIpa } from "../../worker/src/signing";
import { parsePlist } from "../../packages/apple/src/plist";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { createCheckScene, uploadLeaf, type CheckScene } from "../support/cert-checks";
import { postForm } from "../support/certificates";
import { pollUntil } from "../support/wait";
import { loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// The real app and worker trusting the test PKI, whose leaves name a real `openssl ocsp` responder.
let scene: CheckScene;
const t = useApp(async () => {
  scene = await createCheckScene();
  return scene.env;
});
afterAll(async () => {
  await scene?.close();
});

async function json(url: string, token: string, method = "GET", body?: unknown) {
  const r = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await r.json()) as any;
}

it("掉签: the old install link, opened on a phone (390×844), serves the re-signed app with the same bundle id; the card says 已自动重签", async () => {
  const base = t.app.url;
  await registerUser(base, "resign_e2e", "secret123");
  const { token } = await loginUser(base, "resign_e2e", "secret123");
  const a = await scene.pki.issueLeaf("e2ea", { ocspUrl: scene.responderUrl, org: "E2EA Co" });
  const b = await scene.pki.issueLeaf("e2eb", { ocspUrl: scene.responderUrl, org: "E2EB Co" });
  const certA = await uploadLeaf(scene, base, token, a, "原证书");
  const certB = await uploadLeaf(scene, base, token, b, "备用证书");

  // 掉签后自动使用, turned on in /management like a person would.
  const page = await t.page();
  await signIn(page, base, "resign_e2e", "secret123");
  await page.goto("/management");
  const backupCard = page.getByTestId("certificate-item").filter({ hasText: "备用证书" });
  await backupCard.getByRole("switch").click();
  await page.getByText("掉签后将自动用此证书重签").waitFor();
  await shot(page, "resign-management");
  const certs = (await json(`${base}/api/certificates`, token)).data as { id: number; auto_resign: boolean }[];
  expect(certs.find((c) => c.id === certB)?.auto_resign).toBe(true);

  const up = await postForm(`${base}/api/signing/upload-ipa`, token, { ipa: readFixture("ipa/thin.ipa") });
  const created = await json(`${base}/api/signing/create-task`, token, "POST", {
    certificate_id: certA,
    ipa_id: up.body.data.id,
    bundle_id: "com.gryx.resign.e2e",
  });
  const taskId = created.data.task_id as number;
  await pollUntil(
    async () => (await json(`${base}/api/signing/tasks/${taskId}`, token)).data.status === "done",
    120_000,
  );
  // The install page link handed out (printed, shared) before the revocation.
  const oldLink = (await json(`${base}/api/signing/install/${taskId}`, token)).data.install_page_url as string;

  await page.goto("/signature");
  const card = page.getByTestId("signing-task").filter({ hasText: "com.gryx.resign.e2e" }).first();
  await card.and(page.locator('[data-status="done"]')).waitFor();

  await scene.pki.revoke(a, "keyCompromise");
  expect((await json(`${base}/api/certificates/check-status`, token, "POST", { id: certA })).data.status).toBe(
    "revoked",
  );
  // Live on the open card: 已自动重签, the time and the new certificate.
  const notice = card.getByTestId("task-resign");
  await notice.and(page.locator('[data-state="repaired"]')).waitFor({ timeout: 180_000 });
  await notice.getByText("已自动重签").waitFor();
  await notice.getByText("新证书：备用证书").waitFor();
  await shot(page, "resign-card");
  const task = (await json(`${base}/api/signing/tasks/${taskId}`, token)).data;
  expect(task).toMatchObject({ certificate_id: certB, resign_count: 1 });
  expect(task.resigned_at).not.toBeNull();

  // The old link on another phone, without a session: the page, the note to reinstall over the old app, the IPA.
  const phone = await t.page({}, { udidDevice: false });
  await phone.goto(oldLink.replace(/^https?:\/\/[^/]+/, ""));
  await phone.getByTestId("reinstall-note").waitFor();
  expect(await phone.getByTestId("reinstall-note").textContent()).toContain("覆盖安装");
  const width = await phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]);
  await shot(phone, "resign-install-page");
  const download = phone.waitForEvent("download");
  await phone.getByRole("link", { name: "下载 IPA" }).click();
  const file = await download;
  const v = await verifyIpa((await file.path())!, { trustedRoots: [scene.pki.rootPem] });
  expect(v.ok, v.problems.join("\n")).toBe(true);
  expect(v.bundleId).toBe("com.gryx.resign.e2e");
  expect(v.signerCommonName).toContain("E2EB Co");
  // The manifest behind the page's link: the same bundle id as before.
  const inst = (await json(
    `${base}/api/signing/install/${taskId}?token=${new URL(oldLink).searchParams.get("token")}`,
    "",
  )) as any;
  const manifest = parsePlist(Buffer.from(await (await fetch(inst.data.plist_url)).text())) as any;
  expect(manifest.items[0].metadata["bundle-identifier"]).toBe("com.gryx.resign.e2e");
}, 300_000);
