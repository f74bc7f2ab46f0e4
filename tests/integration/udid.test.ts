import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePlist } from "@gryx/apple/plist";
import { client, startInProcess } from "../support/inprocess";
import { FakeDevice, newUdid, throwawayP12, userProfileUrl } from "../support/udid-device";
import { fixtures, trustFixtureRoot, uploadGoodCertificate } from "../support/certificates";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;
let guest: Client;
let device: FakeDevice;
const tmp = mkdtempSync(path.join(tmpdir(), "udid-int-"));

let userSeq = 0;
async function newUser(): Promise<{ c: Client; id: number; token: string; name: string }> {
  const c = client(server.url);
  const name = `udid_user_${++userSeq}`;
  // Each from its own address (the server trusts one proxy hop): registrations are limited per address.
  const reg = await c.rest(
    "POST",
    "/api/auth/register",
    { username: name, password: "secret1" },
    { "x-forwarded-for": `10.77.${userSeq >> 8}.${userSeq & 255}` },
  );
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const data = await c.login(name, "secret1");
  return { c, id: data.user.id, token: data.token, name };
}

async function getProfile(
  query: string,
): Promise<{ status: number; type: string | null; signed: string | null; body: Buffer; json: any }> {
  const res = await fetch(`${server.url}/api/udid/profile${query}`);
  const body = Buffer.from(await res.arrayBuffer());
  let json: any = null;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    json = null;
  }
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    signed: res.headers.get("x-profile-signed"),
    body,
    json,
  };
}

/** The profile's plist, read by the XML plist parser of @gryx/apple (the writer is a separate code path). */
function readPlist(xml: Buffer): any {
  expect(xml.subarray(0, 5).toString()).toBe("<?xml");
  return parsePlist(xml);
}

/** The relay URL of an unsigned profile. */
async function relayOf(query: string): Promise<string> {
  // "?token=…&front=…&callback=…": a user's capture, made as the site makes it (a session, whose link has no token).
  if (query.startsWith("?token=")) {
    const q = new URLSearchParams(query.slice(1));
    const link = new URL(
      await userProfileUrl(server.url, q.get("token")!, {
        front: q.get("front") ?? undefined,
        callback: q.get("callback") ?? undefined,
      }),
    );
    expect([...link.searchParams.keys()]).toEqual(["session"]);
    query = link.search;
  }
  const p = await getProfile(query);
  expect(p.status, p.body.toString()).toBe(200);
  return readPlist(p.body).PayloadContent.URL;
}

const attrs = (udid: string, extra: Record<string, string> = {}) => ({
  UDID: udid,
  PRODUCT: "iPhone15,2",
  VERSION: "21E236",
  SERIAL: "F2LXK0ABCD12",
  IMEI: "35 391111 111111 1",
  ...extra,
});
const challengeOf = (relayUrl: string) => relayUrl.split("/").pop()!;
const deviceCount = async () => Number((await server.services.db.query(`SELECT count(*) AS n FROM devices`))[0].n);
const sessionRow = async (id: string) =>
  (await server.services.db.query(`SELECT * FROM udid_sessions WHERE id = $1`, [id]))[0];

beforeAll(async () => {
  server = await startInProcess({ ...trustFixtureRoot(), TRUST_PROXY: "1" });
  admin = client(server.url);
  guest = client(server.url);
  await admin.login("admin", server.adminPassword);
  device = new FakeDevice();
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
});

