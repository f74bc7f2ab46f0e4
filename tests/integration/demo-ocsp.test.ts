import { fork, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { X509Certificate } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadP12 } from "../../packages/apple/src/p12";
import { DEMO_OCSP_ADDRESS } from "../../packages/apple/src/ocsp-responder";
import { startApp, startDemoOcspResponder, type TestApp } from "../support/app";
import { postForm } from "../support/certificates";
import { client } from "../support/inprocess";
import { newUdid } from "../support/udid-device";
import { pollUntil } from "../support/wait";

/**
 * The demo certificate's status is real: the demo PKI's OCSP responder (scripts/ocsp-responder.mjs, as `npm start`
 * runs it) answers signed OCSP for the demo CA, and every check path of the app (the admin's check by id, the admin's
 * upload check, a user's 重新检测 of a bought shared certificate, a detection batch) reads 有效 from it; a revocation
 * in the demo CA's database is answered as such. The app runs as built processes (server, worker), the responder on a
 * copy of demo/certificate/ca so this test can revoke in it.
 */
const root = path.resolve(__dirname, "../..");
const DEMO = path.join(root, "demo/certificate");
const demoJson = JSON.parse(readFileSync(path.join(DEMO, "certificate.json"), "utf8"));

let caDir: string;
let responder: ChildProcess | undefined;
let responderUrl: string;
let app: TestApp;
let admin: ReturnType<typeof client>;
let adminToken: string;
let demoId: number;

type Task = { id: number; status: string; ocsp_status: string; reason: string | null; report: any };

async function finished(c: ReturnType<typeof client>, pathOf: (id: number) => string, started: Task): Promise<Task> {
  return pollUntil(
    async () => {
      const t: Task = (await c.rest("GET", pathOf(started.id))).body.data;
      return t.status !== "checking" && t;
    },
    60_000,
    200,
  );
}

beforeAll(async () => {
  caDir = mkdtempSync(path.join(os.tmpdir(), "gryx-demo-ca-"));
  cpSync(path.join(DEMO, "ca"), caDir, { recursive: true });
  responderUrl = await startDemoOcspResponder(
    (env) =>
      (responder = fork(path.join(root, "scripts/ocsp-responder.mjs"), [], {
        env,
        stdio: ["ignore", "ignore", "inherit", "ipc"],
      })),
    process.env,
    caDir,
  );
  app = await startApp({ SEED_DEMO: "1", DEMO_OCSP_URL: responderUrl });
  admin = client(app.url);
  adminToken = (await admin.login(app.adminUsername, app.adminPassword)).token;
  const certs = await admin.gql(
    `{ adminCertificates(scope: "platform", page: 1, pageSize: 50) { items { id demo status } } }`,
  );
  demoId = Number(certs.body.data.adminCertificates.items.find((c: { demo: boolean }) => c.demo).id);
}, 240_000);

afterAll(async () => {
  await app?.stop();
  if (responder && responder.exitCode === null) {
    const gone = new Promise((r) => responder!.once("exit", r));
    responder.kill("SIGTERM");
    await gone;
  }
  if (caDir) rmSync(caDir, { recursive: true, force: true });
});

