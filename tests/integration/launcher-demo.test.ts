import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { client } from "../support/inprocess";
import { createTestDatabase } from "../support/db";

const root = path.resolve(__dirname, "../..");
const ADMIN_PASSWORD = "Admin-demo-launch";

/**
 * `npm start` (scripts/start.mjs) on a fresh test database and data directory, as a user's shell runs it (no
 * NODE_ENV unless given): whether the default run seeds and checks the demo certificate and gives the demo apps
 * their IPAs. Needs the built server and worker (npm run build).
 */
async function launch(extraEnv: Record<string, string>) {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gryx-launch-demo-"));
  const { NODE_ENV: _testEnv, APPLE_EXTRA_ROOTS: _roots, DEMO_CERTIFICATE: _demo, ...shell } = process.env;
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    env: { ...shell, DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", ADMIN_PASSWORD, PAYMENT_SANDBOX: "0", LOG_LEVEL: "warn", QUEUE_PREFIX: `ld${process.pid}`, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 120 s:\n${output}`)), 120_000);
    const check = () => {
      const m = /应用已启动\s+(http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout.on("data", check);
    child.on("exit", (code) => reject(new Error(`launcher exited ${code}:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await db.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
      const signable = apps.body.data.adminApps.items.filter((a: { hasIpa: boolean }) => a.hasIpa);
      expect(signable.length).toBeGreaterThanOrEqual(3);
      for (const a of signable) expect(a.price).toBe(0);

      // The status check (the worker's certificates.check) treats it as sound: chain to the demo root, OCSP skipped.
      const started = await admin.rest("POST", "/api/admin/certificate-status-check", { id: Number(demo[0].id) });
      expect(started.status).toBe(200);
      let task = started.body.data;
      for (let i = 0; task.status === "checking" && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 200));
        task = (await admin.rest("GET", `/api/admin/certificate-status-check/tasks/${task.id}`)).body.data;
      }
      expect(task).toMatchObject({ status: "valid", reason: null });
      const after = await admin.gql(PLATFORM);
      expect(after.body.data.adminCertificates.items.find((c: { demo: boolean }) => c.demo).status).toBe("valid");
    } finally {
      await app.stop();
    }
  }, 240_000);

  it("seeds no demo certificate when the operator runs with NODE_ENV=production", async () => {
    const app = await launch({ NODE_ENV: "production" });
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
