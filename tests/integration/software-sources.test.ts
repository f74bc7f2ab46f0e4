import { afterAll, beforeAll, describe, expect, it } from "vitest";
import os from "node:os";
import { parseSource } from "../../server/src/modules/software-sources/parse";
import { SoftwareSourcesService } from "../../server/src/modules/software-sources/software-sources.service";
import { client, startInProcess } from "../support/inprocess";
import { readFileSync } from "node:fs";
import { createAppWithPackage, DEMO_IPA_PATH } from "../support/app-package";
import { altstoreDoc, esignDoc, manyApps, scarletDoc, SourceFixtureServer } from "../support/source-fixtures";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let fixtures: SourceFixtureServer;
let admin: Client;
let guest: Client;

let userSeq = 0;
async function newUser(): Promise<Client> {
  const c = client(server.url);
  const name = `src_user_${++userSeq}`;
  const reg = await c.rest(
    "POST",
    "/api/auth/register",
    { username: name, password: "secret1" },
    { "x-forwarded-for": `10.77.0.${userSeq}` },
  );
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  await c.login(name, "secret1");
  return c;
}

/** Polls the admin view of a source until its last fetch is newer than `after` (the job ran). */
async function waitFetched(id: number, after = 0, c: Client = admin): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await c.rest("GET", `/api/admin/software-sources/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = r.body.data;
    if (s.fetches.length > after) return s;
    if (Date.now() > deadline) throw new Error(`source ${id} was not fetched: ${JSON.stringify(s)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function addSource(body: Record<string, unknown>): Promise<number> {
  const r = await admin.rest("POST", "/api/admin/software-sources", body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data.id).toBeGreaterThan(0);
  return r.body.data.id;
}

const fetchNow = (id: number) => server.services.softwareSources.fetchSource(id);
const fetchCount = async (id: number) =>
  Number(
    (await server.services.db.query(`SELECT count(*) AS n FROM software_source_fetches WHERE source_id = $1`, [id]))[0]
      .n,
  );

beforeAll(async () => {
  fixtures = await new SourceFixtureServer().start();
  server = await startInProcess({ TRUST_PROXY: "1", SOURCES_ALLOW_PRIVATE: "1", SOURCES_TIMEOUT_MS: "1500" });
  admin = client(server.url);
  guest = client(server.url);
  await admin.login("admin", server.adminPassword);
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
  await fixtures?.close();
});

describe("subscribing, fetching and browsing", () => {
  let alt: number;
  let esign: number;
  let scarlet: number;

  it("an admin adds an AltStore, an ESign and a Scarlet source by URL; the fetch job indexes each", async () => {
    const altUrl = fixtures.json("/alt.json", altstoreDoc("Alt 源", manyApps(45, "Alt App", "com.alt")));
    const esignUrl = fixtures.json(
      "/esign.json",
      esignDoc("易签源", [
        { name: "锁定应用", bundleId: "cn.lock.app", version: "2.0", locked: true },
        { name: "免费应用", bundleId: "cn.free.app", version: "1.0" },
      ]),
      { lastModified: true },
    );
    const scarletUrl = fixtures.json(
      "/scarlet.json",
      scarletDoc("Scarlet 源", manyApps(6, "Scarlet App", "com.scarlet")),
      { lastModified: true },
    );
    alt = await addSource({ name: "Alt 源", url: altUrl, refresh_minutes: 30 });
    esign = await addSource({ name: "易签源", url: esignUrl });
    scarlet = await addSource({ name: "Scarlet 源", url: scarletUrl });

    const a = await waitFetched(alt);
    expect(a).toMatchObject({
      status: "ok",
      format: "altstore",
      app_count: 45,
      last_error_code: null,
      refresh_minutes: 30,
      icon_url: "https://fixture.example/icon.png",
      description: "Alt 源 的应用",
    });
    expect(a.fetches[0]).toMatchObject({ outcome: "updated", http_status: 200, app_count: 45 });
    expect(a.news[0]).toMatchObject({ title: "上新" });
    const e = await waitFetched(esign);
    expect(e).toMatchObject({
      status: "ok",
      format: "esign",
      app_count: 2,
      pay_url: "https://fixture.example/pay",
      unlock_url: "https://fixture.example/unlock",
    });
    const s = await waitFetched(scarlet);
    expect(s).toMatchObject({ status: "ok", format: "scarlet", app_count: 6 });
  });

  it("guests list the enabled sources and page through a source's apps in the document's order", async () => {
    const list = await guest.rest("GET", "/api/software-sources");
    expect(list.status).toBe(200);
    const ids = list.body.data.map((s: any) => s.id);
    expect(ids).toEqual(expect.arrayContaining([alt, esign, scarlet]));
    expect(list.body.data.find((s: any) => s.id === alt)).toMatchObject({
      app_count: 45,
      name: "Alt 源",
      private: false,
    });

    const p1 = await guest.rest("GET", `/api/software-sources/${alt}/apps?page=1&limit=20`);
    expect(p1.status).toBe(200);
    expect(p1.body.data.total).toBe(45);
    expect(p1.body.data.items).toHaveLength(20);
    expect(p1.body.data.items[0]).toMatchObject({
      name: "Alt App 1",
      bundle_id: "com.alt.app1",
      size: 1_000_000,
      download_url: "https://fixture.example/ipa/0.ipa",
    });
    expect(p1.body.data.items[0].version_date).toBe("2024-05-01T00:00:00.000Z");
    // The legacy flat entry: "3.5 MB" and unix seconds as a string.
    expect(p1.body.data.items[2]).toMatchObject({
      name: "Alt App 3",
      size: Math.round(3.5 * 1024 * 1024),
      version_date: new Date((1714521600 + 2 * 86400) * 1000).toISOString(),
    });
    const p3 = await guest.rest("GET", `/api/software-sources/${alt}/apps?page=3&limit=20`);
    expect(p3.body.data.items.map((a: any) => a.name)).toEqual([
      "Alt App 41",
      "Alt App 42",
      "Alt App 43",
      "Alt App 44",
      "Alt App 45",
    ]);

    const esignApps = await guest.rest("GET", `/api/software-sources/${esign}/apps`);
    const locked = esignApps.body.data.items.find((a: any) => a.name === "锁定应用");
    expect(locked).toMatchObject({
      locked: true,
      pay_url: "https://fixture.example/pay",
      unlock_url: "https://fixture.example/unlock",
      size: 2_000_000,
    });
    expect(esignApps.body.data.items.find((a: any) => a.name === "免费应用")).toMatchObject({
      locked: false,
      pay_url: "",
      unlock_url: "",
    });

    const one = await guest.rest("GET", `/api/software-sources/apps/${locked.id}`);
    expect(one.body.data).toMatchObject({ name: "锁定应用", source_name: "易签源" });
  });

  it("searches across sources by name and by bundle id", async () => {
    const byName = await guest.rest("GET", `/api/software-sources/search?q=${encodeURIComponent("App 4")}`);
    expect(byName.status).toBe(200);
    // Alt App 4, 40..45, and Scarlet App 4 from another source.
    expect(byName.body.data.total).toBe(8);
    expect(byName.body.data.items.map((a: any) => a.name).sort()).toEqual([
      "Alt App 4",
      "Alt App 40",
      "Alt App 41",
      "Alt App 42",
      "Alt App 43",
      "Alt App 44",
      "Alt App 45",
      "Scarlet App 4",
    ]);
    const byBundle = await guest.rest("GET", "/api/software-sources/search?q=com.scarlet.app2");
    expect(byBundle.body.data.items.map((a: any) => [a.name, a.source_id])).toEqual([["Scarlet App 2", scarlet]]);
    const both = await guest.rest("GET", "/api/software-sources/search?q=app1&limit=100");
    const sources = new Set(both.body.data.items.map((a: any) => a.source_id));
    expect(sources).toEqual(new Set([alt, scarlet]));
    // Exact bundle id first.
    const exact = await guest.rest("GET", "/api/software-sources/search?q=com.alt.app1");
    expect(exact.body.data.items[0].bundle_id).toBe("com.alt.app1");
    expect((await guest.rest("GET", "/api/software-sources/search?q=")).body.data.total).toBe(0);
  });

  it("refetches conditionally: ETag and Last-Modified are sent back and a 304 keeps everything", async () => {
    const before = await fetchCount(alt);
    expect(await fetchNow(alt)).toEqual({ outcome: "unchanged" });
    expect(fixtures.hits("/alt.json").at(-1)!.ifNoneMatch).toMatch(/^"/);
    expect(await fetchNow(scarlet)).toEqual({ outcome: "unchanged" });
    expect(fixtures.hits("/scarlet.json").at(-1)!.ifModifiedSince).toMatch(/GMT$/);
    expect(await fetchCount(alt)).toBe(before + 1);
    const a = await waitFetched(alt, before);
    expect(a.fetches[0]).toMatchObject({ outcome: "unchanged", http_status: 304 });
    expect(a.app_count).toBe(45);
  });

  it("a changed document replaces the apps", async () => {
    fixtures.json("/alt.json", altstoreDoc("Alt 源", manyApps(50, "Alt App", "com.alt")));
    expect(await fetchNow(alt)).toEqual({ outcome: "updated", apps: 50 });
    const p = await guest.rest("GET", `/api/software-sources/${alt}/apps?limit=1`);
    expect(p.body.data.total).toBe(50);
  });

  it("two fetches of one source at once: one runs, the other is skipped; the apps are not doubled", async () => {
    // A slow server, so the three runs overlap.
    const body = JSON.stringify(altstoreDoc("Alt 源", manyApps(60, "Alt App", "com.alt")));
    fixtures.route(
      "/alt.json",
      (_q, res) => void setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(body), 400),
    );
    const before = await fetchCount(alt);
    const results = await Promise.all([fetchNow(alt), fetchNow(alt), fetchNow(alt)]);
    expect(results.filter((r) => r.outcome === "updated")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "skipped")).toHaveLength(2);
    expect(await fetchCount(alt)).toBe(before + 1);
    const [{ n }] = await server.services.db.query(
      `SELECT count(*)::int AS n FROM software_source_apps WHERE source_id = $1`,
      [alt],
    );
    expect(n).toBe(60);
  });

  it("the refresh button enqueues a fetch, at most once a minute", async () => {
    fixtures.json(
      "/esign.json",
      esignDoc("易签源", [{ name: "锁定应用", bundleId: "cn.lock.app", version: "2.1", locked: true }]),
      { lastModified: true },
    );
    const before = await fetchCount(esign);
    // Its last fetch was a minute ago.
    await server.services.db.query(
      `UPDATE software_sources SET last_fetch_at = now() - interval '61 seconds' WHERE id = $1`,
      [esign],
    );
    const r = await admin.rest("POST", `/api/admin/software-sources/${esign}/refresh`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const e = await waitFetched(esign, before);
    expect(e.fetches[0]).toMatchObject({ outcome: "updated", app_count: 1 });
    const again = await admin.rest("POST", `/api/admin/software-sources/${esign}/refresh`);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("SOFTWARE_SOURCE_REFRESH_TOO_SOON");
  });
});

describe("GraphQL and the schedule", () => {
  it("pages and searches over GraphQL (a null filter is no filter)", async () => {
    const [src] = (await guest.rest("GET", "/api/software-sources")).body.data.filter((s: any) => s.name === "Alt 源");
    const r = await guest.gql(
      `query($id: ID!) { softwareSourceApps(sourceId: $id, page: 2, pageSize: 25, q: null) { total items { name size versionDate locked } }
                         searchSoftwareSourceApps(q: "com.scarlet.app3") { total items { name sourceName } } }`,
      { id: String(src.id) },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.softwareSourceApps.total).toBe(60);
    expect(r.body.data.softwareSourceApps.items[0].name).toBe("Alt App 26");
    expect(r.body.data.searchSoftwareSourceApps.items).toEqual([{ name: "Scarlet App 3", sourceName: "Scarlet 源" }]);
    const other = await guest.gql(`{ softwareSourceApps(sourceId: "999999") { total } }`);
    expect(other.body.errors?.[0]?.extensions?.code).toBe("SOFTWARE_SOURCE_NOT_FOUND");
  });

  it("sources.refresh-due enqueues a fetch for each enabled URL source whose interval has passed, and only those", async () => {
    const url = fixtures.json("/due.json", altstoreDoc("到期", manyApps(3, "Due", "com.due")));
    const id = await addSource({ name: "到期的源", url, refresh_minutes: 5 });
    await waitFetched(id);
    const disabled = await addSource({
      name: "停用的源",
      url: fixtures.json("/off.json", altstoreDoc("停用", manyApps(1))),
    });
    await waitFetched(disabled);
    await admin.rest("PUT", `/api/admin/software-sources/${disabled}`, { enabled: false });
    const dueIds = async () =>
      (
        await server.services.db.query(
          `SELECT id FROM software_sources WHERE enabled AND url IS NOT NULL AND next_fetch_at <= now()`,
        )
      ).map((r: any) => r.id);
    // Nothing is due right after a fetch: the next one is refresh_minutes later.
    expect(await dueIds()).not.toContain(id);
    expect(
      (
        await server.services.db.query(
          `SELECT round(extract(epoch FROM next_fetch_at - last_fetch_at))::int AS s FROM software_sources WHERE id = $1`,
          [id],
        )
      )[0].s,
    ).toBe(300);
    // Five minutes pass for both.
    await server.services.db.query(
      `UPDATE software_sources SET next_fetch_at = now() - interval '1 second' WHERE id = ANY($1::int[])`,
      [[id, disabled]],
    );
    expect(await dueIds()).toContain(id);
    const before = await fetchCount(id);
    const r = await server.services.softwareSources.refreshDue();
    expect(r.enqueued).toBeGreaterThanOrEqual(1);
    // Safe to run twice: what the first sweep enqueued is not enqueued again.
    expect(await server.services.softwareSources.refreshDue()).toEqual({ enqueued: 0 });
    await waitFetched(id, before);
    expect(await fetchCount(id)).toBe(before + 1);
    expect(await fetchCount(disabled)).toBe(1);
    expect(await dueIds()).not.toContain(id);
  });
});

describe("bad sources: a recorded, readable failure, and the previous good copy stays", () => {
  let id: number;
  const path = "/bad.json";

  beforeAll(async () => {
    const url = fixtures.json(path, altstoreDoc("好源", manyApps(5, "Good", "com.good")));
    id = await addSource({ name: "会坏的源", url });
    expect((await waitFetched(id)).app_count).toBe(5);
  });

  async function failsWith(code: string, messagePart: RegExp) {
    const r = await fetchNow(id);
    expect(r).toEqual({ outcome: "failed", errorCode: code });
    const s = (await admin.rest("GET", `/api/admin/software-sources/${id}`)).body.data;
    expect(s).toMatchObject({ status: "failed", last_error_code: code, app_count: 5 });
    expect(s.last_error).toMatch(messagePart);
    expect(s.fetches[0]).toMatchObject({ outcome: "failed", error_code: code });
    const apps = await guest.rest("GET", `/api/software-sources/${id}/apps`);
    expect(apps.body.data.items.map((a: any) => a.name)).toEqual(["Good 1", "Good 2", "Good 3", "Good 4", "Good 5"]);
  }

  it("not JSON", async () => {
    fixtures.json(path, "<html>维护中</html>");
    await failsWith("SOURCE_NOT_JSON", /JSON/);
  });

  it("50 MB", async () => {
    fixtures.route(path, (_q, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let n = 0;
      const pump = () => {
        while (n < 50 && !res.destroyed) {
          n++;
          if (!res.write(chunk)) return res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    await failsWith("SOURCE_TOO_LARGE", /MB/);
  });

  it("redirects forever", async () => {
    fixtures.route(path, (_q, res) => res.writeHead(302, { location: path }).end());
    await failsWith("SOURCE_TOO_MANY_REDIRECTS", /重定向/);
  });

  it("100,000 apps", async () => {
    const apps = Array.from({ length: 100_000 }, (_, i) => ({ name: `a${i}` }));
    fixtures.json(path, { name: "huge", apps });
    await failsWith("SOURCE_TOO_MANY_APPS", /100000/);
  });

  it("fields of the wrong types at the top", async () => {
    fixtures.json(path, { name: 5, apps: { not: "a list" } });
    await failsWith("SOURCE_FORMAT_UNKNOWN", /apps/);
  });

  it("a server that does not answer in time, and an error status", async () => {
    fixtures.route(path, () => undefined);
    await failsWith("SOURCE_TIMEOUT", /超时/);
    fixtures.route(path, (_q, res) => res.writeHead(503).end());
    await failsWith("SOURCE_HTTP_STATUS", /503/);
  });

  it("an address that resolves to this machine, without SOURCES_ALLOW_PRIVATE: refused before connecting, recorded", async () => {
    // The same domain as a deployment runs it (private addresses not allowed), on this test's database.
    const svc = server.services;
    const strict = new SoftwareSourcesService(svc.db, svc.jobs, svc.rateCounter, {
      ...svc.config.sources,
      allowPrivate: false,
    });
    // The source's host now names this machine (resolved by DNS when fetched).
    const port = new URL(fixtures.url).port;
    await svc.db.query(`UPDATE software_sources SET url = $2 WHERE id = $1`, [
      id,
      `http://${os.hostname()}:${port}${path}`,
    ]);
    fixtures.json(path, altstoreDoc("不应被读取", manyApps(1)));
    const hits = fixtures.hits(path).length;
    expect(await strict.fetchSource(id)).toEqual({ outcome: "failed", errorCode: "SOURCE_ADDRESS_BLOCKED" });
    expect(fixtures.hits(path).length).toBe(hits);
    const s = (await admin.rest("GET", `/api/admin/software-sources/${id}`)).body.data;
    expect(s).toMatchObject({ status: "failed", last_error_code: "SOURCE_ADDRESS_BLOCKED", app_count: 5 });
    expect(s.last_error).toMatch(/内网或本机/);
    // Adding one by an address literal is refused at once and stores nothing.
    const before = (await svc.db.query(`SELECT count(*)::int AS n FROM software_sources`))[0].n;
    for (const url of [
      "http://127.0.0.1/a.json",
      "http://[::1]/a.json",
      "http://169.254.169.254/latest",
      "http://10.0.0.8/s.json",
      "http://localhost:8080/s.json",
    ])
      await expect(strict.create({ name: "内网", url }, null)).rejects.toMatchObject({
        code: "SOURCE_ADDRESS_BLOCKED",
      });
    expect((await svc.db.query(`SELECT count(*)::int AS n FROM software_sources`))[0].n).toBe(before);
    await svc.db.query(`UPDATE software_sources SET url = $2 WHERE id = $1`, [id, fixtures.url + path]);
  });

  it("wrong-typed app fields are read where possible and reported as warnings on a good fetch", async () => {
    fixtures.json(path, {
      name: "杂乱",
      apps: [
        { name: "Good 1", bundleIdentifier: 7, size: "huge", versionDate: "soon", versions: 3 },
        { name: 9 },
        { nope: true },
      ],
    });
    expect(await fetchNow(id)).toEqual({ outcome: "updated", apps: 2 });
    const s = (await admin.rest("GET", `/api/admin/software-sources/${id}`)).body.data;
    expect(s).toMatchObject({ status: "ok", last_error_code: null, app_count: 2 });
    expect(s.warnings.join("\n")).toMatch(/apps\[0\]\.size: 无法识别的大小/);
    expect(s.fetches[0].warning_count).toBeGreaterThanOrEqual(4);
  });
});

describe("uploading a document", () => {
  it("parses `content` at once; unreadable content is refused and stores nothing", async () => {
    const count = async () =>
      Number((await server.services.db.query(`SELECT count(*) AS n FROM software_sources`))[0].n);
    const before = await count();
    const bad = await admin.rest("POST", "/api/admin/software-sources", { name: "坏内容", content: "{nope" });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("SOURCE_NOT_JSON");
    const neither = await admin.rest("POST", "/api/admin/software-sources", { name: "空" });
    expect(neither.body.code).toBe("SOFTWARE_SOURCE_INPUT_REQUIRED");
    const blocked = await admin.rest("POST", "/api/admin/software-sources", { name: "x", url: "file:///etc/passwd" });
    expect(blocked.body.code).toBe("SOURCE_URL_INVALID");
    expect(await count()).toBe(before);

    // Larger than the API's usual 100 kB body limit: the admin's upload path takes it.
    const doc = JSON.stringify(esignDoc("上传源", manyApps(1500, "上传应用", "cn.upload")));
    expect(doc.length).toBeGreaterThan(200_000);
    const id = await addSource({ name: "上传源", content: doc });
    const s = (await admin.rest("GET", `/api/admin/software-sources/${id}`)).body.data;
    expect(s).toMatchObject({ url: null, format: "esign", app_count: 1500, status: "ok" });
    expect((await admin.rest("POST", `/api/admin/software-sources/${id}/refresh`)).body.code).toBe(
      "SOFTWARE_SOURCE_NO_URL",
    );
    // A guest's large body on the same path is still refused before it is read.
    const guestBig = await guest.rest("POST", "/api/admin/software-sources", { name: "x", content: doc });
    expect(guestBig.status).toBe(413);
  });

  it("edits, disables and deletes; a disabled source is hidden from guests", async () => {
    const id = await addSource({ name: "可编辑", content: JSON.stringify(altstoreDoc("E", manyApps(2))) });
    const upd = await admin.rest("PUT", `/api/admin/software-sources/${id}`, {
      name: "改名了",
      enabled: false,
      sort_order: 5,
      icon_url: "https://img.example/i.png",
      refresh_minutes: 1,
    });
    expect(upd.body.code).toBe("SOFTWARE_SOURCE_FIELD_INVALID");
    const ok = await admin.rest("PUT", `/api/admin/software-sources/${id}`, {
      name: "改名了",
      enabled: false,
      sort_order: 5,
      icon_url: "https://img.example/i.png",
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({
      name: "改名了",
      enabled: false,
      sort_order: 5,
      icon_url: "https://img.example/i.png",
    });
    expect((await guest.rest("GET", `/api/software-sources/${id}/apps`)).status).toBe(404);
    expect((await guest.rest("GET", "/api/software-sources")).body.data.map((s: any) => s.id)).not.toContain(id);
    expect((await admin.rest("DELETE", `/api/admin/software-sources/${id}`)).status).toBe(200);
    expect((await admin.rest("GET", `/api/admin/software-sources/${id}`)).status).toBe(404);
  });

  it("admin routes need the admin role", async () => {
    const user = await newUser();
    expect((await guest.rest("GET", "/api/admin/software-sources")).status).toBe(401);
    expect((await user.rest("GET", "/api/admin/software-sources")).status).toBe(403);
    expect(
      (await user.rest("POST", "/api/admin/software-sources", { name: "x", url: "https://example.com/a.json" })).status,
    ).toBe(403);
  });
});

describe("a user's private sources", () => {
  it("are visible to their owner only (another user gets 404), searchable by the owner, and limited to 10", async () => {
    const owner = await newUser();
    const other = await newUser();
    const url = fixtures.json(
      "/private.json",
      altstoreDoc("私有", [{ name: "秘密应用", bundleId: "me.secret.app", version: "1" }]),
    );
    const r = await owner.rest("POST", "/api/software-sources", { name: "我的源", url });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.id;
    expect(r.body.data.private).toBe(true);
    // The owner sees it (and its apps) once fetched.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const s = await owner.rest("GET", `/api/software-sources/${id}`);
      if (s.body.data?.status === "ok") break;
      if (Date.now() > deadline) throw new Error("private source not fetched");
      await new Promise((res) => setTimeout(res, 100));
    }
    expect((await owner.rest("GET", "/api/software-sources")).body.data.map((s: any) => s.id)).toContain(id);
    expect((await owner.rest("GET", "/api/software-sources/search?q=me.secret")).body.data.total).toBe(1);

    expect((await other.rest("GET", "/api/software-sources")).body.data.map((s: any) => s.id)).not.toContain(id);
    expect((await other.rest("GET", `/api/software-sources/${id}/apps`)).status).toBe(404);
    expect((await other.rest("GET", "/api/software-sources/search?q=me.secret")).body.data.total).toBe(0);
    expect((await guest.rest("GET", `/api/software-sources/${id}`)).status).toBe(404);
    expect((await other.rest("DELETE", `/api/software-sources/${id}`)).status).toBe(404);
    expect((await admin.rest("GET", `/api/admin/software-sources/${id}`)).status).toBe(404);
    expect((await guest.rest("POST", "/api/software-sources", { name: "x", url })).status).toBe(401);

    const dup = await owner.rest("POST", "/api/software-sources", { name: "again", url });
    expect(dup.body.code).toBe("SOFTWARE_SOURCE_DUPLICATE");
    expect((await owner.rest("POST", "/api/software-sources", { name: "内容", url: "" })).body.code).toBe(
      "SOFTWARE_SOURCE_INPUT_REQUIRED",
    );
    for (let i = 2; i <= 10; i++)
      expect(
        (await owner.rest("POST", "/api/software-sources", { name: `源${i}`, url: `${fixtures.url}/p${i}.json` }))
          .status,
      ).toBe(200);
    const eleventh = await owner.rest("POST", "/api/software-sources", {
      name: "第11个",
      url: `${fixtures.url}/p11.json`,
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe("SOFTWARE_SOURCE_LIMIT");

    // A private source lists at most 5,000 apps (a site source up to SOURCES_MAX_APPS).
    fixtures.json("/private.json", altstoreDoc("私有", manyApps(5001, "多", "me.many")));
    expect(await server.services.softwareSources.fetchSource(id)).toEqual({
      outcome: "failed",
      errorCode: "SOURCE_TOO_MANY_APPS",
    });
    expect((await owner.rest("GET", `/api/software-sources/${id}`)).body.data).toMatchObject({
      app_count: 1,
      status: "failed",
    });

    expect((await owner.rest("DELETE", `/api/software-sources/${id}`)).status).toBe(200);
    expect((await owner.rest("GET", `/api/software-sources/${id}`)).status).toBe(404);
  });

  it("a user adds at most 20 sources an hour, even when deleting them again", async () => {
    const u = await newUser();
    for (let i = 1; i <= 20; i++) {
      const r = await u.rest("POST", "/api/software-sources", {
        name: `轮换${i}`,
        url: `${fixtures.url}/rot${i}.json`,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await u.rest("DELETE", `/api/software-sources/${r.body.data.id}`)).status).toBe(200);
    }
    const over = await u.rest("POST", "/api/software-sources", { name: "第21个", url: `${fixtures.url}/rot21.json` });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("RATE_LIMITED");
    expect((await u.rest("GET", "/api/software-sources")).body.data.filter((s: any) => s.private)).toEqual([]);
  });
});

describe("publishing our catalogue", () => {
  it("serves /sources/altstore.json and /sources/esign.json that our own parser reads back; the admin picks the categories", async () => {
    const cat1 = Number(
      (await admin.rest("POST", "/api/app-types", { name: "feed-tools", display_name: "工具" })).body.data.id,
    );
    const cat2 = Number(
      (await admin.rest("POST", "/api/app-types", { name: "feed-games", display_name: "游戏" })).body.data.id,
    );
    // Apps with a package (only those are offered for installing); the size is the IPA's.
    const adminToken = (await admin.login("admin", server.adminPassword)).token;
    const ipaSize = readFileSync(DEMO_IPA_PATH).length;
    const freeId = await createAppWithPackage(server.url, adminToken, {
      name: "发布的免费应用",
      version: "1.2.3",
      bundle_id: "site.free.app",
      category_id: cat1,
      description: "免费",
    });
    await createAppWithPackage(server.url, adminToken, {
      name: "发布的付费游戏",
      version: "2.0",
      bundle_id: "site.paid.game",
      category_id: cat2,
      price: 6,
    });

    const altRes = await fetch(`${server.url}/sources/altstore.json`);
    expect(altRes.status).toBe(200);
    expect(altRes.headers.get("content-type")).toMatch(/application\/json/);
    const altText = await altRes.text();
    const alt = parseSource(altText, { maxApps: 10000 }, `${server.url}/sources/altstore.json`);
    expect(alt.format).toBe("altstore");
    expect(alt.sourceUrl).toBe(`${server.url}/sources/altstore.json`);
    const a = alt.apps.find((x) => x.bundleId === "site.free.app")!;
    expect(a).toMatchObject({ name: "发布的免费应用", version: "1.2.3", sizeBytes: ipaSize, category: "utilities" });
    expect(a.downloadUrl).toMatch(new RegExp(`^${server.url}/sources/ipa/${freeId}/`));
    expect(a.versionDate).toBeInstanceOf(Date);
    expect(alt.warnings).toEqual([]);

    const es = parseSource(await (await fetch(`${server.url}/sources/esign.json`)).text(), { maxApps: 10000 });
    expect(es.format).toBe("esign");
    expect(es.apps.find((x) => x.bundleId === "site.paid.game")).toMatchObject({
      locked: true,
      version: "2.0",
      sizeBytes: ipaSize,
      category: "",
    });
    expect(es.apps.find((x) => x.bundleId === "site.free.app")).toMatchObject({ locked: false });
    expect(es.warnings).toEqual([]);

    // Only the chosen categories.
    const set = await admin.rest("PUT", "/api/admin/software-sources/feed", { category_ids: [cat2] });
    expect(set.body.data.category_ids).toEqual([cat2]);
    expect((await admin.rest("PUT", "/api/admin/software-sources/feed", { category_ids: [999999] })).body.code).toBe(
      "SOFTWARE_SOURCE_FIELD_INVALID",
    );
    // (the paid game is left out of AltStore, which cannot sell it: the ESign feed carries it locked)
    const filtered = parseSource(await (await fetch(`${server.url}/sources/esign.json`)).text(), { maxApps: 10000 });
    expect(filtered.apps.map((x) => x.bundleId)).toEqual(["site.paid.game"]);
    expect(
      parseSource(await (await fetch(`${server.url}/sources/altstore.json`)).text(), { maxApps: 10000 }).apps,
    ).toEqual([]);

    // And the site's own feed subscribed as a source.
    await admin.rest("PUT", "/api/admin/software-sources/feed", { category_ids: [] });
    const id = await addSource({ name: "本站", url: `${server.url}/sources/esign.json` });
    const s = await waitFetched(id);
    expect(s).toMatchObject({ status: "ok", format: "esign" });
    expect(s.app_count).toBeGreaterThanOrEqual(2);
  });
});
