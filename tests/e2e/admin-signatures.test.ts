import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { gql, loginUser, registerUser } from "./support/api";
import { shot } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

// The default run's catalogue (its free demo apps have real IPAs) and, from the harness, the demo certificate.
const t = useApp(async () => ({ SEED_DEMO: "1" }));
const DESKTOP = { viewport: { width: 1280, height: 800 }, hasTouch: false };

interface Task {
  id: string;
  status: string;
}

async function user(name: string): Promise<string> {
  await registerUser(t.app.url, name, "secret123");
  return (await loginUser(t.app.url, name, "secret123")).token;
}

async function demoCertificate(token: string): Promise<string> {
  const { signableCertificates } = await gql<{ signableCertificates: { id: string; kind: string; name: string }[] }>(
    t.app.url,
    `{ signableCertificates { id kind name } }`,
    {},
    token,
  );
  const demo = signableCertificates.find((c) => c.kind === "demo");
  expect(demo?.name).toBe("演示证书");
  return demo!.id;
}

async function createTask(token: string, input: Record<string, unknown>): Promise<string> {
  const r = await gql<{ createSigningTask: Task }>(
    t.app.url,
    `mutation($input: CreateSigningTaskInput!) { createSigningTask(input: $input) { id status } }`,
    { input },
    token,
  );
  return r.createSigningTask.id;
}

async function settled(token: string, id: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const { signingTask } = await gql<{ signingTask: Task }>(
      t.app.url,
      `query($id: ID!) { signingTask(id: $id) { id status } }`,
      { id },
      token,
    );
    if (signingTask.status !== "queued" && signingTask.status !== "running") return signingTask.status;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`task ${id} did not finish`);
}

