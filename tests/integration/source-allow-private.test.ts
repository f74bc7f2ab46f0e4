import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { altstoreDoc, manyApps, SourceFixtureServer } from "../support/source-fixtures";
import { pollUntil } from "../support/wait";

/**
 * 允许内网地址 per software source: a deployment that allows no private addresses (SOURCES_ALLOW_PRIVATE unset) lets
 * an admin open one site source to a source server on this machine, enforced by the one outbound guard
 * (@gryx/platform/outbound's guardedFetch) when the source is added and each time it is fetched; other sources, users'
 * sources and the same source with its switch off stay refused. The admin's switch for all site sources still opens
 * every one.
 */
let server: Awaited<ReturnType<typeof startInProcess>>;
let fixtures: SourceFixtureServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  fixtures = await new SourceFixtureServer().start();
  server = await startInProcess({ SOURCES_ALLOW_PRIVATE: "0", SOURCES_TIMEOUT_MS: "5000" });
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
  await fixtures?.close();
});

const source = async (id: number) => (await admin.rest("GET", `/api/admin/software-sources/${id}`)).body.data;

/** Fetched by its job (the servers run it at once) or here, whichever comes first: its row once it is ok. */
const fetched = (id: number) =>
  pollUntil(async () => {
    const s = await source(id);
    if (s.status === "ok") return s;
    await server.services.softwareSources.fetchSource(id);
    return null;
  }, 30_000);

describe("允许内网地址 per software source", () => {
  it("off (the default): a loopback source is refused when added and when fetched", async () => {
    const url = fixtures.json("/off.json", altstoreDoc("关闭", manyApps(2)));
    const add = await admin.rest("POST", "/api/admin/software-sources", { name: "本机源", url });
    expect(add.status).toBe(400);
    expect(add.body.code).toBe("SOURCE_ADDRESS_BLOCKED");
    expect(fixtures.hits("/off.json")).toHaveLength(0);
  });

  it("on for one source: it is added, fetched and indexed; switched off again, its next fetch is refused and recorded", async () => {
    const url = fixtures.json("/on.json", altstoreDoc("本机源", manyApps(3)));
    const add = await admin.rest("POST", "/api/admin/software-sources", {
      name: "本机源",
      url,
      allow_private: true,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data).toMatchObject({ allow_private: true });
    const id = add.body.data.id as number;
    expect(await fetched(id)).toMatchObject({ status: "ok", app_count: 3, allow_private: true });
    // Not shown to users: the setting is the back office's.
    const listed = (await client(server.url).rest("GET", "/api/software-sources")).body.data;
    expect(listed.find((s: { id: number }) => s.id === id)).not.toHaveProperty("allow_private");

    // Another site source on the same machine, without the switch: still refused.
    const other = await admin.rest("POST", "/api/admin/software-sources", {
      name: "另一个本机源",
      url: fixtures.json("/other.json", altstoreDoc("另一个", manyApps(1))),
    });
    expect(other.body.code).toBe("SOURCE_ADDRESS_BLOCKED");

    // Switched off: the guard refuses before connecting, and the source says why.
    const off = await admin.gql(
      `mutation($id: ID!) { adminUpdateSoftwareSource(id: $id, input: { allowPrivate: false }) { allowPrivate } }`,
      { id: String(id) },
    );
    expect(off.body.data.adminUpdateSoftwareSource).toEqual({ allowPrivate: false });
    const hits = fixtures.hits("/on.json").length;
    await server.services.db.query(`UPDATE software_sources SET etag = NULL, content_sha256 = NULL WHERE id = $1`, [
      id,
    ]);
    expect(await server.services.softwareSources.fetchSource(id)).toEqual({
      outcome: "failed",
      errorCode: "SOURCE_ADDRESS_BLOCKED",
    });
    expect(fixtures.hits("/on.json").length).toBe(hits);
    const s = await source(id);
    expect(s).toMatchObject({ status: "failed", last_error_code: "SOURCE_ADDRESS_BLOCKED", app_count: 3 });
    expect(s.last_error).toMatch(/内网或本机/);
  });

  it("redirects are checked again: an allowed source may not hop to a link-local address", async () => {
    const url = fixtures.route("/hop.json", (_q, res) =>
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end(),
    );
    const add = await admin.rest("POST", "/api/admin/software-sources", { name: "跳转", url, allow_private: true });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    // Fetched by its job or here: refused at the hop, recorded on the source.
    const id = add.body.data.id as number;
    const s = await pollUntil(async () => {
      const row = await source(id);
      if (row.status === "failed") return row;
      await server.services.softwareSources.fetchSource(id);
      return null;
    }, 30_000);
    expect(s.last_error_code).toBe("SOURCE_ADDRESS_BLOCKED");
  });

  it("users can neither set it nor reach private addresses; a wrong type is refused", async () => {
    const u = client(server.url);
    expect((await u.rest("POST", "/api/auth/register", { username: "src_private", password: "secret1" })).status).toBe(
      200,
    );
    await u.login("src_private", "secret1");
    const url = fixtures.json("/user.json", altstoreDoc("用户", manyApps(1)));
    const mine = await u.rest("POST", "/api/software-sources", { name: "我的", url, allow_private: true });
    expect(mine.body.code).toBe("SOURCE_ADDRESS_BLOCKED");
    // An admin cannot give a user's source the switch either: the back office edits site sources only, and the
    // database refuses it too.
    const [{ id: userSourceId }] = await server.services.db.query(
      `INSERT INTO software_sources (owner_id, name, url) SELECT id, 'u', 'https://example.com/u.json' FROM users WHERE username = 'src_private' RETURNING id`,
    );
    const put = await admin.rest("PUT", `/api/admin/software-sources/${userSourceId}`, { allow_private: true });
    expect(put.status).toBe(404);
    await expect(
      server.services.db.query(`UPDATE software_sources SET allow_private = true WHERE id = $1`, [userSourceId]),
    ).rejects.toThrow(/software_sources_private_site_only/);
    const bad = await admin.rest("POST", "/api/admin/software-sources", {
      name: "坏",
      url: "https://example.com/x.json",
      allow_private: "yes",
    });
    expect(bad.body.code).toBe("SOFTWARE_SOURCE_FIELD_INVALID");
  });

  it("the admin's switch for all site sources opens one without its own switch (and closing it closes it again)", async () => {
    const url = fixtures.json("/all.json", altstoreDoc("全部", manyApps(2)));
    expect((await admin.rest("PUT", "/api/admin/software-sources/settings", { allow_private: true })).status).toBe(200);
    try {
      const add = await admin.rest("POST", "/api/admin/software-sources", { name: "全部允许", url });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      expect(add.body.data.allow_private).toBe(false);
      const id = add.body.data.id as number;
      await fetched(id);
      expect((await source(id)).app_count).toBe(2);
      await admin.rest("PUT", "/api/admin/software-sources/settings", { allow_private: false });
      await server.services.db.query(`UPDATE software_sources SET etag = NULL, content_sha256 = NULL WHERE id = $1`, [
        id,
      ]);
      expect(await server.services.softwareSources.fetchSource(id)).toMatchObject({
        errorCode: "SOURCE_ADDRESS_BLOCKED",
      });
    } finally {
      await admin.rest("PUT", "/api/admin/software-sources/settings", { allow_private: false });
    }
  });
});
