import { describe, expect, it } from "vitest";
import { client } from "../support/inprocess";
import { launchDefaultRun, productionEnv } from "../support/launcher";

const ADMIN_PASSWORD = "Admin-demo-launch";

/**
 * `npm start` (scripts/start.mjs) on a fresh test database and data directory, as a user's shell runs it (no
 * NODE_ENV unless given): whether the default run seeds and checks the demo certificate and gives the demo apps
 * their IPAs. Needs the built server and worker (npm run build).
 */
function launch(extraEnv: Record<string, string>) {
  return launchDefaultRun(
    { ADMIN_PASSWORD, PAYMENT_SANDBOX: "0", QUEUE_PREFIX: `ld${process.pid}`, ...extraEnv },
    { unset: ["NODE_ENV", "APPLE_EXTRA_ROOTS", "DEMO_CERTIFICATE"] },
  );
}

const PLATFORM = `{ adminCertificates(scope: "platform", page: 1, pageSize: 50) { items { id name commonName demo status } } }`;
const SIGNABLE = `{ adminApps(page: 1, pageSize: 10) { items { name bundleId price hasIpa } } }`;

describe("npm start and the demo certificate", () => {
  it("seeds the demo certificate (演示证书) and signable free demo apps; the worker's status check finds it valid", async () => {
    const app = await launch({});
    try {
      const admin = client(app.url);
      await admin.login("admin", ADMIN_PASSWORD);
      const certs = await admin.gql(PLATFORM);
      expect(certs.body.errors).toBeUndefined();
      const demo = certs.body.data.adminCertificates.items.filter((c: { demo: boolean }) => c.demo);
      expect(demo).toHaveLength(1);
      expect(demo[0]).toMatchObject({ name: "演示证书", commonName: "iPhone Distribution: 演示证书 (GRYXDEMO01)" });

      const apps = await admin.gql(SIGNABLE);
      expect(apps.body.errors).toBeUndefined();
      // Every app has a package (the committed demo IPAs and the generated ones); the committed ones are free.
      const items: { bundleId: string; price: number; hasIpa: boolean }[] = apps.body.data.adminApps.items;
      expect(items.filter((a) => !a.hasIpa)).toEqual([]);
      const committed = items.filter((a) => a.bundleId.startsWith("com.gryx.demo."));
      expect(committed.length).toBeGreaterThanOrEqual(3);
      for (const a of committed) expect(a.price).toBe(0);

      // The status check (the worker's certificates.check) finds it sound: chain to the demo root, and the demo PKI's
      // OCSP responder (which the launcher runs) answers good.
      const started = await admin.rest("POST", "/api/admin/certificate-status-check", { id: Number(demo[0].id) });
      expect(started.status).toBe(200);
      let task = started.body.data;
      for (let i = 0; task.status === "checking" && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 200));
        task = (await admin.rest("GET", `/api/admin/certificate-status-check/tasks/${task.id}`)).body.data;
      }
      expect(task).toMatchObject({ status: "valid", ocsp_status: "good", reason: null });
      expect(app.output()).toMatch(/demo OCSP responder on http:\/\/127\.0\.0\.1:\d+\//);
      const after = await admin.gql(PLATFORM);
      expect(after.body.data.adminCertificates.items.find((c: { demo: boolean }) => c.demo).status).toBe("valid");
      // The worker waited for the server's migrations quietly: no heartbeat error on a first boot.
      expect(app.output()).not.toContain("worker_heartbeats");
    } finally {
      await app.stop();
    }
  }, 240_000);

  it("seeds no demo certificate when the operator runs with NODE_ENV=production", async () => {
    const app = await launch(await productionEnv());
    try {
      const admin = client(app.url);
      await admin.login("admin", ADMIN_PASSWORD);
      const certs = await admin.gql(PLATFORM);
      expect(certs.body.errors).toBeUndefined();
      expect(certs.body.data.adminCertificates.items.filter((c: { demo: boolean }) => c.demo)).toEqual([]);
    } finally {
      await app.stop();
    }
  }, 240_000);
});
