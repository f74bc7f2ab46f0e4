import { privateFile } from "../support/stored-files";
import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLE_ROOT_PEMS } from "@gryx/apple/apple-certs";
import { inspectIpa } from "@gryx/apple/ipa-info";
import { signIpa, verifyIpa } from "../../worker/src/signing";
import { DEMO_ROOT_PEM, readDemoApps, readDemoCertificate } from "../../server/src/db/demo/demo-assets";
import { client, startInProcess } from "../support/inprocess";

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let work: string;

const ADMIN_CERTS = `query($scope: String) { adminCertificates(scope: $scope, page: 1, pageSize: 50) { total items { id scope name commonName teamId certType profileName profileType appId allDevices demo expiresAt status } } }`;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "gryx-demo-sign-"));
  // Like the default run outside production: the catalogue and the demo certificate. No APPLE_EXTRA_ROOTS here:
  // the seed trusts the demo root for its own certificate.
  server = await startInProcess({ SEED_DEMO: "1", DEMO_CERTIFICATE: "1" });
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the demo certificate and the signable demo apps of the default run", () => {
  it("signs the UDID profile in the demo run (the demo identity, until an admin configures their own)", async () => {
    const res = await fetch(`${server.url}/api/udid/profile`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-profile-signed")).toBe("1");
    const status = await server.services.devices.signingIdentity();
    expect(status).toMatchObject({ configured: true });
    expect(status.commonName).toContain("演示证书");
  });

  it("stores the demo certificate once, as a platform certificate marked demo and labelled 演示证书, its secrets sealed", async () => {
    const admin = client(server.url);
    await admin.login("admin", server.adminPassword);
    const r = await admin.gql(ADMIN_CERTS, { scope: "platform" });
    expect(r.body.errors).toBeUndefined();
    const demo = r.body.data.adminCertificates.items.filter((c: { demo: boolean }) => c.demo);
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({
      scope: "platform",
      name: "演示证书",
      commonName: "iPhone Distribution: 演示证书 (GRYXDEMO01)",
      teamId: "GRYXDEMO01",
      certType: "enterprise",
      profileType: "enterprise",
      appId: "GRYXDEMO01.*",
      allDevices: true,
    });
    expect(demo[0].profileName).toContain("演示证书");
    // Long-lived: good for well over ten years from now.
    expect(new Date(demo[0].expiresAt).getTime()).toBeGreaterThan(Date.now() + 10 * 365 * 86_400_000);

    const files = readDemoCertificate();
    const [row] = await server.services.db.query(
      `SELECT p12_sealed, password_sealed, secrets_key_id FROM certificates WHERE demo`,
    );
    expect(row.p12_sealed).not.toContain(files.p12.toString("base64").slice(0, 40));
    expect(row.password_sealed).not.toContain(files.password);
    expect(row.secrets_key_id).toBe(server.services.config.secrets.currentId);

    // A second start (or a second server) adds nothing.
    const again = await server.services.certificates.seedDemo(files);
    expect(again?.id).toBe(Number(demo[0].id));
    const [{ n }] = await server.services.db.query(`SELECT count(*)::int AS n FROM certificates WHERE demo`);
    expect(n).toBe(1);
    // The users' lists and the platform list of a filter on users never show it as someone's.
    const users = await admin.gql(ADMIN_CERTS, { scope: "user" });
    expect(users.body.data.adminCertificates.items.some((c: { demo: boolean }) => c.demo)).toBe(false);

    // Outside production every user is offered it.
    const u = client(server.url);
    expect((await u.rest("POST", "/api/auth/register", { username: "demo_offer", password: "secret1" })).status).toBe(
      200,
    );
    await u.login("demo_offer", "secret1");
    const offered = await u.gql(`{ signableCertificates { id kind name usable } }`);
    expect(offered.body.data.signableCertificates).toEqual([
      { id: demo[0].id, kind: "demo", name: "演示证书", usable: true },
    ]);
  });

  it("gives 3–4 free catalogue apps a real IPA whose name, bundle id and version the app row repeats", async () => {
    const manifest = readDemoApps();
    expect(manifest.length).toBeGreaterThanOrEqual(3);
    expect(manifest.length).toBeLessThanOrEqual(4);
    const rows: {
      id: number;
      name: string;
      bundle_id: string;
      version: string;
      price: number;
      ipa_key: string;
      size: string;
      category: string;
    }[] = await server.services.db.query(
      `SELECT a.id, a.name, a.bundle_id, a.version, a.price, a.ipa_key, a.size::text, c.name AS category
         FROM apps a JOIN categories c ON c.id = a.category_id WHERE a.ipa_key IS NOT NULL AND a.bundle_id = ANY($1) ORDER BY a.id`,
      [manifest.map((a) => a.bundleId)],
    );
    expect(rows.map((r) => r.bundle_id).sort()).toEqual(manifest.map((a) => a.bundleId).sort());
    for (const row of rows) {
      expect(row.price).toBe(0);
      expect(row.category).toBe("默认");
      const file = privateFile(server.services, row.ipa_key);
      const info = await inspectIpa(file);
      expect({ name: row.name, bundleId: row.bundle_id, version: row.version, size: Number(row.size) }).toEqual({
        name: info.name,
        bundleId: info.bundleId,
        version: info.version,
        size: info.size,
      });
      expect(info.icon?.width).toBeGreaterThanOrEqual(120);
      expect(readFileSync(file).length).toBeLessThan(200 * 1024);
    }

    // A new user may use them (free), and the home page lists them first.
    const c = client(server.url);
    expect((await c.rest("POST", "/api/auth/register", { username: "demo_newbie", password: "secret1" })).status).toBe(
      200,
    );
    await c.login("demo_newbie", "secret1");
    for (const row of rows) {
      const s = await c.rest("GET", `/api/settings/purchase-status/${row.id}?kind=app`);
      expect(s.status).toBe(200);
      expect(s.body.data).toMatchObject({ isFree: true, purchased: true });
    }
    const home = await c.gql(`{ catalog(defaultCategory: true, page: 1, pageSize: ${rows.length}) { items { id } } }`);
    expect(home.body.errors).toBeUndefined();
    expect(home.body.data.catalog.items.map((i: { id: string }) => Number(i.id)).sort()).toEqual(
      rows.map((r) => r.id).sort(),
    );
  });

  it("signs every demo app with the stored demo certificate; the result verifies against the demo root, and only against it", async () => {
    const [{ id }] = await server.services.db.query(`SELECT id FROM certificates WHERE demo`);
    const bundle = await server.services.certificates.bundleOf(null, id, "platform");
    const demoRoot = readFileSync(DEMO_ROOT_PEM, "utf8");
    // Every committed demo app, and one of the catalogue's generated packages (demo-packages.ts).
    const committed = readDemoApps().map((a) => a.bundleId);
    const apps: { name: string; bundle_id: string; ipa_key: string }[] = await server.services.db.query(
      `SELECT name, bundle_id, ipa_key FROM apps WHERE bundle_id = ANY($1) OR id = (SELECT min(id) FROM apps WHERE bundle_id <> ALL($1))`,
      [committed],
    );
    expect(apps.length).toBe(committed.length + 1);
    for (const app of apps) {
      const out = path.join(work, `${app.bundle_id}.ipa`);
      const signed = await signIpa({
        ipaPath: privateFile(server.services, app.ipa_key),
        p12: bundle.p12,
        password: bundle.password,
        profile: bundle.profile,
        outPath: out,
        displayName: `${app.name}·签`,
      });
      expect(signed).toMatchObject({
        bundleId: app.bundle_id,
        teamId: "GRYXDEMO01",
        certificateCommonName: "iPhone Distribution: 演示证书 (GRYXDEMO01)",
        profileType: "enterprise",
      });
      const v = await verifyIpa(out, { trustedRoots: [demoRoot] });
      expect(v.problems).toEqual([]);
      expect(v.ok).toBe(true);
      expect(v.signerCommonName).toBe("iPhone Distribution: 演示证书 (GRYXDEMO01)");
      expect((await inspectIpa(out)).name).toBe(`${app.name}·签`);
      const untrusted = await verifyIpa(out, { trustedRoots: [...APPLE_ROOT_PEMS] });
      expect(untrusted.ok).toBe(false);
    }
  });
});

