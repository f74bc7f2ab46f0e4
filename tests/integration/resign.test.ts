import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker } from "../../worker/src/main";
import { verifyIpa } from "../../worker/src/signing";
import { parsePlist } from "../../packages/apple/src/plist";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import type { TestLeaf } from "../../packages/apple/fixtures/test-pki";
import { client, startInProcess } from "../support/inprocess";
import { createCheckScene, TEST_PKI_PASSWORD, uploadLeaf, type CheckScene } from "../support/cert-checks";
import { postForm } from "../support/certificates";
import { userMaker } from "../support/signing";
import { pollUntil } from "../support/wait";

/**
 * 掉签自动重签 end to end: the real server and worker, a test PKI whose leaves name a real `openssl ocsp` responder,
 * certificates revoked at that responder while their apps are live. Each way of finding the revocation (a user's
 * check, a detection batch, the schedule) and each replacement (warranty re-issue, backup certificate, platform
 * certificate, none → 换证书重签) is driven like a client; the old install link must serve a re-signed IPA that
 * verifies with the replacement's certificate and the same bundle id.
 */
type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let scene: CheckScene;
let server: Server;
let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
let admin: Client;
let adminToken: string;
let makeUser: ReturnType<typeof userMaker>;
const WATCH_MS = 3_600_000;

const waitFor = <T>(fn: () => Promise<T | undefined | null | false>, ms = 120_000) => pollUntil(fn, ms, 200);
const leaf = (name: string, org: string) => scene.pki.issueLeaf(name, { ocspUrl: scene.responderUrl, org });

