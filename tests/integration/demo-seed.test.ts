import { privateFile } from "../support/stored-files";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { seedDemo, DEMO_APP_COUNT } from "../../server/src/db/demo/seed-demo";
import { sniffImage } from "../../server/src/common/image";
import { statSync } from "node:fs";
import { inspectIpa } from "@gryx/apple/ipa-info";
import { sniffDylibFile } from "../../server/src/modules/dylibs/dylib-file";

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;

// PostgreSQL ends a session left idle inside a transaction for 3 s here (60 s by default): the seed's transaction only
// inserts, everything slow (drawing, packing IPAs) is done before it. On a loaded machine the packing inside the
// transaction once took longer than the default, and the server did not start.
const IDLE_IN_TRANSACTION_MS = 3000;

beforeAll(async () => {
  server = await startInProcess({ SEED_DEMO: "1", DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: String(IDLE_IN_TRANSACTION_MS) });
}, 120_000);
afterAll(async () => server?.stopAll());

describe("demo catalogue of the default run", () => {
  it("seeds under a short idle-in-transaction limit", async () => {
    const [{ idle_in_transaction_session_timeout: idle }] = await server.services.db.query(
      `SHOW idle_in_transaction_session_timeout`,
    );
    expect(idle).toBe(`${IDLE_IN_TRANSACTION_MS / 1000}s`);
    const [{ apps }] = await server.services.db.query(`SELECT count(*)::int AS apps FROM apps`);
    expect(apps).toBe(DEMO_APP_COUNT);
  });

  it("fills an empty database with categories, 200+ apps, dylibs, resource shares and site content", async () => {
    const [counts] = await server.services.db.query(`
      SELECT (SELECT count(*) FROM categories)::int AS categories, (SELECT count(*) FROM apps)::int AS apps,
             (SELECT count(*) FROM dylibs)::int AS dylibs, (SELECT count(*) FROM resource_shares)::int AS resources,
             (SELECT count(*) FROM banners)::int AS banners, (SELECT count(*) FROM announcements WHERE status = 'published')::int AS announcements,
             (SELECT count(*) FROM qq_groups)::int AS groups`);
    expect(counts.apps).toBe(DEMO_APP_COUNT);
    expect(counts.apps).toBeGreaterThanOrEqual(200);
    expect(counts.categories).toBeGreaterThanOrEqual(5);
    expect(counts.dylibs).toBeGreaterThanOrEqual(10);
    expect(counts.resources).toBeGreaterThanOrEqual(10);
    expect(counts.banners).toBeGreaterThanOrEqual(3);
    expect(counts.announcements).toBeGreaterThanOrEqual(3);
    expect(counts.groups).toBeGreaterThanOrEqual(1);
  });

  it("gives every app and resource share a real IPA and every dylib a real Mach-O dylib, with varied names and texts", async () => {
    const db = server.services.db;
    const apps: {
      name: string;
      bundle_id: string;
      version: string;
      ipa_key: string | null;
      size: string;
      description: string;
    }[] = await db.query(`SELECT name, bundle_id, version, ipa_key, size, description FROM apps ORDER BY id`);
    expect(apps.filter((a) => !a.ipa_key)).toEqual([]);
    expect(new Set(apps.map((a) => a.bundle_id)).size).toBe(apps.length);
    // Descriptions are assembled from several parts: far more distinct texts than products.
    expect(new Set(apps.map((a) => a.description)).size).toBeGreaterThan(apps.length * 0.8);
    // A sample of the generated IPAs, read back as the signer and the admin upload read them.
    for (const a of [apps[10], apps[100], apps[apps.length - 1]]) {
      const info = await inspectIpa(privateFile(server.services, a.ipa_key!));
      expect({ name: info.name, bundleId: info.bundleId, version: info.version }).toEqual({
        name: a.name,
        bundleId: a.bundle_id,
        version: a.version,
      });
      expect(info.icon?.png.length).toBeGreaterThan(100);
      expect(info.size).toBe(Number(a.size));
    }
    const dylibs: { file_key: string | null; file_size: string }[] = await db.query(
      `SELECT file_key, file_size FROM dylibs`,
    );
    for (const d of dylibs) {
      expect(d.file_key).toMatch(/^dylibs\/[0-9a-f]{32}\.dylib$/);
      const file = privateFile(server.services, d.file_key!);
      expect(await sniffDylibFile(file)).toBe("dylib");
      expect(statSync(file).size).toBe(Number(d.file_size));
    }
    const shares: { file_key: string | null; bundle_id: string }[] = await db.query(
      `SELECT file_key, bundle_id FROM resource_shares`,
    );
    for (const r of shares) {
      expect(r.file_key).toMatch(/^ipas\//);
      expect((await inspectIpa(privateFile(server.services, r.file_key!))).bundleId).toBe(r.bundle_id);
    }
  });

  it("serves the home page's data with real, displayable images", async () => {
    const c = client(server.url);
    const home = await c.gql(`{
      banners { imageUrl title }
      categories { id name displayName kind }
      catalog(page: 1, pageSize: 10) { total items { name icon price isFree size } }
      siteInfo { siteName seoSubtitle }
      footer { icpNumber copyrightInfo }
    }`);
    expect(home.body.errors).toBeUndefined();
    const d = home.body.data;
    expect(d.categories.map((x: { name: string }) => x.name)).toContain("默认");
    expect(d.categories.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining(["dylib", "resource-shares"]));
    expect(d.catalog.total).toBe(DEMO_APP_COUNT);
    expect(d.catalog.items).toHaveLength(10);
    expect(d.siteInfo.siteName).toBe("果仁应用");
    expect(d.footer.icpNumber).not.toBe("");
    const images = [
      d.banners[0].imageUrl,
      ...d.catalog.items.slice(0, 3).map((a: { icon: string }) => a.icon),
      "/uploads/default-app-icon.png",
    ];
    for (const url of images) {
      const res = await fetch(server.url + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(sniffImage(Buffer.from(await res.arrayBuffer()))?.format, url).toBe("png");
    }
    expect(d.catalog.items.some((a: { isFree: boolean }) => a.isFree)).toBe(true);
    expect(d.catalog.items.every((a: { size: number }) => a.size > 0)).toBe(true);
  });

  it("lists the default category (默认) when the first visit names none, and says which one it listed", async () => {
    const c = client(server.url);
    const [featured] = await server.services.db.query(
      `SELECT id, (SELECT count(*)::int FROM apps a WHERE a.category_id = c.id) AS n FROM categories c WHERE name = '默认'`,
    );
    const r = await c.gql(
      `{ first: catalog(defaultCategory: true) { categoryId total } all: catalog { categoryId total } }`,
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.first).toEqual({ categoryId: String(featured.id), total: featured.n });
    expect(r.body.data.all).toEqual({ categoryId: null, total: DEMO_APP_COUNT });
  });

  it("delivers the category's announcement box with its list page, and an edit of it moves that list's version", async () => {
    const c = client(server.url);
    const r = await c.gql(
      `{ featured: catalog(defaultCategory: true) { notice { title content } } dylibs: catalog(categoryId: "dylib") { notice { title } } all: catalog { notice { title } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.featured.notice.title).toBe("精选推荐说明");
    expect(r.body.data.dylibs.notice.title).toBe("动态库使用须知");
    expect(r.body.data.all.notice).toBeNull();

    const before = (await c.gql(`{ contentVersions { apps dylibs announcements } }`)).body.data.contentVersions;
    await c.login("admin", server.adminPassword);
    const up = await c.gql(
      `mutation { upsertCategoryAnnouncement(categoryId: "dylib", input: { title: "新的须知", content: "内容" }) { title } }`,
    );
    expect(up.body.errors).toBeUndefined();
    const after = (
      await c.gql(`{ contentVersions { apps dylibs announcements } catalog(categoryId: "dylib") { notice { title } } }`)
    ).body.data;
    expect(Number(after.contentVersions.dylibs)).toBe(Number(before.dylibs) + 1);
    expect(Number(after.contentVersions.announcements)).toBe(Number(before.announcements) + 1);
    expect(after.contentVersions.apps).toBe(before.apps);
    expect(after.catalog.notice.title).toBe("新的须知");
  });

  it("seeds only once: a second run on a filled database changes nothing", async () => {
    const before = await server.services.db.query(`SELECT count(*)::int AS n FROM apps`);
    expect(await seedDemo(server.services.db, server.services)).toBe(false);
    const after = await server.services.db.query(`SELECT count(*)::int AS n FROM apps`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe("demo certificate mall of the default run", () => {
  it("sells believable packages, each with its plans, fulfilled by hand until an admin adds accounts", async () => {
    const r = await client(server.url).rest("GET", "/api/certificate-packages");
    expect(r.status).toBe(200);
    expect(r.body.data.map((p: { name: string }) => p.name)).toEqual([
      "共享版证书",
      "稳定版证书",
      "独立版证书（iPad）",
    ]);
    for (const p of r.body.data) {
      expect(p.source).toBe("manual");
      expect(p.plans.length).toBeGreaterThanOrEqual(1);
      for (const plan of p.plans) expect(plan.price).toBeGreaterThan(0);
    }
  });
});
