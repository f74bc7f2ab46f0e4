import { unzipSync, zipSync, type Zippable } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { postForm, trustFixtureRoot } from "../support/certificates";
import { client, startInProcess } from "../support/inprocess";
import { SourceFixtureServer } from "../support/source-fixtures";
import { FakeDevice, newUdid } from "../support/udid-device";

/**
 * Strings parsed out of uploaded or fetched formats (issue 19, item 8): NUL and other control characters, and
 * nesting deep enough to overflow a recursive walk. Each of these answered 500 (or left a source pending) before;
 * now each is refused with its code, or the control characters are taken out, before anything reaches the database.
 */
type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let fixtures: SourceFixtureServer;
let admin: ReturnType<typeof client>;
let user: ReturnType<typeof client>;
let userToken: string;

beforeAll(async () => {
  fixtures = await new SourceFixtureServer().start();
  server = await startInProcess({ ...trustFixtureRoot(), SOURCES_ALLOW_PRIVATE: "1" });
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
  user = client(server.url);
  expect(
    (await user.rest("POST", "/api/auth/register", { username: "hostile_formats", password: "secret1" })).status,
  ).toBe(200);
  userToken = (await user.login("hostile_formats", "secret1")).token;
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
  await fixtures?.close();
});

const deviceCount = async () => Number((await server.services.db.query(`SELECT count(*) AS n FROM devices`))[0].n);

describe("the UDID relay (guests can post it)", () => {
  it("refuses NUL or another control character in PRODUCT, SERIAL, IMEI or VERSION with UDID_RESPONSE_INVALID, storing nothing", async () => {
    const device = new FakeDevice();
    const before = await deviceCount();
    for (const field of ["PRODUCT", "SERIAL", "IMEI", "VERSION"]) {
      for (const ref of ["&#0;", "&#x1b;"]) {
        const profile = await fetch(`${server.url}/api/udid/profile`);
        const url = /<string>(http[^<]+\/api\/udid\/relay\/[0-9a-f]{32})<\/string>/.exec(await profile.text())![1];
        const attrs: Record<string, string> = {
          UDID: newUdid(),
          PRODUCT: "iPhone15,2",
          VERSION: "21E236",
          SERIAL: "F2LXK0ABCD12",
          IMEI: "353911111111111",
        };
        const xml = FakeDevice.plist(attrs)
          .toString("utf8")
          .replace(`<string>${attrs[field]}</string>`, `<string>${attrs[field]}${ref}x</string>`);
        const r = await FakeDevice.post(url, device.signRaw(Buffer.from(xml)));
        expect(r.status, `${field} ${ref}: ${JSON.stringify(r.json)}`).toBe(400);
        expect(r.json.code).toBe("UDID_RESPONSE_INVALID");
      }
    }
    expect(await deviceCount()).toBe(before);
  });
});

/** The fixture app with its Info.plist's CFBundleDisplayName changed to `name` (raw XML text). */
function ipaNamed(name: string): Buffer {
  const entries = unzipSync(new Uint8Array(readFixture("ipa/thin.ipa")));
  const out: Zippable = {};
  for (const [n, data] of Object.entries(entries)) {
    if (n.endsWith(".app/Info.plist")) {
      const xml = Buffer.from(data)
        .toString("utf8")
        .replace(/(<key>CFBundleDisplayName<\/key>\s*<string>)[^<]*(<\/string>)/, `$1${name}$2`);
      out[n] = new Uint8Array(Buffer.from(xml));
    } else out[n] = data;
  }
  return Buffer.from(zipSync(out));
}

describe("an IPA's Info.plist", () => {
  it("with NUL (or another control character) in its name is refused as an invalid IPA, not a 500", async () => {
    for (const name of ["Demo&#0;App", "Demo&#x7;", "Demo\u0001"]) {
      const r = await postForm(`${server.url}/api/signing/upload-ipa`, userToken, { ipa: ipaNamed(name) });
      expect(r.status, `${JSON.stringify(name)}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.code).toBe("SIGN_IPA_INVALID");
    }
    // The same app with a plain name is accepted.
    const ok = await postForm(`${server.url}/api/signing/upload-ipa`, userToken, { ipa: ipaNamed("普通名字") });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe("software sources", () => {
  it("an uploaded document with \\u0000 in its text is stored without it", async () => {
    const content = `{"name":"上传\\u0000源","apps":[{"name":"应\\u0000用","bundleIdentifier":"com.nul.app","version":"1.0","downloadURL":"https://a.example/x.ipa"}],"news":[{"title":"新\\u0000闻"}]}`;
    const r = await admin.rest("POST", "/api/admin/software-sources", { name: "NUL 源", content });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const apps = await admin.rest("GET", `/api/software-sources/${r.body.data.id}/apps`);
    expect(apps.body.data.items.map((a: { name: string }) => a.name)).toEqual(["应用"]);
  });

  it("an uploaded 10,000-deep array is refused with SOURCE_NOT_JSON", async () => {
    const r = await admin.rest("POST", "/api/admin/software-sources", {
      name: "深源",
      content: `{"name":"x","apps":[${"[".repeat(10_000)}${"]".repeat(10_000)}]}`,
    });
    expect([r.status, r.body.code]).toEqual([422, "SOURCE_NOT_JSON"]);
  });

  it("a fetched source that turns hostile records why its fetch failed (never left pending) and keeps its last good copy", async () => {
    let body = JSON.stringify({
      name: "变脸源",
      apps: [{ name: "好应用", bundleIdentifier: "com.good", version: "1.0", downloadURL: "https://a.example/g.ipa" }],
    });
    fixtures.route("/turns.json", (_q, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
    const added = await admin.rest("POST", "/api/admin/software-sources", {
      name: "变脸源",
      url: `${fixtures.url}/turns.json`,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.data.id as number;
    const source = async () => (await admin.rest("GET", `/api/admin/software-sources/${id}`)).body.data;
    await expect.poll(async () => (await source()).status).toBe("ok");

    for (const [hostile, code] of [
      ["[".repeat(10_000) + "]".repeat(10_000), "SOURCE_NOT_JSON"],
      [`{"name":"x","apps":[${"[".repeat(10_000)}${"]".repeat(10_000)}]}`, "SOURCE_NOT_JSON"],
    ] as const) {
      body = hostile;
      expect(await server.services.softwareSources.fetchSource(id)).toEqual({ outcome: "failed", errorCode: code });
      const s = await source();
      expect(s).toMatchObject({ status: "failed", last_error_code: code });
      expect(s.last_error).toMatch(/[\u4e00-\u9fa5]/);
    }
    // NUL inside a fetched document's text: fetched and stored without it.
    body = `{"name":"变\\u0000脸源","apps":[{"name":"新\\u0000应用","bundleIdentifier":"com.good","version":"2.0","downloadURL":"https://a.example/g.ipa"}]}`;
    expect((await server.services.softwareSources.fetchSource(id)).outcome).toBe("updated");
    const apps = await admin.rest("GET", `/api/software-sources/${id}/apps`);
    expect(apps.body.data.items.map((a: { name: string }) => a.name)).toEqual(["新应用"]);
  });
});