beforeAll(async () => {
  scene = await createCheckScene();
  server = await startInProcess({
    ...scene.env,
    TRUST_PROXY: "1",
    DEMO_CERTIFICATE: "1",
    CERT_WATCH_INTERVAL_MS: String(WATCH_MS),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  admin = client(server.url);
  adminToken = (await admin.login("admin", server.adminPassword)).token;
  makeUser = userMaker(server, "resign", 91);
  const c = server.services.config;
  worker = await startWorker({
    DATABASE_URL: c.databaseUrl,
    QUEUE_PREFIX: c.queuePrefix,
    JWT_SECRET: c.jwtSecret,
    STORAGE_DIR: c.storageDir,
    SIGNING_CONCURRENCY: "2",
    ...scene.env,
    ...(c.redisUrl ? { REDIS_URL: c.redisUrl } : {}),
  });
}, 180_000);
afterAll(async () => {
  await worker?.close();
  await server?.stopAll();
  await scene?.close();
});

async function signed(u: { c: Client; token: string }, certificateId: number, bundleId: string) {
  // A keep-alive connection the server closed just then resets a streamed upload: one more try.
  const upload = () => postForm(`${server.url}/api/signing/upload-ipa`, u.token, { ipa: readFixture("ipa/thin.ipa") });
  const up = await upload().catch(upload);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const t = await u.c.rest("POST", "/api/signing/create-task", {
    certificate_id: certificateId,
    ipa_id: up.body.data.id,
    bundle_id: bundleId,
    display_name: "重签测试",
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  const id = t.body.data.task_id as number;
  const done = await waitFor(async () => {
    const r = await u.c.rest("GET", `/api/signing/tasks/${id}`);
    return ["done", "failed"].includes(r.body.data.status) ? r.body.data : null;
  });
  expect(done.status, JSON.stringify(done)).toBe("done");
  expect(done).toMatchObject({ certificate_id: certificateId, resigned_at: null, resign_count: 0 });
  // The links handed out before the revocation (install page, manifest, download), opened later without a session.
  const inst = (await u.c.rest("GET", `/api/signing/install/${id}`)).body.data;
  // The install page's link (the one shared, printed, made a QR code) lasts as long as the signed app is kept, not an
  // hour: it must still answer after a re-sign days later.
  const pageExp = Number(new URL(inst.install_page_url).searchParams.get("token")!.split(".")[0]);
  expect(pageExp).toBe(Math.floor(new Date(inst.expires_at).getTime() / 1000));
  expect(pageExp * 1000 - Date.now()).toBeGreaterThan(2 * 3600_000);
  return { id, manifestUrl: inst.plist_url as string, installPageUrl: inst.install_page_url as string };
}

/** Whether the task was re-signed (its card's fields) onto `certificateId`, `count` times. */
const resigned = (u: { c: Client }, taskId: number, certificateId: number, count = 1) =>
  waitFor(async () => {
    const t = (await u.c.rest("GET", `/api/signing/tasks/${taskId}`)).body.data;
    return t.certificate_id === certificateId && t.resign_count === count ? t : null;
  });

/** Follows the old manifest link to its IPA (no session) and verifies the signature: bundle id and signer. */
async function servedBy(manifestUrl: string): Promise<{ bundleId: string; signer: string }> {
  const plist = await fetch(manifestUrl);
  expect(plist.status).toBe(200);
  const manifest = parsePlist(Buffer.from(await plist.text())) as any;
  const item = manifest.items[0];
  const ipaUrl = item.assets.find((a: { kind: string }) => a.kind === "software-package").url as string;
  const ipa = await fetch(ipaUrl);
  expect(ipa.status).toBe(200);
  const dir = mkdtempSync(path.join(os.tmpdir(), "resign-"));
  try {
    const file = path.join(dir, "a.ipa");
    writeFileSync(file, Buffer.from(await ipa.arrayBuffer()));
    const v = await verifyIpa(file, { trustedRoots: [scene.pki.rootPem] });
    expect(v.ok, v.problems.join("\n")).toBe(true);
    expect(v.bundleId).toBe(item.metadata["bundle-identifier"]);
    return { bundleId: v.bundleId!, signer: v.signerCommonName! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cn = (l: TestLeaf) => `iPhone Distribution: ${l.name.toUpperCase()} Co (${l.teamId})`;
const incidentOf = async (certificateId: number) =>
  (await admin.rest("GET", "/api/admin/cert-tasks/incidents")).body.data.items.find(
    (i: { certificate_id: number }) => i.certificate_id === certificateId,
  );
const walletRows = async (userId: number) =>
  Number(
    (await server.services.db.query(`SELECT count(*)::int AS n FROM wallet_ledger WHERE user_id = $1`, [userId]))[0].n,
  );

describe("掉签自动重签", () => {
  it("the schedule is declared with CERT_WATCH_INTERVAL_MS", async () => {
    const s = await server.services.jobs.queueFor("certificates.watch").getJobScheduler("certificates.watch");
    expect(Number(s?.every)).toBe(WATCH_MS);
  }, 300_000);

  it("a user's check finds the revocation: re-signed on the backup certificate, the old link serves it, free, told once", async () => {
    const u = await makeUser();
    const [a, b] = [await leaf("usera", "USERA Co"), await leaf("userb", "USERB Co")];
    const certA = await uploadLeaf(scene, server.url, u.token, a);
    const certB = await uploadLeaf(scene, server.url, u.token, b);
    // 掉签后自动使用: at most one per user; another user's certificate is not found.
    const mark = await u.c.rest("PUT", `/api/certificates/${certB}/auto-resign`, { enabled: true });
    expect(mark.status, JSON.stringify(mark.body)).toBe(200);
    expect(mark.body.data.auto_resign).toBe(true);
    expect((await u.c.rest("PUT", `/api/certificates/${certB}/auto-resign`, { enabled: "yes" })).status).toBe(400);
    const other = await makeUser();
    expect((await other.c.rest("PUT", `/api/certificates/${certB}/auto-resign`, { enabled: true })).status).toBe(404);

    const t1 = await signed(u, certA, "com.gryx.resign.one");
    const t2 = await signed(u, certA, "com.gryx.resign.two");
    expect((await servedBy(t1.manifestUrl)).signer).toBe(cn(a));
    const ledgerBefore = await walletRows(u.id);

    await scene.pki.revoke(a, "keyCompromise");
    const check = await u.c.rest("POST", "/api/certificates/check-status", { id: certA });
    expect(check.body.data.status).toBe("revoked");

    for (const t of [t1, t2]) {
      const after = await resigned(u, t.id, certB);
      expect(after.resigned_at).not.toBeNull();
      expect(after.resign_state).toBe("repaired");
      const served = await servedBy(t.manifestUrl);
      expect(served.signer).toBe(cn(b));
      expect(served.bundleId).toBe(t === t1 ? "com.gryx.resign.one" : "com.gryx.resign.two");
    }
    // The install page's own link still answers, and says to reinstall over the old app.
    const page = await fetch(
      `${server.url}/api/signing/install/${t1.id}?token=${new URL(t1.installPageUrl).searchParams.get("token")}`,
    );
    expect(((await page.json()) as any).data.resigned_at).not.toBeNull();

    const incident = await waitFor(async () => {
      const i = await incidentOf(certA);
      return i?.status === "completed" ? i : null;
    });
    expect(incident).toMatchObject({ tasks_total: 2, tasks_repaired: 2, tasks_failed: 0, found_by: "check" });
    expect(typeof incident.found_at).toBe("string");
    expect(await walletRows(u.id)).toBe(ledgerBefore);
    const notes = (await u.c.rest("GET", "/api/notifications")).body.data;
    const items = notes.notifications as { kind: string; title: string }[];
    expect(items.filter((n) => n.kind === "certificate-resigned")).toHaveLength(1);

    // A second revocation, of the replacement, found by a detection batch: repaired again on the new backup.
    const c = await leaf("userc", "USERC Co");
    const certC = await uploadLeaf(scene, server.url, u.token, c);
    expect((await u.c.rest("PUT", `/api/certificates/${certC}/auto-resign`, { enabled: true })).status).toBe(200);
    const certs = (await u.c.rest("GET", "/api/certificates")).body.data as { id: number; auto_resign: boolean }[];
    expect(certs.filter((x) => x.auto_resign).map((x) => x.id)).toEqual([certC]);
    await scene.pki.revoke(b, "keyCompromise");
    const batch = await admin.rest("POST", "/api/admin/certificate-detection/batches", { filter: { scope: "all" } });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    for (const t of [t1, t2]) {
      await resigned(u, t.id, certC, 2);
      expect((await servedBy(t.manifestUrl)).signer).toBe(cn(c));
    }
    expect((await waitFor(() => incidentOf(certB))).found_by).toBe("batch");
    expect(await walletRows(u.id)).toBe(ledgerBefore);
  }, 300_000);

  it("the schedule finds a revoked platform certificate: re-signed on a healthy platform certificate", async () => {
    const u = await makeUser();
    const [p1, p2] = [await leaf("plata", "PLATA Co"), await leaf("platb", "PLATB Co")];
    const upload = async (l: TestLeaf) => {
      const r = await postForm(
        `${server.url}/api/admin/platform-certificates/upload`,
        adminToken,
        { p12: readFileSync(l.p12Path), mobileprovision: await scene.profileFor(l) },
        { password: TEST_PKI_PASSWORD, name: l.name },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.id as number;
    };
    const demo = await upload(p1);
    const spare = await upload(p2);
    // The default run's 演示证书 is a platform certificate marked demo (one per site): users may sign with it.
    // The site's platform certificates are these two (the default run's generated one is not trusted here).
    await server.services.db.query(`DELETE FROM certificates WHERE scope = 'platform' AND id <> ALL($1::int[])`, [
      [demo, spare],
    ]);
    await server.services.db.query(`UPDATE certificates SET demo = (id = $1) WHERE scope = 'platform'`, [demo]);
    const t = await signed(u, demo, "com.gryx.resign.platform");

    await scene.pki.revoke(p1, "cessationOfOperation");
    await server.services.jobs.add("certificates.watch", {});
    const after = await resigned(u, t.id, spare);
    expect(after.certificate_name).toBe(p2.name);
    expect((await servedBy(t.manifestUrl)).signer).toBe(cn(p2));
    expect((await waitFor(() => incidentOf(demo))).found_by).toBe("watch");
  }, 300_000);

  it("no replacement: 证书已吊销 with 换证书重签 on another certificate, keeping the link; 全部重试 for admins", async () => {
    const u = await makeUser();
    const [n1, n2] = [await leaf("nonea", "NONEA Co"), await leaf("noneb", "NONEB Co")];
    const cert1 = await uploadLeaf(scene, server.url, u.token, n1);
    const t = await signed(u, cert1, "com.gryx.resign.none");
    await scene.pki.revoke(n1, "keyCompromise");
    expect((await u.c.rest("POST", "/api/certificates/check-status", { id: cert1 })).body.data.status).toBe("revoked");
    const stuck = await waitFor(async () => {
      const r = (await u.c.rest("GET", `/api/signing/tasks/${t.id}`)).body.data;
      return r.resign_state === "revoked" ? r : null;
    });
    expect(stuck).toMatchObject({ certificate_id: cert1, resign_count: 0 });
    const incident = await waitFor(async () => {
      const i = await incidentOf(cert1);
      return i?.status === "failed" ? i : null;
    });
    expect(incident).toMatchObject({ tasks_total: 1, tasks_repaired: 0, tasks_failed: 1 });
    const detail = (await admin.rest("GET", `/api/admin/cert-tasks/incidents/${incident.id}`)).body.data;
    expect(detail.items[0]).toMatchObject({ task_id: t.id, status: "none" });
    expect(detail.items[0].error.message).toContain("没有可用的替换证书");
    // 全部重试 with still nothing to use ends the same way; a user cannot call it.
    expect((await u.c.rest("POST", `/api/admin/cert-tasks/incidents/${incident.id}/retry`)).status).toBe(403);
    expect((await admin.rest("POST", `/api/admin/cert-tasks/incidents/${incident.id}/retry`)).status).toBe(200);
    await waitFor(async () => ((await incidentOf(cert1))?.status === "failed" ? true : null));

    // 换证书重签: a revoked certificate is refused; another of theirs re-signs it under the same link.
    expect((await u.c.rest("POST", `/api/signing/tasks/${t.id}/resign`, { certificate_id: cert1 })).body.code).toBe(
      "RESIGN_CERT_UNUSABLE",
    );
    const cert2 = await uploadLeaf(scene, server.url, u.token, n2);
    const r = await u.c.rest("POST", `/api/signing/tasks/${t.id}/resign`, { certificate_id: cert2 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await resigned(u, t.id, cert2);
    expect((await servedBy(t.manifestUrl)).signer).toBe(cn(n2));
    await waitFor(async () => ((await incidentOf(cert1))?.status === "completed" ? true : null), 30_000).catch(
      async (e) => {
        console.log(
          JSON.stringify(await server.services.db.query(`SELECT * FROM resign_items WHERE task_id = $1`, [t.id])),
          JSON.stringify(await incidentOf(cert1)),
        );
        throw e;
      },
    );
    // Nothing more to do: a second call is refused.
    expect((await u.c.rest("POST", `/api/signing/tasks/${t.id}/resign`, { certificate_id: cert2 })).body.code).toBe(
      "RESIGN_NOT_NEEDED",
    );
  }, 300_000);

  it("a mall certificate within its warranty: the re-issue comes first (over the backup), once delivered", async () => {
    const u = await makeUser();
    const [w1, w2, bk] = [
      await leaf("warra", "WARRA Co"),
      await leaf("warrb", "WARRB Co"),
      await leaf("warrc", "WARRC Co"),
    ];
    const bought = await uploadLeaf(scene, server.url, u.token, w1);
    const backup = await uploadLeaf(scene, server.url, u.token, bk);
    expect((await u.c.rest("PUT", `/api/certificates/${backup}/auto-resign`, { enabled: true })).status).toBe(200);
    // The certificate was bought in the mall (a delivered order with 30 days of warranty left; fulfilled by hand).
    const [order] = await server.services.db.query(
      `INSERT INTO mall_orders (order_no, kind, user_id, udid, snapshot, source, amount_fen, status, certificate_id, warranty_until, expires_at, paid_at, delivered_at)
       VALUES ('M' || $1, 'purchase', $2, '00008030-000000000000002E', $3, 'manual', 100, 'delivered', $4, now() + interval '30 days', now() + interval '300 days', now(), now())
       RETURNING id, order_no`,
      [
        Date.now(),
        u.id,
        JSON.stringify({
          packageName: "质保证书",
          packageKind: "stable",
          planName: "一年",
          durationDays: 365,
          warrantyDays: 30,
          priceFen: 100,
          deviceType: "iphone",
        }),
        bought,
      ],
    );
    await server.services.db.query(`UPDATE certificates SET mall_order_id = $1 WHERE id = $2`, [order.id, bought]);
    const t = await signed(u, bought, "com.gryx.resign.warranty");

    await scene.pki.revoke(w1, "keyCompromise");
    expect((await u.c.rest("POST", `/api/certificates/check-status`, { id: bought })).body.data.status).toBe("revoked");
    // The mall opens the free re-issue; the re-sign waits for it rather than taking the backup.
    const reissue = await waitFor(async () => {
      const [w] = await server.services.db.query(
        `SELECT id, status FROM mall_orders WHERE parent_order_id = $1 AND kind = 'warranty'`,
        [order.id],
      );
      return w?.status === "waiting" ? w : null;
    });
    const item = await waitFor(async () => {
      const [i] = await server.services.db.query(`SELECT status FROM resign_items WHERE task_id = $1`, [t.id]);
      return i?.status === "waiting" ? i : null;
    });
    expect(item.status).toBe("waiting");
    const delivered = await postForm(
      `${server.url}/api/admin/cert-tasks/${reissue.id}/deliver`,
      adminToken,
      { p12: readFileSync(w2.p12Path), mobileprovision: await scene.profileFor(w2) },
      { password: TEST_PKI_PASSWORD },
    );
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const [newCert] = await server.services.db.query(`SELECT id FROM certificates WHERE mall_order_id = $1`, [
      reissue.id,
    ]);
    await resigned(u, t.id, newCert.id);
    expect((await servedBy(t.manifestUrl)).signer).toBe(cn(w2));
  }, 300_000);
});