describe("the profile", () => {
  it("is an unsigned Profile Service mobileconfig while no identity is configured, whose URL is a one-time relay", async () => {
    const p = await getProfile("");
    expect(p.status).toBe(200);
    expect(p.type).toBe("application/x-apple-aspen-config");
    expect(p.signed).toBe("0");
    const plist = readPlist(p.body);
    expect(plist.PayloadType).toBe("Profile Service");
    expect(plist.PayloadVersion).toBe(1);
    expect(plist.PayloadContent.DeviceAttributes).toEqual(
      expect.arrayContaining(["UDID", "PRODUCT", "VERSION", "SERIAL", "IMEI"]),
    );
    const m = /^http:\/\/127\.0\.0\.1:\d+\/api\/udid\/relay\/([0-9a-f]{32})$/.exec(plist.PayloadContent.URL);
    expect(m, plist.PayloadContent.URL).not.toBeNull();
    expect(plist.PayloadContent.Challenge).toBe(m![1]);
    expect(await sessionRow(m![1])).toMatchObject({ user_id: null, relayed_at: null });
    // Another download is another session.
    expect(await relayOf("")).not.toBe(plist.PayloadContent.URL);
  });

  it("is refused for a token that is not a valid login", async () => {
    const p = await getProfile("?token=not-a-token");
    expect(p.status).toBe(401);
    expect(p.json).toMatchObject({
      success: false,
      code: "UDID_TOKEN_INVALID",
      message: "登录已失效，请重新登录后获取设备信息",
    });
    // A browser that followed the link is sent to the guide, which says why.
    const nav = await fetch(`${server.url}/api/udid/profile?token=not-a-token`, {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      redirect: "manual",
    });
    expect(nav.status).toBe(302);
    expect(nav.headers.get("location")).toBe("/udid/guide?error=UDID_TOKEN_INVALID");
    // A valid login in a link is refused too: links carry a capture session's one-time id, never the login.
    const user = await client(server.url).login("admin", server.adminPassword);
    expect((await getProfile(`?token=${user.token}`)).json).toMatchObject({ code: "UDID_TOKEN_INVALID" });
  });

  it("is signed (CMS that openssl verifies) once an admin has configured a p12, and unsigned again after removing it", async () => {
    const p12 = throwawayP12("UDID Profile Signer", "pw-123");
    const wrong = await admin.rest("POST", "/api/udid/admin/signing-identity", {
      p12: p12.toString("base64"),
      password: "wrong",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "UDID_SIGNING_P12_INVALID", message: "证书密码错误" });
    expect((await admin.rest("GET", "/api/udid/admin/signing-identity")).body.data.configured).toBe(false);
    const user = await newUser();
    expect(
      (
        await user.c.rest("POST", "/api/udid/admin/signing-identity", {
          p12: p12.toString("base64"),
          password: "pw-123",
        })
      ).status,
    ).toBe(403);

    const set = await admin.rest("POST", "/api/udid/admin/signing-identity", {
      p12: p12.toString("base64"),
      password: "pw-123",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ configured: true, common_name: "UDID Profile Signer" });
    // The p12 and its password are sealed at rest.
    const [row] = await server.services.db.query(`SELECT p12_sealed, password_sealed FROM udid_signing_identity`);
    expect(row.p12_sealed).toMatch(/^v2:/);
    expect(row.password_sealed).not.toContain("pw-123");
    expect(row.p12_sealed).not.toContain(p12.toString("base64").slice(0, 40));

    const p = await getProfile("");
    expect(p.status).toBe(200);
    expect(p.type).toBe("application/x-apple-aspen-config");
    expect(p.signed).toBe("1");
    const der = path.join(tmp, "signed.mobileconfig");
    writeFileSync(der, p.body);
    const content = execFileSync("openssl", ["smime", "-verify", "-noverify", "-inform", "DER", "-in", der], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const plist = readPlist(content);
    expect(plist.PayloadType).toBe("Profile Service");
    expect(plist.PayloadContent.URL).toMatch(/\/api\/udid\/relay\/[0-9a-f]{32}$/);
    const signer = execFileSync("openssl", ["pkcs7", "-inform", "DER", "-in", der, "-print_certs"]).toString();
    expect(signer).toMatch(/subject=CN ?= ?UDID Profile Signer/);

    const cleared = await admin.rest("DELETE", "/api/udid/admin/signing-identity");
    expect(cleared.body.data.configured).toBe(false);
    expect((await getProfile("")).signed).toBe("0");
  });
});

describe("the device's POST", () => {
  it("binds the device to the token's user and answers 301 to /udid/received with back, session, device and UDID", async () => {
    const user = await newUser();
    const udid = newUdid();
    const relay = await relayOf(
      `?token=${user.token}&front=${encodeURIComponent(server.url)}&callback=${encodeURIComponent("/udid/received?back=/profile")}`,
    );
    const r = await FakeDevice.post(relay, device.sign(attrs(udid, { CHALLENGE: challengeOf(relay) })));
    expect(r.status, JSON.stringify(r.json)).toBe(301);
    const loc = new URL(r.location!);
    expect(loc.origin).toBe(server.url);
    expect(loc.pathname).toBe("/udid/received");
    expect(loc.searchParams.get("back")).toBe("/profile");
    expect(loc.searchParams.get("session")).toBe(challengeOf(relay));
    expect(loc.searchParams.get("udid")).toBe(udid);

    const latest = await user.c.rest("GET", "/api/udid/my-latest");
    expect(latest.body).toMatchObject({
      success: true,
      data: {
        udid,
        product: "iPhone15,2",
        model_name: "iPhone 14 Pro",
        version: "21E236",
        serial: "F2LXK0ABCD12",
        imei: "353911111111111",
      },
    });
    expect(latest.body.data.id).toBe(Number(loc.searchParams.get("device")));
    const mine = await user.c.rest("GET", "/api/udid/my-devices");
    expect(mine.body.data.map((d: any) => d.udid)).toEqual([udid]);
    const gql = await user.c.gql(`{ myDevices { udid modelName product } }`);
    expect(gql.body.data?.myDevices).toEqual([{ udid, modelName: "iPhone 14 Pro", product: "iPhone15,2" }]);
  });

  it("accepts the older 40-hex UDID shape (stored in lower case)", async () => {
    const user = await newUser();
    const udid = "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678";
    const relay = await relayOf(`?token=${user.token}`);
    const r = await FakeDevice.post(relay, device.sign(attrs(udid.toUpperCase(), { PRODUCT: "iPhone9,3" })));
    expect(r.status).toBe(301);
    // Without a front the Location is site-relative.
    expect(r.location).toMatch(/^\/udid\/received\?back=%2F&session=/);
    expect((await user.c.rest("GET", "/api/udid/my-latest")).body.data).toMatchObject({ udid, model_name: "iPhone 7" });
  });

  it("refuses a tampered body and stores nothing; the session still works for the real one", async () => {
    const user = await newUser();
    const udid = newUdid();
    const relay = await relayOf(`?token=${user.token}`);
    const signed = device.sign(attrs(udid));
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf(Buffer.from(udid));
    tampered[at + 12] = tampered[at + 12] === 0x41 ? 0x42 : 0x41;
    const before = await deviceCount();
    for (const body of [tampered, Buffer.from("garbage"), FakeDevice.plist(attrs(udid))]) {
      const r = await FakeDevice.post(relay, body);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({
        success: false,
        code: "UDID_SIGNATURE_INVALID",
        message: "设备返回的数据签名无效",
      });
    }
    expect(await deviceCount()).toBe(before);
    expect((await sessionRow(challengeOf(relay))).relayed_at).toBeNull();
    expect((await FakeDevice.post(relay, signed)).status).toBe(301);
  });

  it("refuses a replayed, an expired and an unknown session, storing nothing", async () => {
    const user = await newUser();
    const relay = await relayOf(`?token=${user.token}`);
    expect((await FakeDevice.post(relay, device.sign(attrs(newUdid())))).status).toBe(301);
    const before = await deviceCount();
    const replay = await FakeDevice.post(relay, device.sign(attrs(newUdid())));
    expect(replay.status).toBe(409);
    expect(replay.json).toMatchObject({ code: "UDID_SESSION_USED", message: "该会话已使用，请重新获取设备信息" });

    const relay2 = await relayOf(`?token=${user.token}`);
    await server.services.db.query(`UPDATE udid_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      challengeOf(relay2),
    ]);
    const expired = await FakeDevice.post(relay2, device.sign(attrs(newUdid())));
    expect(expired.status).toBe(410);
    expect(expired.json).toMatchObject({ code: "UDID_SESSION_EXPIRED", message: "设备信息获取会话已过期，请重新获取" });

    for (const id of ["0".repeat(32), "not-a-session"]) {
      const unknown = await FakeDevice.post(`${server.url}/api/udid/relay/${id}`, device.sign(attrs(newUdid())));
      expect(unknown.status).toBe(404);
      expect(unknown.json).toMatchObject({ code: "UDID_SESSION_NOT_FOUND", message: "设备信息获取会话不存在" });
    }
    // A plist whose challenge is another session's is not this session's answer.
    const relay3 = await relayOf(`?token=${user.token}`);
    const wrongChallenge = await FakeDevice.post(
      relay3,
      device.sign(attrs(newUdid(), { CHALLENGE: challengeOf(relay2) })),
    );
    expect(wrongChallenge.status).toBe(404);
    expect(await deviceCount()).toBe(before);
  });

  it("refuses a UDID of the wrong shape and a response without one, storing nothing", async () => {
    const user = await newUser();
    const relay = await relayOf(`?token=${user.token}`);
    const before = await deviceCount();
    for (const bad of [
      "00008120-001A35E03C12802",
      "00008120001A35E03C12802EE",
      "g1b2c3d4e5f60718293a4b5c6d7e8f9012345678",
      "12345",
      "00008120-001A35E03C12802E'; --",
    ]) {
      const r = await FakeDevice.post(relay, device.sign(attrs(bad)));
      expect(r.status, bad).toBe(400);
      expect(r.json).toMatchObject({ code: "UDID_INVALID", message: "UDID 格式无效" });
    }
    const none = await FakeDevice.post(relay, device.sign({ PRODUCT: "iPhone15,2" }));
    expect(none.status).toBe(400);
    expect(none.json.code).toBe("UDID_RESPONSE_INVALID");
    expect(await deviceCount()).toBe(before);
    expect((await sessionRow(challengeOf(relay))).relayed_at).toBeNull();
  });

  it("refuses a body over the size limit", async () => {
    const relay = await relayOf("");
    const r = await FakeDevice.post(relay, Buffer.alloc(200 * 1024, 0x30));
    expect(r.status).toBe(400);
    expect(r.json.code).toBe("UDID_RESPONSE_INVALID");
  });
});

describe("a device captured again", () => {
  it("updates its attributes but stays with its owner until the owner (or an admin) unbinds it", async () => {
    const a = await newUser();
    const b = await newUser();
    const udid = newUdid();
    expect(
      (await FakeDevice.post(await relayOf(`?token=${a.token}`), device.sign(attrs(udid, { VERSION: "21E236" }))))
        .status,
    ).toBe(301);
    const id = (await a.c.rest("GET", "/api/udid/my-latest")).body.data.id;
    // B installs a profile on A's device: refused, nothing moves, and B's session is not used up.
    const relayB = await relayOf(`?token=${b.token}`);
    const taken = await FakeDevice.post(relayB, device.sign(attrs(udid, { VERSION: "22A3354" })));
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: "UDID_DEVICE_TAKEN", message: "该设备已绑定到其他账号" });
    expect((await a.c.rest("GET", "/api/udid/my-latest")).body.data).toMatchObject({ id, udid, version: "21E236" });
    expect((await b.c.rest("GET", "/api/udid/my-devices")).body.data).toEqual([]);
    expect((await sessionRow(challengeOf(relayB))).relayed_at).toBeNull();
    // A capture by A's own profile updates the attributes.
    expect(
      (await FakeDevice.post(await relayOf(`?token=${a.token}`), device.sign(attrs(udid, { VERSION: "22A3354" }))))
        .status,
    ).toBe(301);
    expect((await a.c.rest("GET", "/api/udid/my-latest")).body.data).toMatchObject({ id, version: "22A3354" });
    // A guest capture of a bound device leaves its owner alone.
    expect((await FakeDevice.post(await relayOf(""), device.sign(attrs(udid)))).status).toBe(301);
    expect((await a.c.rest("GET", "/api/udid/my-latest")).body.data.id).toBe(id);
    // Once A unbinds it, B's capture binds it to B.
    expect((await a.c.rest("POST", `/api/udid/unbind/${id}`)).status).toBe(200);
    expect((await FakeDevice.post(relayB, device.sign(attrs(udid)))).status).toBe(301);
    expect((await b.c.rest("GET", "/api/udid/my-latest")).body.data).toMatchObject({ id, udid });
    // An admin's unbind frees it the same way.
    expect((await admin.rest("POST", `/api/udid/admin/unbind/${id}`)).status).toBe(200);
    expect((await FakeDevice.post(await relayOf(`?token=${a.token}`), device.sign(attrs(udid)))).status).toBe(301);
    expect((await a.c.rest("GET", "/api/udid/my-latest")).body.data.id).toBe(id);
    expect(
      Number((await server.services.db.query(`SELECT count(*) AS n FROM devices WHERE udid = $1`, [udid]))[0].n),
    ).toBe(1);
  });

  it("refuses a response signed by an identity Apple's iPhone Device CA did not issue (self-made), changing nothing", async () => {
    const a = await newUser();
    const b = await newUser();
    const udid = newUdid();
    expect((await FakeDevice.post(await relayOf(`?token=${a.token}`), device.sign(attrs(udid)))).status).toBe(301);
    const before = await deviceCount();
    for (const who of [b, a]) {
      const relay = await relayOf(`?token=${who.token}`);
      const forged = await FakeDevice.post(
        relay,
        new FakeDevice({ selfSigned: true }).sign(
          attrs(who === a ? newUdid() : udid, { CHALLENGE: challengeOf(relay) }),
        ),
      );
      expect(forged.status).toBe(400);
      expect(forged.json).toMatchObject({ success: false, code: "UDID_DEVICE_UNTRUSTED" });
      expect((await sessionRow(challengeOf(relay))).relayed_at).toBeNull();
    }
    expect(await deviceCount()).toBe(before);
    expect((await a.c.rest("GET", "/api/udid/my-latest")).body.data.udid).toBe(udid);
    expect((await b.c.rest("GET", "/api/udid/my-devices")).body.data).toEqual([]);
  });
});

describe("guests", () => {
  it("create a session, download its profile, read the result, and attach the device when they log in", async () => {
    const s = await guest.rest("POST", "/api/udid/session", {
      callback: "/udid/received?back=/signature",
      front: server.url,
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const id = s.body.data.session_id as string;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const urlRes = await guest.rest("GET", `/api/udid/session/${id}/profile-url`);
    expect(urlRes.body.data.url).toBe(`${server.url}/api/udid/profile?session=${id}`);
    expect(s.body.data.profile_url).toBe(urlRes.body.data.url);

    const pending = await guest.rest("POST", `/api/udid/session/${id}/consume`);
    expect(pending.body.data).toEqual({ relayed: false, attached: false, device: null });

    const relay = await relayOf(`?session=${id}`);
    expect(relay).toBe(`${server.url}/api/udid/relay/${id}`);
    const udid = newUdid();
    const r = await FakeDevice.post(relay, device.sign(attrs(udid, { PRODUCT: "iPad14,3" })));
    expect(r.status).toBe(301);
    expect(new URL(r.location!).searchParams.get("back")).toBe("/signature");
    // The profile of a relayed session is not served again.
    expect((await getProfile(`?session=${id}`)).json.code).toBe("UDID_SESSION_USED");

    const read = await guest.rest("POST", `/api/udid/session/${id}/consume`);
    expect(read.body.data).toMatchObject({
      relayed: true,
      attached: false,
      device: { udid, model_name: "iPad Pro 11 英寸 (第四代)", user_id: null },
    });

    const user = await newUser();
    expect((await user.c.rest("GET", "/api/udid/my-latest")).body.data).toBeNull();
    const claim = await user.c.rest("POST", `/api/udid/session/${id}/consume`);
    expect(claim.body.data).toMatchObject({ relayed: true, attached: true, device: { udid } });
    expect((await user.c.rest("GET", "/api/udid/my-latest")).body.data.udid).toBe(udid);
    // Idempotent for its claimer; another account (or a guest) now gets "not found".
    expect((await user.c.rest("POST", `/api/udid/session/${id}/consume`)).body.data.attached).toBe(true);
    const other = await newUser();
    const stolen = await other.c.rest("POST", `/api/udid/session/${id}/consume`);
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe("UDID_SESSION_NOT_FOUND");
    expect((await guest.rest("POST", `/api/udid/session/${id}/consume`)).status).toBe(404);
    expect((await other.c.rest("GET", "/api/udid/my-devices")).body.data).toEqual([]);
  });

  it("cannot claim a device another account holds", async () => {
    const owner = await newUser();
    const udid = newUdid();
    expect((await FakeDevice.post(await relayOf(`?token=${owner.token}`), device.sign(attrs(udid)))).status).toBe(301);
    const s = await guest.rest("POST", "/api/udid/session", {});
    const id = s.body.data.session_id;
    expect((await FakeDevice.post(await relayOf(`?session=${id}`), device.sign(attrs(udid)))).status).toBe(301);
    const other = await newUser();
    const r = await other.c.rest("POST", `/api/udid/session/${id}/consume`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: "UDID_DEVICE_TAKEN", message: "该设备已绑定到其他账号" });
    expect((await owner.c.rest("GET", "/api/udid/my-latest")).body.data.udid).toBe(udid);
  });

  it("cannot read another user's session, and a foreign front is not used for the redirect", async () => {
    const a = await newUser();
    const b = await newUser();
    const relay = await relayOf(`?token=${a.token}&front=${encodeURIComponent("https://evil.example")}`);
    const r = await FakeDevice.post(relay, device.sign(attrs(newUdid())));
    expect(r.location!.startsWith("/udid/received?")).toBe(true);
    expect((await b.c.rest("POST", `/api/udid/session/${challengeOf(relay)}/consume`)).status).toBe(404);
    expect((await a.c.rest("POST", `/api/udid/session/${challengeOf(relay)}/consume`)).body.data.attached).toBe(true);
    const bad = await guest.rest("POST", "/api/udid/session", { callback: "//evil.example/x" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("UDID_BACK_INVALID");
  });
});

describe("unbinding", () => {
  it("a user unbinds their own device; another user's id is 404 and changes nothing", async () => {
    const a = await newUser();
    const b = await newUser();
    const udid = newUdid();
    await FakeDevice.post(await relayOf(`?token=${a.token}`), device.sign(attrs(udid)));
    const id = (await a.c.rest("GET", "/api/udid/my-latest")).body.data.id;
    for (const bad of [id, 999999]) {
      const r = await b.c.rest("POST", `/api/udid/unbind/${bad}`);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: "UDID_DEVICE_NOT_FOUND", message: "设备不存在" });
    }
    const gqlOther = await b.c.gql(`mutation($id: ID!) { unbindDevice(id: $id) }`, { id: String(id) });
    expect(gqlOther.body.errors?.[0]?.extensions?.code).toBe("UDID_DEVICE_NOT_FOUND");
    expect((await a.c.rest("GET", "/api/udid/my-latest")).body.data.udid).toBe(udid);
    expect((await guest.rest("POST", `/api/udid/unbind/${id}`)).status).toBe(401);

    expect((await a.c.rest("POST", `/api/udid/unbind/${id}`)).status).toBe(200);
    expect((await a.c.rest("GET", "/api/udid/my-latest")).body).toMatchObject({ success: true, data: null });
    const row = (await server.services.db.query(`SELECT user_id, unbound_at FROM devices WHERE id = $1`, [id]))[0];
    expect(row.user_id).toBeNull();
    expect(row.unbound_at).not.toBeNull();
  });

  it("an admin lists every device with owner and model and unbinds any; others cannot", async () => {
    const a = await newUser();
    const udid = newUdid();
    await FakeDevice.post(await relayOf(`?token=${a.token}`), device.sign(attrs(udid, { PRODUCT: "iPhone17,1" })));
    const list = await admin.rest("GET", `/api/udid/admin/devices?search=${udid}`);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.devices[0]).toMatchObject({ udid, username: a.name, model_name: "iPhone 16 Pro" });
    const byOwner = await admin.gql(
      `query($s: String) { adminDevices(search: $s) { total items { udid username modelName } } }`,
      { s: a.name },
    );
    expect(byOwner.body.data?.adminDevices).toEqual({
      total: 1,
      items: [{ udid, username: a.name, modelName: "iPhone 16 Pro" }],
    });
    const id = list.body.data.devices[0].id;
    for (const c of [a.c, guest]) {
      expect((await c.rest("GET", "/api/udid/admin/devices")).status).toBe(c === guest ? 401 : 403);
      expect((await c.rest("POST", `/api/udid/admin/unbind/${id}`)).status).toBe(c === guest ? 401 : 403);
      expect((await c.gql(`{ adminDevices { total } }`)).body.errors?.[0]?.extensions?.code).toMatch(
        /FORBIDDEN|UNAUTHENTICATED/,
      );
    }
    expect((await a.c.rest("GET", "/api/udid/my-latest")).body.data.udid).toBe(udid);
    const un = await admin.rest("POST", `/api/udid/admin/unbind/${id}`);
    expect(un.body.data).toMatchObject({ id, user_id: null });
    expect((await a.c.rest("GET", "/api/udid/my-devices")).body.data).toEqual([]);
    expect((await admin.rest("POST", `/api/udid/admin/unbind/999999`)).status).toBe(404);
  });
});

describe("certificates a device is in", () => {
  it("the admin list names the certificates whose profile lists the device's UDID", async () => {
    const owner = await newUser();
    const up = await uploadGoodCertificate(server.url, owner.token, "开发证书");
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const [listed] = fixtures.devices();
    await FakeDevice.post(await relayOf(`?token=${owner.token}`), device.sign(attrs(listed)));
    const other = newUdid();
    await FakeDevice.post(await relayOf(`?token=${owner.token}`), device.sign(attrs(other)));
    const rows = (await admin.rest("GET", `/api/udid/admin/devices?search=${owner.name}`)).body.data.devices as any[];
    expect(rows.find((d) => d.udid === listed).certificates).toEqual([
      expect.objectContaining({ id: up.body.data.id, name: "开发证书", scope: "user" }),
    ]);
    expect(rows.find((d) => d.udid === other).certificates).toEqual([]);
    const g = await admin.gql(
      `query($s: String) { adminDevices(search: $s) { items { udid certificates { name status } } } }`,
      { s: listed },
    );
    expect(g.body.data?.adminDevices.items).toEqual([
      { udid: listed, certificates: [{ name: "开发证书", status: expect.any(String) }] },
    ]);
  });
});

describe("device models", () => {
  it("are seeded with current iPhones and iPads and edited by admins only", async () => {
    const all = (await admin.rest("GET", "/api/udid/admin/device-models")).body.data as {
      id: number;
      product: string;
      name: string;
    }[];
    expect(all.length).toBeGreaterThan(80);
    expect(all.find((m) => m.product === "iPhone17,3")?.name).toBe("iPhone 16");
    expect(all.find((m) => m.product === "iPad16,3")?.name).toBe("iPad Pro 11 英寸 (M4)");

    const user = await newUser();
    expect(
      (await user.c.rest("POST", "/api/udid/admin/device-models", { product: "iPhone99,1", name: "X" })).status,
    ).toBe(403);
    expect((await user.c.gql(`{ deviceModels { id } }`)).body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const created = await admin.rest("POST", "/api/udid/admin/device-models", {
      product: "iPhone99,1",
      name: "iPhone 99",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const dup = await admin.rest("POST", "/api/udid/admin/device-models", { product: "iPhone99,1", name: "again" });
    expect(dup.body).toMatchObject({ code: "DEVICE_MODEL_EXISTS", message: "该设备型号标识已存在" });
    for (const bad of [
      { product: "", name: "x" },
      { product: "iPhone99,2", name: "" },
      { product: "../etc", name: "x" },
    ]) {
      const r = await admin.rest("POST", "/api/udid/admin/device-models", bad);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("DEVICE_MODEL_INVALID");
    }
    // A device of that PRODUCT shows the new name; renaming shows the new one.
    const owner = await newUser();
    await FakeDevice.post(
      await relayOf(`?token=${owner.token}`),
      device.sign(attrs(newUdid(), { PRODUCT: "iPhone99,1" })),
    );
    expect((await owner.c.rest("GET", "/api/udid/my-latest")).body.data.model_name).toBe("iPhone 99");
    const id = created.body.data.id;
    const renamed = await admin.gql(
      `mutation($id: ID!) { updateDeviceModel(id: $id, input: { product: "iPhone99,1", name: "iPhone 99 Pro" }) { name } }`,
      { id: String(id) },
    );
    expect(renamed.body.data?.updateDeviceModel.name).toBe("iPhone 99 Pro");
    expect((await owner.c.rest("GET", "/api/udid/my-latest")).body.data.model_name).toBe("iPhone 99 Pro");
    const clash = await admin.rest("PUT", `/api/udid/admin/device-models/${id}`, { product: "iPhone17,3", name: "x" });
    expect(clash.body.code).toBe("DEVICE_MODEL_EXISTS");
    expect((await admin.rest("DELETE", `/api/udid/admin/device-models/${id}`)).status).toBe(200);
    expect((await admin.rest("DELETE", `/api/udid/admin/device-models/${id}`)).status).toBe(404);
    expect((await owner.c.rest("GET", "/api/udid/my-latest")).body.data.model_name).toBeNull();
  });
});
