import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseSource } from "../../server/src/modules/software-sources/parse";
import { createAppWithPackage, DEMO_IPA_PATH } from "../support/app-package";
import { client, startInProcess } from "../support/inprocess";
import { pollUntil } from "../support/wait";
import { isClientDate, validateAltStoreSource, validateEsignSource } from "../support/feed-validator";

/**
 * The published feeds as the clients they are for read them: the demo catalogue's feeds pass the AltStore/SideStore
 * and ESign decoding rules (also with no site logo and an app without an icon), free apps download from their direct
 * IPA link (counted, revocable), paid apps stay out of AltStore and unlock in ESign exactly as ESign calls it.
 */
type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;
// A UDID of the newer shape and one of the older, as ESign sends them.
const UDID = "00008030-001A35E03C12802E";
const UDID_OLD = "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678";

const getJson = async (p: string) => {
  const r = await fetch(server.url + p);
  expect(r.status, p).toBe(200);
  return { body: (await r.json()) as any, headers: r.headers };
};

/** An app created by the admin with the demo IPA attached (so it has a package). */
const appWithPackage = (fields: Record<string, unknown>) => createAppWithPackage(server.url, adminToken, fields);

let adminToken = "";
let userSeq = 0;
async function newUser(): Promise<{ c: Client; id: number }> {
  const c = client(server.url);
  const name = `feed_user_${++userSeq}`;
  const reg = await c.rest(
    "POST",
    "/api/auth/register",
    { username: name, password: "secret1" },
    { "x-forwarded-for": `10.78.0.${userSeq}` },
  );
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  await c.login(name, "secret1");
  return { c, id: reg.body.data.user.id };
}

beforeAll(async () => {
  server = await startInProcess({ SEED_DEMO: "1", TRUST_PROXY: "1" });
  admin = client(server.url);
  adminToken = (await admin.login("admin", server.adminPassword)).token;
}, 180_000);
afterAll(async () => {
  await server?.stopAll();
});