describe("production mode", () => {
  let prod: Server;
  beforeAll(async () => {
    prod = await startInProcess({ SEED_DEMO: "1", NODE_ENV: "production", PUBLIC_URL: "https://ios.example.test" });
  }, 120_000);
  afterAll(async () => prod?.stopAll());

  it("seeds the catalogue and its demo apps but no demo certificate", async () => {
    expect(prod.services.config.offerDemoCertificate).toBe(false);
    const [counts] = await prod.services.db.query(
      `SELECT (SELECT count(*) FROM certificates WHERE demo)::int AS demo, (SELECT count(*) FROM apps WHERE ipa_key IS NULL)::int AS without, (SELECT count(*) FROM apps WHERE bundle_id = ANY($1))::int AS committed`,
      [readDemoApps().map((a) => a.bundleId)],
    );
    expect(counts).toEqual({ demo: 0, without: 0, committed: readDemoApps().length });
  });

  it("never offers a demo certificate left in the database by an earlier demo run", async () => {
    await prod.services.certificates.seedDemo(readDemoCertificate());
    const c = client(prod.url);
    expect((await c.rest("POST", "/api/auth/register", { username: "prod_user", password: "secret1" })).status).toBe(
      200,
    );
    await c.login("prod_user", "secret1");
    const r = await c.gql(`{ signableCertificates { id kind } }`);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.signableCertificates).toEqual([]);
    const [app] = await prod.services.db.query(`SELECT id FROM apps WHERE ipa_key IS NOT NULL LIMIT 1`);
    const [{ id: demoId }] = await prod.services.db.query(`SELECT id FROM certificates WHERE demo`);
    const refused = await c.gql(
      `mutation($input: CreateSigningTaskInput!) { createSigningTask(input: $input) { id } }`,
      { input: { certificateId: String(demoId), appId: String(app.id) } },
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("SIGN_CERT_NOT_FOUND");
  });
});
