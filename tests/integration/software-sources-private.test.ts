import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { altstoreDoc, manyApps, SourceFixtureServer } from "../support/source-fixtures";

// A deployment as it runs by default: SOURCES_ALLOW_PRIVATE unset, so only the admin's switch can open the site's own
// network, and only for sources an admin adds.
type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let fixtures: SourceFixtureServer;
let adminC: ReturnType<typeof client>;
let userC: ReturnType<typeof client>;

beforeAll(async () => {
  fixtures = await new SourceFixtureServer().start();
  server = await startInProcess({ TRUST_PROXY: "1" });
  adminC = client(server.url);
  await adminC.login("admin", server.adminPassword);
  userC = client(server.url);
  expect(
    (await userC.rest("POST", "/api/auth/register", { username: "private_src_user", password: "secret1" })).status,
  ).toBe(200);
  await userC.login("private_src_user", "secret1");
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
  await fixtures?.close();
});

describe("the admin's switch for private addresses (允许内网地址)", () => {
  it("is off by default; on, an admin's source on this machine is added and fetched; users' sources stay refused; off again, the fetch is refused", async () => {
    const url = fixtures.json("/lan.json", altstoreDoc("内网源", manyApps(3, "Lan App", "com.lan")));
    const count = async () =>
      (await server.services.db.query(`SELECT count(*)::int AS n FROM software_sources`))[0].n as number;
    expect((await adminC.rest("GET", "/api/admin/software-sources/settings")).body.data).toEqual({
      allow_private: false,
    });
    const refused = await adminC.rest("POST", "/api/admin/software-sources", { name: "内网源", url });
    expect([refused.status, refused.body.code]).toEqual([400, "SOURCE_ADDRESS_BLOCKED"]);
    expect(await count()).toBe(0);

    // Only an admin may turn it on; a value that is not a boolean is refused.
    expect((await userC.rest("PUT", "/api/admin/software-sources/settings", { allow_private: true })).status).toBe(403);
    expect((await adminC.rest("PUT", "/api/admin/software-sources/settings", { allow_private: "yes" })).body.code).toBe(
      "SOFTWARE_SOURCE_FIELD_INVALID",
    );
    expect(
      (await adminC.rest("PUT", "/api/admin/software-sources/settings", { allow_private: true })).body.data,
    ).toEqual({ allow_private: true });

    const added = await adminC.rest("POST", "/api/admin/software-sources", { name: "内网源", url });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.data.id as number;
    // Adding it queued its fetch; the apps arrive.
    const total = async () =>
      (await adminC.rest("GET", `/api/software-sources/${id}/apps?page=1&limit=10`)).body.data.total;
    await expect.poll(total).toBe(3);

    // A user's private source never reaches the site's network.
    const mine = await userC.rest("POST", "/api/software-sources", { name: "我的内网源", url });
    expect(mine.body.code).toBe("SOURCE_ADDRESS_BLOCKED");

    // Switched off again: the next fetch is refused before connecting and the last good copy stays.
    await adminC.rest("PUT", "/api/admin/software-sources/settings", { allow_private: false });
    const hits = fixtures.hits("/lan.json").length;
    expect(await server.services.softwareSources.fetchSource(id)).toEqual({
      outcome: "failed",
      errorCode: "SOURCE_ADDRESS_BLOCKED",
    });
    expect(fixtures.hits("/lan.json").length).toBe(hits);
    expect(await total()).toBe(3);
  });
});

describe("a user's import of a site source's app (POST /api/signing/import-source-app)", () => {
  it("never reaches this machine, even while 允许内网地址 lets the admin's source itself be fetched; nor via a redirect to 169.254.169.254", async () => {
    const ipaHits = () => fixtures.hits("/lan-ipa/app.ipa").length + fixtures.hits("/lan-ipa/redirect.ipa").length;
    fixtures.route("/lan-ipa/app.ipa", (_q, r) =>
      r.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.alloc(64)),
    );
    fixtures.route("/lan-ipa/redirect.ipa", (_q, r) =>
      r.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/iam/security-credentials/" }).end(),
    );
    const url = fixtures.json("/lan-apps.json", {
      name: "内网应用源",
      identifier: "com.fixture.lanapps",
      apps: [
        {
          name: "本机应用",
          bundleIdentifier: "com.lan.local",
          version: "1.0",
          downloadURL: `${fixtures.url}/lan-ipa/app.ipa`,
          iconURL: `${fixtures.url}/i.png`,
        },
        {
          name: "跳转应用",
          bundleIdentifier: "com.lan.redirect",
          version: "1.0",
          downloadURL: `${fixtures.url}/lan-ipa/redirect.ipa`,
          iconURL: `${fixtures.url}/i.png`,
        },
      ],
    });
    await adminC.rest("PUT", "/api/admin/software-sources/settings", { allow_private: true });
    try {
      const added = await adminC.rest("POST", "/api/admin/software-sources", { name: "内网应用源", url });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const apps = async () =>
        (await userC.rest("GET", `/api/software-sources/${added.body.data.id}/apps?page=1&limit=10`)).body.data
          .items as { id: number; name: string }[];
      await expect.poll(async () => (await apps()).length).toBe(2);
      const before = ipaHits();
      for (const app of await apps()) {
        const r = await userC.rest("POST", "/api/signing/import-source-app", { source_app_id: app.id });
        expect([r.status, r.body.code], app.name).toEqual([400, "SOURCE_ADDRESS_BLOCKED"]);
        expect(JSON.stringify(r.body)).not.toContain("169.254");
      }
      expect(ipaHits()).toBe(before);
    } finally {
      await adminC.rest("PUT", "/api/admin/software-sources/settings", { allow_private: false });
    }
  });
});