describe("the demo certificate's status, from the demo PKI's OCSP responder", () => {
  it("the demo certificate names the demo responder (AIA); the responder answers on loopback only", () => {
    const id = loadP12(readFileSync(path.join(DEMO, demoJson.p12)), demoJson.password);
    expect(new X509Certificate(id.certificateDer).infoAccess).toContain(`OCSP - URI:${DEMO_OCSP_ADDRESS}`);
    expect(demoJson.ocspUrl).toBe(DEMO_OCSP_ADDRESS);
    expect(new URL(responderUrl).hostname).toBe("127.0.0.1");
  });

  it("/admin/certificate-status-check (by id): 有效, the OCSP check passed with a signed answer from the responder", async () => {
    const started = await admin.rest("POST", "/api/admin/certificate-status-check", { id: demoId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(admin, (id) => `/api/admin/certificate-status-check/tasks/${id}`, started.body.data);
    expect(task).toMatchObject({ status: "valid", ocsp_status: "good", reason: null });
    expect(task.report.ocsp).toMatchObject({ status: "good", signedBy: "delegated", responderUrl });
    expect(task.report.checks.find((c: { name: string }) => c.name === "ocsp")).toMatchObject({
      outcome: "pass",
      message: "OCSP 服务器确认证书有效",
    });
  });

  it("a user buys the shared demo certificate: its copy reads 有效, and their 重新检测 says 有效 too", async () => {
    const u = client(app.url);
    expect((await u.rest("POST", "/api/auth/register", { username: "ocsp_buyer", password: "secret1" })).status).toBe(
      200,
    );
    const { user } = await u.login("ocsp_buyer", "secret1");
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    let deviceId: number;
    try {
      const [d] = (
        await db.query(
          `INSERT INTO devices (user_id, udid, product, bound_at) VALUES ($1, $2, 'iPhone15,2', now()) RETURNING id`,
          [user.id, newUdid()],
        )
      ).rows;
      deviceId = d.id;
    } finally {
      await db.end();
    }
    const adjust = await admin.rest("POST", `/api/admin/users/${user.id}/wallet/adjust`, {
      amount: 100,
      reason: "测试",
    });
    expect(adjust.status, JSON.stringify(adjust.body)).toBe(200);
    const packages = (await u.rest("GET", "/api/certificate-packages")).body.data;
    const shared = packages.find((k: { name: string }) => k.name === "共享版证书");
    expect(shared).toMatchObject({ source: "platform", certificate_id: demoId });
    const bought = await u.rest("POST", "/api/certificate-mall/buy", {
      plan_id: shared.plans[0].id,
      device_id: deviceId,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const order = await pollUntil(
      async () => {
        const o = (await u.rest("GET", `/api/certificate-mall/orders/${bought.body.data.order_no}`)).body.data;
        return o.status === "delivered" && o;
      },
      60_000,
      200,
    );
    const copyId = Number(order.certificate_id);

    const started = await u.rest("POST", "/api/certificates/check-status", { id: copyId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(u, (id) => `/api/certificates/tasks/${id}`, started.body.data);
    expect(task).toMatchObject({ status: "valid", ocsp_status: "good", reason: null });
    const mine = (await u.rest("GET", "/api/certificates")).body.data;
    expect(mine.find((c: { id: number }) => c.id === copyId)).toMatchObject({ status: "valid" });
  });

  it("a detection batch over every certificate: the demo certificate and its copy are good, none in error", async () => {
    const candidates = await admin.rest("GET", "/api/admin/certificate-detection/candidates?scope=all");
    const total = candidates.body.data.count as number;
    expect(total).toBeGreaterThanOrEqual(2);
    const started = await admin.rest("POST", "/api/admin/certificate-detection/batches", { filter: { scope: "all" } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const batch = await pollUntil(
      async () => {
        const b = (await admin.rest("GET", `/api/admin/certificate-detection/batches/${started.body.data.id}`)).body
          .data;
        return b.status !== "running" && b;
      },
      90_000,
      250,
    );
    expect(batch).toMatchObject({ status: "completed", total, done: total, good: total, error: 0, revoked: 0 });
    const certs = await admin.gql(
      `{ adminCertificates(scope: "platform", page: 1, pageSize: 50) { items { id status } } }`,
    );
    expect(certs.body.data.adminCertificates.items.find((c: { id: string }) => Number(c.id) === demoId).status).toBe(
      "valid",
    );
  });

  it("the admin's upload check of the demo p12 reads 有效; once the demo CA revokes it, 已吊销 with the reason", async () => {
    const upload = () =>
      postForm(
        `${app.url}/api/admin/certificate-status-check/upload`,
        adminToken,
        {
          p12: readFileSync(path.join(DEMO, demoJson.p12)),
          mobileprovision: readFileSync(path.join(DEMO, demoJson.profile)),
        },
        { password: demoJson.password },
      );
    const before = await upload();
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data).toMatchObject({ status: "valid", reason: null, ocsp: { status: "good" } });

    // The demo CA revokes the leaf (as `openssl ca -revoke` would write it): the responder reads its database again.
    const leafSerial = loadP12(readFileSync(path.join(DEMO, demoJson.p12)), demoJson.password);
    const serial = new X509Certificate(leafSerial.certificateDer).serialNumber.toUpperCase();
    const index = path.join(caDir, "index.txt");
    const lines = readFileSync(index, "utf8").split("\n");
    const i = lines.findIndex((l) => l.split("\t")[3] === serial);
    expect(i).toBeGreaterThanOrEqual(0);
    const f = lines[i]!.split("\t");
    lines[i] = ["R", f[1], "260101000000Z,keyCompromise", ...f.slice(3)].join("\t");
    writeFileSync(index, lines.join("\n"));

    const after = await upload();
    expect(after.body.data).toMatchObject({
      status: "revoked",
      ocsp: { status: "revoked", revocationReason: "keyCompromise" },
    });
    expect(after.body.data.reason).toContain("2026-01-01 00:00:00 UTC");
  });
});