/** Two users' tasks: two catalogue apps signed (done), an upload whose executable is encrypted (failed). */
async function scene(): Promise<{ alice: string; bob: string; certificateId: string; done: string[]; failed: string }> {
  const alice = await user("sign_alice");
  const bob = await user("sign_bob");
  const certificateId = await demoCertificate(alice);
  const { catalog } = await gql<{ catalog: { items: { id: string; name: string }[] } }>(
    t.app.url,
    `{ catalog(defaultCategory: true, page: 1, pageSize: 2) { items { id name } } }`,
    {},
    alice,
  );
  const done = [];
  for (const app of catalog.items)
    done.push(await createTask(alice, { certificateId, appId: app.id, displayName: `${app.name}Pro` }));

  const form = new FormData();
  form.append("ipa", new Blob([readFixture("ipa/encrypted.ipa")]), "Encrypted.ipa");
  const up = await fetch(`${t.app.url}/api/signing/upload-ipa`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${bob}` },
  });
  expect(up.status).toBe(200);
  const failed = await createTask(bob, { certificateId, ipaId: String((await up.json()).data.id) });

  for (const id of done) expect(await settled(alice, id)).toBe("done");
  expect(await settled(bob, failed)).toBe("failed");
  return { alice, bob, certificateId, done, failed };
}

const rows = (page: Page) => page.locator("tbody tr[data-row-key]");
const count = (page: Page, label: string) =>
  page.getByTestId("signing-counts").getByRole("button", { name: new RegExp(`^${label} `) });

describe("/admin/signatures and the signing settings (390×844 and desktop)", () => {
  let s: Awaited<ReturnType<typeof scene>>;

  it("lists every signing task with counts per status and signings per day; filters by status, user, certificate and date", async () => {
    s = await scene();
    const admin = await t.page();
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/signatures");
    await admin.getByText("签名任务", { exact: true }).waitFor();
    await expect.poll(() => count(admin, "已完成").getAttribute("aria-label")).toBe("已完成 2");
    expect(await count(admin, "失败").getAttribute("aria-label")).toBe("失败 1");
    expect(await admin.getByRole("img", { name: /近14天签名次数，共3次/ }).count()).toBe(1);
    await expect.poll(() => rows(admin).count()).toBe(3);
    await shot(admin, "admin-signatures");

    // Status: the count card filters the list; the select shows it.
    await count(admin, "失败").click();
    await expect.poll(() => rows(admin).count()).toBe(1);
    await rows(admin).first().getByText("sign_bob").waitFor();
    await count(admin, "失败").click();
    await expect.poll(() => rows(admin).count()).toBe(3);

    // User (name or id).
    await admin.getByPlaceholder("用户ID或用户名").fill("sign_alice");
    await admin.getByPlaceholder("用户ID或用户名").press("Enter");
    await expect.poll(() => rows(admin).count()).toBe(2);
    await admin.getByPlaceholder("用户ID或用户名").fill("");
    await admin.getByPlaceholder("用户ID或用户名").press("Enter");
    await expect.poll(() => rows(admin).count()).toBe(3);

    // Certificate: the demo certificate signed all three; another id none.
    await admin.getByPlaceholder("证书ID").fill(s.certificateId);
    await admin.getByPlaceholder("证书ID").press("Enter");
    await expect.poll(() => rows(admin).count()).toBe(3);
    await admin.getByPlaceholder("证书ID").fill(String(Number(s.certificateId) + 1000));
    await admin.getByPlaceholder("证书ID").press("Enter");
    await admin.locator("[data-table-empty]").waitFor();
    await admin.getByPlaceholder("证书ID").fill("");
    await admin.getByPlaceholder("证书ID").press("Enter");
    await expect.poll(() => rows(admin).count()).toBe(3);

    // Date: a range that ended yesterday has none; one that includes today has all.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });
    const range = async (from: string, to: string) => {
      await admin.getByLabel("开始日期").fill(from);
      await admin.getByLabel("结束日期").fill(to);
    };
    await range(day(-7), day(-1));
    await admin.locator("[data-table-empty]").waitFor();
    await range(day(-1), day(1));
    await expect.poll(() => rows(admin).count()).toBe(3);
  });

  it("shows a task's detail with the signer's report; adds downloads, retries a failed task and deletes one", async () => {
    const admin = await t.page();
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/signatures");
    await expect.poll(() => rows(admin).count()).toBe(3);

    // A done task: the report names the demo certificate; 5 more downloads.
    await admin.locator(`tr[data-row-key="${s.done[0]}"]`).getByRole("button", { name: "详情", exact: true }).click();
    const drawer = admin.getByTestId("signing-task-detail");
    await drawer.getByTestId("signing-report").getByText("iPhone Distribution: 演示证书 (GRYXDEMO01)").waitFor();
    const before = await drawer.getByTestId("task-downloads").textContent();
    const [used, limit] = before!.split(" / ").map(Number);
    await drawer.getByLabel("增加次数").fill("5");
    await drawer.getByRole("button", { name: "增加下载次数" }).click();
    await admin.getByText("已增加下载次数").waitFor();
    await expect.poll(() => drawer.getByTestId("task-downloads").textContent()).toBe(`${used} / ${limit + 5}`);
    await shot(admin, "admin-signatures-detail");
    await admin.locator(".ant-drawer-close").click();

    // The failed task: its error, and 重试 runs it again (the encrypted binary fails again).
    await admin.locator(`tr[data-row-key="${s.failed}"]`).getByRole("button", { name: "详情", exact: true }).click();
    await drawer.locator(".ant-alert-error").waitFor();
    await drawer.getByRole("button", { name: "重试" }).click();
    await admin.locator(".ant-popconfirm").getByRole("button", { name: "重试" }).click();
    await admin.getByText("已重新排队").waitFor();
    expect(await settled(s.bob, s.failed)).toBe("failed");
    await admin.locator(".ant-drawer-close").click();

    // Delete the other done task: gone from the list and the counts.
    await admin.locator(`tr[data-row-key="${s.done[1]}"]`).getByRole("button", { name: "删除" }).click();
    await admin.locator(".ant-popconfirm").getByRole("button", { name: "删除" }).click();
    await admin.getByText("已删除").waitFor();
    await expect.poll(() => rows(admin).count()).toBe(2);
    await expect.poll(() => count(admin, "已完成").getAttribute("aria-label")).toBe("已完成 1");
    const gone = await fetch(`${t.app.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${s.alice}` },
      body: JSON.stringify({ query: `query($id: ID!) { signingTask(id: $id) { id } }`, variables: { id: s.done[1] } }),
    }).then((r) => r.json());
    expect(gone.errors?.[0]?.extensions?.code).toBe("SIGN_TASK_NOT_FOUND");
  });

  it("draws the page at desktop width", async () => {
    const admin = await t.page(DESKTOP);
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/signatures");
    await expect.poll(() => rows(admin).count()).toBe(2);
    await admin.getByRole("img", { name: /近14天签名次数/ }).waitFor();
    await shot(admin, "admin-signatures-desktop");
  });

  it("sets how signing is charged, the artifact lifetime and the downloads per task in 系统设置 → 签名设置", async () => {
    const admin = await t.page();
    await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await admin.goto("/admin/settings?tab=signing");
    await admin.getByText("免费", { exact: true }).waitFor();
    expect(await admin.getByRole("radio", { name: "免费" }).isChecked()).toBe(true);

    // A fee mode without a fee is refused on the spot.
    await admin.getByText("按次收费", { exact: true }).click();
    await admin.getByLabel("签名费用").fill("0");
    await admin.getByRole("button", { name: "保存" }).click();
    await admin.getByText("收费签名须设置大于0的签名费用").waitFor();

    await admin.getByLabel("签名费用").fill("1.5");
    await admin.getByLabel("签名包保留时长").fill("48");
    await admin.getByLabel("每个任务的下载次数").fill("20");
    await admin.getByRole("button", { name: "保存" }).click();
    await admin.getByText("签名设置已保存").waitFor();
    await shot(admin, "admin-settings-signing");

    // Kept, and what users are charged now.
    await admin.reload();
    await admin.getByLabel("签名费用").waitFor();
    expect(await admin.getByLabel("签名费用").inputValue()).toBe("1.50");
    expect(await admin.getByLabel("签名包保留时长").inputValue()).toBe("48");
    const { signableCertificates } = await gql<{ signableCertificates: { kind: string; feeFen: number }[] }>(
      t.app.url,
      `{ signableCertificates { kind feeFen } }`,
      {},
      s.alice,
    );
    expect(signableCertificates.find((c) => c.kind === "demo")?.feeFen).toBe(150);
    const { signingSettings } = await gql<{ signingSettings: Record<string, unknown> }>(
      t.app.url,
      `{ signingSettings { chargeMode artifactHours downloadsPerTask } }`,
      {},
      s.alice,
    );
    expect(signingSettings).toEqual({ chargeMode: "fee", artifactHours: 48, downloadsPerTask: 20 });

    // Desktop.
    const wide = await t.page(DESKTOP);
    await signIn(wide, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await wide.goto("/admin/settings?tab=signing");
    await wide.getByText("按次收费", { exact: true }).waitFor();
    expect(await wide.getByRole("radio", { name: "按次收费" }).isChecked()).toBe(true);
    await shot(wide, "admin-settings-signing-desktop");
  });
});