describe("feeds a real client loads", () => {
  it("the demo catalogue's AltStore and ESign feeds pass the clients' decoding rules, with no site logo", async () => {
    const site = await admin.rest("GET", "/api/settings/site");
    expect(site.body.data.siteLogo ?? site.body.data.site_logo ?? "").toBe("");
    const { body: alt } = await getJson("/sources/altstore.json");
    expect(validateAltStoreSource(alt)).toEqual([]);
    // No logo: a generated icon that is a real PNG.
    expect(alt.iconURL).toBe(`${server.url}/sources/icon.png`);
    const icon = await fetch(alt.iconURL);
    expect(icon.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await icon.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");

    // Exactly the free apps that have a package, each with its own developer, version date and size.
    const rows: any[] = await server.services.db.query(
      `SELECT id, bundle_id, developer, version_date, size, price, ipa_key FROM apps WHERE is_active ORDER BY sort_order, id DESC`,
    );
    const installable = rows.filter((r) => r.price === 0 && r.ipa_key);
    expect(installable.length).toBeGreaterThan(0);
    expect(alt.apps.map((a: any) => a.bundleIdentifier)).toEqual(installable.map((r) => r.bundle_id));
    for (const a of alt.apps) {
      const row = installable.find((r) => r.bundle_id === a.bundleIdentifier);
      expect(a.developerName).toBe(row.developer);
      expect(row.developer).not.toBe("");
      expect(a.versions[0].size).toBe(Number(row.size));
      expect(new Date(a.versions[0].date).getTime()).toBe(
        Math.floor(new Date(row.version_date).getTime() / 1000) * 1000,
      );
      expect(a.versions[0].downloadURL).toMatch(
        new RegExp(`^${server.url}/sources/ipa/\\d+/0\\.[A-Za-z0-9_-]{43}\\.ipa$`),
      );
    }
    // Paid apps and apps without a package are never offered.
    const paid = rows.filter((r) => r.price > 0).map((r) => r.bundle_id);
    expect(alt.apps.filter((a: any) => paid.includes(a.bundleIdentifier))).toEqual([]);

    const { body: es } = await getJson("/sources/esign.json");
    expect(validateEsignSource(es)).toEqual([]);
    expect(es.sourceicon).toBe(`${server.url}/sources/icon.png`);
    expect(es.unlockURL).toBe(`${server.url}/sources/esign/unlock`);
    // Our own parser labels and reads both back without a warning.
    expect(parseSource(JSON.stringify(alt), { maxApps: 10000 })).toMatchObject({ format: "altstore", warnings: [] });
    expect(parseSource(JSON.stringify(es), { maxApps: 10000 })).toMatchObject({ format: "esign", warnings: [] });
  });

  it("an app without an icon gets the default icon (a real image), and the feeds still pass", async () => {
    const id = await appWithPackage({
      name: "无图标应用",
      bundle_id: "site.noicon.app",
      developer: "无图标工作室",
      description: "",
    });
    // The IPA's icon was filled in: clear it.
    const cleared = await admin.rest("PUT", `/api/apps/${id}`, { icon: "" });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const { body: alt } = await getJson("/sources/altstore.json");
    expect(validateAltStoreSource(alt)).toEqual([]);
    const app = alt.apps.find((a: any) => a.bundleIdentifier === "site.noicon.app");
    expect(app.iconURL).toBe(`${server.url}/uploads/default-app-icon.png`);
    expect(app.developerName).toBe("无图标工作室");
    expect(app.localizedDescription).toBe("无图标应用");
    expect((await fetch(app.iconURL)).status).toBe(200);
    const { body: es } = await getJson("/sources/esign.json");
    expect(validateEsignSource(es)).toEqual([]);
  });

  it("the validator catches what real clients reject (so its passing means something)", () => {
    const good = {
      name: "s",
      identifier: "x",
      apps: [
        {
          name: "a",
          bundleIdentifier: "b",
          developerName: "d",
          localizedDescription: "",
          iconURL: "https://e.example/i.png",
          versions: [{ version: "1", date: "2026-11-27T06:05:44Z", size: 1, downloadURL: "https://e.example/a.ipa" }],
        },
      ],
    };
    expect(validateAltStoreSource(good)).toEqual([]);
    const bad = structuredClone(good) as any;
    bad.iconURL = "";
    bad.apps[0].versions[0].date = "2026-11-27T06:05:44.600Z";
    bad.apps[0].iconURL = "/uploads/x.png";
    bad.apps[0].category = "工具";
    bad.apps.push({ ...good.apps[0] });
    expect(validateAltStoreSource(bad)).toEqual([
      expect.stringMatching(/^\$\.iconURL/),
      expect.stringMatching(/^apps\[0\]\.iconURL/),
      expect.stringMatching(/^apps\[0\]\.category/),
      expect.stringMatching(/^apps\[0\]\.versions\[0\]\.date/),
      expect.stringMatching(/^apps\[1\]\.bundleIdentifier: 重复/),
    ]);
    expect(isClientDate("2026-11-27")).toBe(true);
    expect(isClientDate("2026-11-27T06:05:44")).toBe(false);
    expect(
      validateEsignSource({
        name: "s",
        identifier: "x",
        message: "",
        sourceURL: "https://e.example/s",
        sourceicon: "",
        apps: [
          {
            name: "a",
            version: "1",
            versionDate: "2024-01-01",
            versionDescription: "",
            type: "游戏",
            lock: "1",
            downloadURL: "/app/1",
            isLanZouCloud: "0",
            iconURL: "https://e.example/i.png",
            tintColor: "018084",
            size: "12",
          },
        ],
      }),
    ).toEqual([
      expect.stringMatching(/^\$\.sourceicon/),
      expect.stringMatching(/^\$\.payURL/),
      expect.stringMatching(/^\$\.unlockURL/),
      expect.stringMatching(/^apps\[0\]\.type/),
      expect.stringMatching(/^apps\[0\]\.downloadURL/),
    ]);
  });
});

describe("installable downloads", () => {
  it("a free app's downloadURL is its IPA: counted per whole download (HEAD and broken ranges are not), revocable by the admin", async () => {
    const id = await appWithPackage({ name: "直链应用", bundle_id: "site.direct.app", developer: "直链工作室" });
    const ipa = readFileSync(DEMO_IPA_PATH);
    const { body: alt } = await getJson("/sources/altstore.json");
    const url: string = alt.apps.find((a: any) => a.bundleIdentifier === "site.direct.app").downloadURL;
    const counts = async () =>
      (await server.services.db.query(`SELECT download_count, download_bytes FROM apps WHERE id = $1`, [id]))[0];
    // The count is written when the response has ended on the server's side: wait for it.
    const countsReach = (count: number, bytes: number) =>
      pollUntil(async () => {
        const c = await counts();
        return c.download_count === count && c.download_bytes === String(bytes) && c;
      });

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(ipa.length));
    expect(await counts()).toMatchObject({ download_count: 0, download_bytes: "0" });

    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/octet-stream");
    expect(Buffer.from(await got.arrayBuffer()).equals(ipa)).toBe(true);
    await countsReach(1, ipa.length);

    // A download resumed in two ranges counts once, when its last byte goes out.
    const first = await fetch(url, { headers: { range: "bytes=0-999" } });
    expect(first.status).toBe(206);
    expect((await first.arrayBuffer()).byteLength).toBe(1000);
    await countsReach(1, ipa.length + 1000);
    const rest = await fetch(url, { headers: { range: "bytes=1000-" } });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([ipa.subarray(0, 1000), Buffer.from(await rest.arrayBuffer())]).equals(ipa)).toBe(true);
    await countsReach(2, ipa.length * 2);
    expect((await fetch(url, { headers: { range: `bytes=${ipa.length + 10}-` } })).status).toBe(416);
    // The back office sees the counts, and edits the developer the feeds publish (GraphQL as the admin app does).
    const seen = await admin.gql(
      `mutation($id: ID!) { updateApp(id: $id, input: { developer: "  新的开发者  " }) { developer downloadCount downloadBytes } }`,
      { id: String(id) },
    );
    expect(seen.body.data.updateApp).toEqual({
      developer: "新的开发者",
      downloadCount: 2,
      downloadBytes: ipa.length * 2,
    });
    expect(
      (await getJson("/sources/altstore.json")).body.apps.find((a: any) => a.bundleIdentifier === "site.direct.app")
        .developerName,
    ).toBe("新的开发者");
    const tooLong = await admin.gql(
      `mutation($id: ID!) { updateApp(id: $id, input: { developer: "${"长".repeat(101)}" }) { developer } }`,
      { id: String(id) },
    );
    expect(tooLong.body.errors?.[0].message).toMatch(/开发者/);

    // A forged or another app's token is refused.
    expect((await fetch(url.replace(/\/sources\/ipa\/\d+\//, `/sources/ipa/${id + 1}/`))).status).toBe(404);
    expect((await fetch(url.replace(/0\.[A-Za-z0-9_-]{43}/, "0." + "A".repeat(43)))).status).toBe(404);

    // 重置下载链接: the old link stops, the feed carries a new one that works.
    const reset = await admin.rest("POST", "/api/admin/software-sources/feed/reset-links");
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const old = await fetch(url);
    expect(old.status).toBe(404);
    expect(((await old.json()) as any).code).toBe("SOURCE_LINK_INVALID");
    const fresh: string = (await getJson("/sources/altstore.json")).body.apps.find(
      (a: any) => a.bundleIdentifier === "site.direct.app",
    ).downloadURL;
    expect(fresh).not.toBe(url);
    expect((await fetch(fresh)).status).toBe(200);

    // Switched off, or made paid: the free link no longer opens it.
    await admin.rest("PUT", `/api/apps/${id}`, { price: 3 });
    expect((await fetch(fresh)).status).toBe(404);
    expect(
      (await getJson("/sources/altstore.json")).body.apps.some((a: any) => a.bundleIdentifier === "site.direct.app"),
    ).toBe(false);
  });

  it("an app without a package is never advertised as installable", async () => {
    const r = await admin.rest("POST", "/api/apps", { name: "无安装包", bundle_id: "site.nopkg.app", size: 1000 });
    expect(r.status).toBe(200);
    expect(
      (await getJson("/sources/altstore.json")).body.apps.some((a: any) => a.bundleIdentifier === "site.nopkg.app"),
    ).toBe(false);
    expect((await getJson("/sources/esign.json")).body.apps.some((a: any) => a.identifier === "site.nopkg.app")).toBe(
      false,
    );
  });
});

describe("ESign unlock, as ESign calls it", () => {
  it("GET unlockURL?udid=&code= binds the device to the code's account; the feed asked with that UDID opens the paid apps it bought", async () => {
    const id = await appWithPackage({
      name: "付费解锁应用",
      bundle_id: "site.paid.unlock",
      developer: "付费工作室",
      price: 6,
    });
    const { c: user, id: userId } = await newUser();

    // Locked for everyone: payURL is the app's buy page, downloadURL that page too, unlockURL ours.
    let es = (await getJson("/sources/esign.json")).body;
    let app = es.apps.find((a: any) => a.identifier === "site.paid.unlock");
    expect(app).toMatchObject({
      lock: "1",
      payURL: `${server.url}/app/${id}`,
      downloadURL: `${server.url}/app/${id}`,
      unlockURL: `${server.url}/sources/esign/unlock`,
    });

    // The user's code, from the site (software sources page).
    const mine = await user.rest("GET", "/api/software-sources/esign-unlock");
    expect(mine.status).toBe(200);
    const code: string = mine.body.data.code;
    expect(code).toMatch(new RegExp(`^${userId}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$`));
    expect(mine.body.data.devices).toEqual([]);

    // Wrong code, no UDID: refused with a message ESign shows (always JSON, HTTP 200).
    const wrong = await fetch(`${es.unlockURL}?udid=${UDID}&code=${userId}-AAAA-AAAA-AAAA`);
    expect(wrong.status).toBe(200);
    expect(await wrong.json()).toMatchObject({ code: 0, success: false, msg: expect.stringMatching(/解锁码无效/) });
    expect(await (await fetch(`${es.unlockURL}?code=${code}`)).json()).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/UDID/),
    });

    // ESign's call: GET {unlockURL}?udid={UDID}&code={code} (the code pasted as is, lower case and spaces tolerated).
    const ok = await fetch(
      `${es.unlockURL}?udid=${UDID.toLowerCase()}&code=${encodeURIComponent(code.toLowerCase().replace(/-/g, " ").replace(" ", "-"))}`,
    );
    expect(await ok.json()).toMatchObject({ code: 1, success: true, msg: expect.stringMatching(/解锁成功/) });
    expect((await user.rest("GET", "/api/software-sources/esign-unlock")).body.data.devices).toEqual([
      { udid: UDID, unlocked_at: expect.any(String) },
    ]);

    // Not bought yet: still locked for that device.
    es = (await getJson(`/sources/esign.json?udid=${UDID}`)).body;
    expect(es.apps.find((a: any) => a.identifier === "site.paid.unlock").lock).toBe("1");

    // The user buys it on the site (wallet), ESign refreshes the source with the UDID: open, with a download of its own.
    expect(
      (await admin.rest("POST", `/api/admin/users/${userId}/wallet/adjust`, { amount: 10, reason: "测试充值" })).status,
    ).toBe(200);
    const pay = await user.rest("POST", "/api/users/wallet/pay", { kind: "app", id });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const perDevice = await fetch(`${server.url}/sources/esign.json?udid=${UDID}`);
    expect(perDevice.headers.get("cache-control")).toBe("private, no-store");
    es = (await perDevice.json()) as any;
    expect(validateEsignSource(es)).toEqual([]);
    app = es.apps.find((a: any) => a.identifier === "site.paid.unlock");
    expect(app.lock).toBe("0");
    expect(app.downloadURL).toMatch(new RegExp(`/sources/ipa/${id}/${userId}\\.[A-Za-z0-9_-]{43}\\.ipa$`));
    const dl = await fetch(app.downloadURL);
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(readFileSync(DEMO_IPA_PATH))).toBe(true);

    // Another device, and the public feed, still see it locked; the user's link stops when the purchase goes.
    expect(
      (await getJson(`/sources/esign.json?udid=${UDID_OLD}`)).body.apps.find(
        (a: any) => a.identifier === "site.paid.unlock",
      ).lock,
    ).toBe("1");
    expect(
      (await getJson(`/sources/esign.json`)).body.apps.find((a: any) => a.identifier === "site.paid.unlock").lock,
    ).toBe("1");
    await server.services.db.query(`DELETE FROM purchases WHERE user_id = $1 AND item_kind = 'app' AND item_id = $2`, [
      userId,
      id,
    ]);
    expect((await fetch(app.downloadURL)).status).toBe(404);

    // A form POST with the same fields is read too.
    const posted = await fetch(es.unlockURL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `udid=${UDID_OLD}&code=${encodeURIComponent(code)}`,
    });
    expect(await posted.json()).toMatchObject({ code: 1 });
  });

  it("unlock attempts are limited per device", async () => {
    const udid = "00008110-000A1B2C3D4E5F60";
    let last: any;
    for (let i = 0; i < 11; i++)
      last = await (await fetch(`${server.url}/sources/esign/unlock?udid=${udid}&code=1-WRONG-CODE-XXXX`)).json();
    expect(last).toMatchObject({ code: 0, msg: expect.stringMatching(/尝试次数过多/) });
  });

  it("an address gets 60 per-device documents a minute, then the public one", async () => {
    const id = await appWithPackage({ name: "限次解锁应用", bundle_id: "site.paid.limit", price: 1 });
    const { c: user, id: userId } = await newUser();
    expect(
      (await admin.rest("POST", `/api/admin/users/${userId}/wallet/adjust`, { amount: 5, reason: "测试充值" })).status,
    ).toBe(200);
    expect((await user.rest("POST", "/api/users/wallet/pay", { kind: "app", id })).status).toBe(200);
    const udid = "00008120-000B2C3D4E5F6071";
    const code = (await user.rest("GET", "/api/software-sources/esign-unlock")).body.data.code;
    expect(await (await fetch(`${server.url}/sources/esign/unlock?udid=${udid}&code=${code}`)).json()).toMatchObject({
      code: 1,
    });
    const lockOf = async () => {
      const r = await fetch(`${server.url}/sources/esign.json?udid=${udid}`, {
        headers: { "x-forwarded-for": "10.79.0.1" },
      });
      return ((await r.json()) as any).apps.find((a: any) => a.identifier === "site.paid.limit").lock;
    };
    for (let i = 0; i < 60; i++) expect(await lockOf()).toBe("0");
    expect(await lockOf()).toBe("1");
  });
});
