import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyIpa } from "../../worker/src/signing";
import { parsePlist } from "../../packages/apple/src/plist";
import { DEMO_ROOT_PEM, startApp, type TestApp } from "../support/app";
import { client } from "../support/inprocess";

/**
 * The default run as a new user finds it, over the API: the demo certificate (演示证书) offered, the seeded demo apps
 * signable, a signing with a new display name that verifies against the demo root and whose manifest names the
 * bundle id.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startApp({ SEED_DEMO: "1" });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

it("a new user signs a demo app with the demo certificate and gets a verified IPA", async () => {
  const c = client(app.url);
  expect((await c.rest("POST", "/api/auth/register", { username: "demo_signer", password: "secret1" })).status).toBe(
    200,
  );
  const { token } = await c.login("demo_signer", "secret1");

  const certs = await c.gql(`{ signableCertificates { id name kind usable feeFen } }`);
  expect(certs.body.errors).toBeUndefined();
  const demo = certs.body.data.signableCertificates.find((x: any) => x.kind === "demo");
  expect(demo).toMatchObject({ name: "演示证书", usable: true, feeFen: 0 });

  const apps = await c.gql(`{ signableApps(pageSize: 50) { total items { id name bundleId } } }`);
  expect(apps.body.data.signableApps.total).toBeGreaterThanOrEqual(3);
  const target = apps.body.data.signableApps.items[0];

  const created = await c.rest("POST", "/api/signing/create-task", {
    certificate_id: demo.id,
    app_id: target.id,
    display_name: "演示签名",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.task_id;
  const until = Date.now() + 60_000;
  let task: any;
  for (;;) {
    task = (await c.rest("GET", `/api/signing/tasks/${id}`)).body.data;
    if (task.status !== "queued" && task.status !== "running") break;
    if (Date.now() > until) throw new Error(`not done: ${JSON.stringify(task)}\n${app.logs().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  expect(task.status, JSON.stringify(task)).toBe("done");
  expect(task.app_name).toBe("演示签名");
  expect(task.certificate_name).toBe("演示证书");

  const res = await fetch(`${app.url}/api/signing/download/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const dir = mkdtempSync(path.join(os.tmpdir(), "demo-signed-"));
  try {
    const file = path.join(dir, "a.ipa");
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const v = await verifyIpa(file, { trustedRoots: [readFileSync(DEMO_ROOT_PEM, "utf8")] });
    expect(v.ok, v.problems.join("\n")).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const install = await c.rest("GET", `/api/signing/install/${id}`);
  const manifest = parsePlist(Buffer.from(await (await fetch(install.body.data.plist_url)).text())) as any;
  expect(manifest.items[0].metadata["bundle-identifier"]).toBe(task.bundle_id);
  expect(task.bundle_id).toBe(target.bundleId);
}, 120_000);
