import { generateKeyPairSync } from "node:crypto";
import { unzipSync } from "fflate";
import { JOB_SPECS, QUEUES } from "@gryx/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import {
  doctoredProfiles,
  fixtures,
  P12_PASSWORD,
  postForm,
  trustFixtureRoot,
  untrustedPair,
  uploadGoodCertificate,
} from "../support/certificates";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;

let userSeq = 0;
async function newUser(): Promise<{ c: Client; id: number; token: string; name: string }> {
  const c = client(server.url);
  const name = `cert_user_${++userSeq}`;
  // Each user from its own address (the server trusts one proxy hop), so registrations stay under the rate limit.
  const ip = { "x-forwarded-for": `10.77.${Math.floor(userSeq / 250)}.${(userSeq % 250) + 1}` };
  expect((await c.rest("POST", "/api/auth/register", { username: name, password: "secret1" }, ip)).status).toBe(200);
  const r = await c.rest("POST", "/api/auth/login", { username: name, password: "secret1" }, ip);
  expect(r.status).toBe(200);
  const data = r.body.data;
  c.setToken(data.token);
  return { c, id: data.user.id, token: data.token, name };
}

const rows = async () => Number((await server.services.db.query(`SELECT count(*)::int AS n FROM certificates`))[0].n);

beforeAll(async () => {
  server = await startInProcess({ ...trustFixtureRoot(), TRUST_PROXY: "1", SECRETS_KEY: "c".repeat(40) });
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
});

describe("upload, list, parse, download, delete", () => {
  it("stores a good pair sealed and shows every parsed field", async () => {
    const u = await newUser();
    const up = await uploadGoodCertificate(server.url, u.token, "我的证书");
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const id = up.body.data.id as number;
    expect(id).toBeGreaterThan(0);

    const list = await u.c.rest("GET", "/api/certificates");
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([id]);

    const parsed = (await u.c.rest("GET", `/api/certificates/parse/${id}`)).body.data;
    expect(parsed).toMatchObject({
      id,
      name: "我的证书",
      common_name: "iPhone Distribution: Test Co (TEAMID1234)",
      team_id: "TEAMID1234",
      team_name: "Test Co",
      type: "distribution",
      profile_name: "Demo Development",
      profile_uuid: "11111111-1111-4111-8111-111111111111",
      app_id: "TEAMID1234.com.example.demo",
      profile_type: "development",
      devices: fixtures.devices(),
      device_count: 2,
      all_devices: false,
      status: "unchecked",
      checked_at: null,
    });
    expect(parsed.entitlements["get-task-allow"]).toBe(true);
    expect(parsed.serial_number).toMatch(/^[0-9a-f]+$/);
    expect(new Date(parsed.expires_at).getTime()).toBe(
      Math.min(new Date(parsed.not_after).getTime(), new Date(parsed.profile_expires_at).getTime()),
    );

    const [row] = await server.services.db.query(
      `SELECT p12_sealed, password_sealed, secrets_key_id, profile FROM certificates WHERE id = $1`,
      [id],
    );
    expect(row.p12_sealed).toMatch(/^v2:k1:/);
    expect(row.password_sealed).toMatch(/^v2:k1:/);
    expect(row.secrets_key_id).toBe("k1");
    expect(Buffer.compare(row.profile, fixtures.developmentProfile())).toBe(0);

    // GraphQL serves the same.
    const g = await u.c.gql(`{ myCertificates { id name certType teamId deviceCount status } }`);
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.myCertificates).toEqual([
      {
        id: String(id),
        name: "我的证书",
        certType: "distribution",
        teamId: "TEAMID1234",
        deviceCount: 2,
        status: "unchecked",
      },
    ]);

    // The zip: the p12 and profile byte for byte, and the password.
    const res = await fetch(`${server.url}/api/certificates/download/${id}?type=zip`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      `certificate-${id}.mobileprovision`,
      `certificate-${id}.p12`,
      "password.txt",
    ]);
    expect(Buffer.from(files[`certificate-${id}.p12`]!).equals(fixtures.p12())).toBe(true);
    expect(Buffer.from(files[`certificate-${id}.mobileprovision`]!).equals(fixtures.developmentProfile())).toBe(true);
    expect(Buffer.from(files["password.txt"]!).toString("utf8")).toBe(P12_PASSWORD);

    const del = await u.c.gql(`mutation($id: ID!) { deleteCertificate(id: $id) }`, { id: String(id) });
    expect(del.body.data.deleteCertificate).toBe(true);
    expect((await u.c.rest("GET", "/api/certificates")).body.data).toEqual([]);
    expect((await u.c.rest("GET", `/api/certificates/parse/${id}`)).status).toBe(404);
  });

  it("reads an enterprise pair as enterprise with all devices, and the name defaults to the common name", async () => {
    const u = await newUser();
    const up = await postForm(
      `${server.url}/api/certificates/upload`,
      u.token,
      { p12: fixtures.p12Legacy(), mobileprovision: fixtures.enterpriseProfile() },
      { password: P12_PASSWORD },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({
      type: "enterprise",
      all_devices: true,
      devices: [],
      device_count: 0,
      profile_type: "enterprise",
      name: "Test Co (TEAMID1234)",
    });
  });

  it("verify-p12-password answers valid or not and stores nothing", async () => {
    const u = await newUser();
    const before = await rows();
    const ok = await postForm(
      `${server.url}/api/certificates/verify-p12-password`,
      u.token,
      { p12: fixtures.p12() },
      { password: P12_PASSWORD },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ valid: true });
    const bad = await postForm(
      `${server.url}/api/certificates/verify-p12-password`,
      u.token,
      { p12: fixtures.p12() },
      { password: "nope" },
    );
    expect(bad.body.data).toEqual({ valid: false });
    const notP12 = await postForm(
      `${server.url}/api/certificates/verify-p12-password`,
      u.token,
      { p12: fixtures.developmentProfile() },
      { password: P12_PASSWORD },
    );
    expect(notP12.status).toBe(400);
    expect(notP12.body.code).toBe("CERT_P12_INVALID");
    expect(await rows()).toBe(before);
  });

  it("a revoked certificate stays listed as revoked with its reason (recordCheck)", async () => {
    const u = await newUser();
    const id = (await uploadGoodCertificate(server.url, u.token)).body.data.id;
    const at = new Date("2026-01-02T03:04:05Z");
    await server.services.certificates.recordCheck(id, { status: "revoked", reason: "keyCompromise", checkedAt: at });
    const c = (await u.c.rest("GET", "/api/certificates")).body.data[0];
    expect(c).toMatchObject({ id, status: "revoked", status_reason: "keyCompromise", checked_at: at.toISOString() });
    await expect(server.services.certificates.recordCheck(999999, { status: "valid" })).rejects.toMatchObject({
      code: "CERT_NOT_FOUND",
    });
  });
});

describe("refusals store nothing", () => {
  const leaf = () => fixtures.p12();
  const dev = () => fixtures.developmentProfile();
  const cases: [string, () => { p12?: Buffer; mobileprovision?: Buffer }, string, string, number][] = [
    ["wrong password", () => ({ p12: leaf(), mobileprovision: dev() }), "wrong-password", "CERT_PASSWORD_WRONG", 400],
    [
      "a p12 without a private key",
      () => ({ p12: fixtures.noKeyP12(), mobileprovision: dev() }),
      P12_PASSWORD,
      "CERT_P12_NO_PRIVATE_KEY",
      400,
    ],
    [
      "a profile not containing the certificate",
      () => ({ p12: fixtures.otherP12(), mobileprovision: dev() }),
      P12_PASSWORD,
      "CERT_NOT_IN_PROFILE",
      400,
    ],
    [
      "an expired certificate",
      () => ({ p12: fixtures.expiredP12(), mobileprovision: dev() }),
      P12_PASSWORD,
      "CERT_EXPIRED",
      400,
    ],
    [
      "an expired profile",
      () => ({ p12: leaf(), mobileprovision: fixtures.expiredProfile() }),
      P12_PASSWORD,
      "CERT_PROFILE_EXPIRED",
      400,
    ],
    [
      "a profile sent as the p12",
      () => ({ p12: dev(), mobileprovision: dev() }),
      P12_PASSWORD,
      "CERT_P12_INVALID",
      400,
    ],
    [
      "a p12 sent as the profile",
      () => ({ p12: leaf(), mobileprovision: leaf() }),
      P12_PASSWORD,
      "CERT_PROFILE_INVALID",
      400,
    ],
    [
      "a truncated p12",
      () => ({ p12: leaf().subarray(0, Math.floor(leaf().length / 2)), mobileprovision: dev() }),
      P12_PASSWORD,
      "CERT_P12_INVALID",
      400,
    ],
    [
      "a truncated profile",
      () => ({ p12: leaf(), mobileprovision: dev().subarray(0, 900) }),
      P12_PASSWORD,
      "CERT_PROFILE_INVALID",
      400,
    ],
    [
      "a certificate that chains to no trusted root",
      () => ({ p12: untrustedPair().p12, mobileprovision: untrustedPair().profile }),
      P12_PASSWORD,
      "CERT_UNTRUSTED",
      400,
    ],
    [
      "a profile whose entitlements were edited after Apple signed it",
      () => ({ p12: leaf(), mobileprovision: doctoredProfiles().edited }),
      P12_PASSWORD,
      "CERT_PROFILE_SIGNATURE_INVALID",
      400,
    ],
    [
      "a profile with added entitlements signed by a look-alike of Apple's signer",
      () => ({ p12: leaf(), mobileprovision: doctoredProfiles().resigned }),
      P12_PASSWORD,
      "CERT_PROFILE_SIGNATURE_INVALID",
      400,
    ],
    [
      "an oversized p12",
      () => ({ p12: Buffer.alloc(65 * 1024, 1), mobileprovision: dev() }),
      P12_PASSWORD,
      "UPLOAD_TOO_LARGE",
      413,
    ],
    [
      "an oversized profile",
      () => ({ p12: leaf(), mobileprovision: Buffer.alloc(513 * 1024, 1) }),
      P12_PASSWORD,
      "UPLOAD_TOO_LARGE",
      413,
    ],
    ["no profile", () => ({ p12: leaf() }), P12_PASSWORD, "UPLOAD_FILE_MISSING", 400],
  ];
  for (const [what, files, password, code, status] of cases)
    it(`refuses ${what} with ${code}`, async () => {
      const u = await newUser();
      const before = await rows();
      const r = await postForm(`${server.url}/api/certificates/upload`, u.token, files(), { password });
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.code).toBe(code);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(await rows()).toBe(before);
    });

  it("gives the Chinese messages of the codes", async () => {
    const u = await newUser();
    const r = await postForm(
      `${server.url}/api/certificates/upload`,
      u.token,
      { p12: fixtures.p12(), mobileprovision: fixtures.developmentProfile() },
      { password: "x" },
    );
    expect(r.body.message).toBe("证书密码错误");
    const r2 = await postForm(
      `${server.url}/api/certificates/upload`,
      u.token,
      { p12: fixtures.otherP12(), mobileprovision: fixtures.developmentProfile() },
      { password: P12_PASSWORD },
    );
    expect(r2.body.message).toBe("描述文件不包含该证书，请上传与证书配套的描述文件");
  });

  it("refuses a multipart body cut off before its end, and the same pair twice", async () => {
    const u = await newUser();
    const before = await rows();
    const boundary = "----gryxcut";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="p12"; filename="a.p12"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const body = Buffer.concat([head, fixtures.p12().subarray(0, 500)]);
    const res = await fetch(`${server.url}/api/certificates/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const json = (await res.json()) as { code: string };
    expect(res.status).toBe(400);
    expect(json.code).toBe("UPLOAD_MALFORMED");
    expect(await rows()).toBe(before);

    expect((await uploadGoodCertificate(server.url, u.token)).status).toBe(200);
    const again = await uploadGoodCertificate(server.url, u.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CERT_DUPLICATE");
    expect(await rows()).toBe(before + 1);
  });

  it("limits p12 openings (upload and password checks) to 60 per 10 minutes per user", async () => {
    const u = await newUser();
    const p12 = fixtures.p12();
    for (let i = 0; i < 60; i++) {
      const r = await postForm(
        `${server.url}/api/certificates/verify-p12-password`,
        u.token,
        { p12 },
        { password: `guess-${i}` },
      );
      expect(r.status, `attempt ${i + 1}`).toBe(200);
    }
    const over = await postForm(
      `${server.url}/api/certificates/verify-p12-password`,
      u.token,
      { p12 },
      { password: P12_PASSWORD },
    );
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("RATE_LIMITED");
    const before = await rows();
    const upload = await uploadGoodCertificate(server.url, u.token);
    expect(upload.status).toBe(429);
    expect(await rows()).toBe(before);
    // Another user is not affected.
    expect((await uploadGoodCertificate(server.url, (await newUser()).token)).status).toBe(200);
  });

  it("needs a login", async () => {
    const r = await postForm(
      `${server.url}/api/certificates/upload`,
      undefined,
      { p12: fixtures.p12(), mobileprovision: fixtures.developmentProfile() },
      { password: P12_PASSWORD },
    );
    expect(r.status).toBe(401);
  });
});

describe("another user's certificate is not found", () => {
  it("answers 404 on parse, detail, download, delete and over GraphQL, and changes nothing", async () => {
    const owner = await newUser();
    const other = await newUser();
    const id = (await uploadGoodCertificate(server.url, owner.token)).body.data.id;
    for (const [method, path] of [
      ["GET", `/api/certificates/parse/${id}`],
      ["GET", `/api/certificates/detail/${id}`],
      ["GET", `/api/certificates/download/${id}?type=zip`],
      ["DELETE", `/api/certificates/${id}`],
      ["GET", `/api/temp-certificates/my/${id}`],
    ] as const) {
      const r = await other.c.rest(method, path);
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const g = await other.c.gql(`query($id: ID!) { certificate(id: $id) { id } }`, { id: String(id) });
    expect(g.body.errors?.[0]?.extensions?.code).toBe("CERT_NOT_FOUND");
    const d = await other.c.gql(`mutation($id: ID!) { deleteCertificate(id: $id) }`, { id: String(id) });
    expect(d.body.errors?.[0]?.extensions?.code).toBe("CERT_NOT_FOUND");
    const imp = await other.c.rest("POST", "/api/temp-certificates/import-from-main", { certificate_id: id });
    expect(imp.status).toBe(404);
    expect((await owner.c.rest("GET", `/api/certificates/parse/${id}`)).status).toBe(200);
    expect((await other.c.rest("GET", "/api/certificates")).body.data).toEqual([]);
  });
});

describe("temporary certificates", () => {
  it("uploads with an expiry, imports from the main list, lists, shows, deletes; orders are an empty list", async () => {
    const u = await newUser();
    const up = await postForm(
      `${server.url}/api/temp-certificates/upload`,
      u.token,
      { p12: fixtures.p12(), mobileprovision: fixtures.adhocProfile() },
      { password: P12_PASSWORD, days: "3" },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const tempId = up.body.data.id;
    const left = new Date(up.body.data.temp_expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(left).toBeLessThanOrEqual(3 * 86_400_000);
    // A temporary certificate is not one of the main ones.
    expect((await u.c.rest("GET", "/api/certificates")).body.data).toEqual([]);
    expect((await u.c.rest("GET", `/api/certificates/parse/${tempId}`)).status).toBe(404);

    const mainId = (await uploadGoodCertificate(server.url, u.token)).body.data.id;
    const main = await u.c.rest("GET", "/api/temp-certificates/main-certificates");
    expect(main.body.data.map((c: { id: number }) => c.id)).toEqual([mainId]);
    const imp = await u.c.rest("POST", "/api/temp-certificates/import-from-main", { certificate_id: mainId, days: 1 });
    expect(imp.status, JSON.stringify(imp.body)).toBe(200);
    expect(imp.body.data.source_certificate_id).toBe(mainId);

    const my = (await u.c.rest("GET", "/api/temp-certificates/my")).body.data;
    expect(my.map((c: { id: number }) => c.id)).toEqual([imp.body.data.id, tempId]);
    const details = (await u.c.rest("GET", "/api/temp-certificates/my/details")).body.data;
    expect(details[0].devices).toEqual(fixtures.devices());
    expect((await u.c.rest("GET", `/api/temp-certificates/my/${tempId}`)).body.data.profile_type).toBe("adhoc");

    // The import's zip holds the original's p12.
    const res = await fetch(`${server.url}/api/temp-certificates/download/${imp.body.data.id}?type=zip`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Buffer.from(files[`certificate-${imp.body.data.id}.p12`]!).equals(fixtures.p12())).toBe(true);

    expect((await u.c.rest("GET", "/api/temp-certificates/importable-orders")).body.data).toEqual([]);
    const order = await u.c.rest("POST", "/api/temp-certificates/import-from-order", { order_id: 1 });
    expect(order.status).toBe(404);
    expect(order.body.code).toBe("TEMP_CERT_ORDER_NOT_FOUND");

    const bad = await u.c.rest("POST", "/api/temp-certificates/import-from-main", { certificate_id: mainId, days: 31 });
    expect(bad.body.code).toBe("TEMP_CERT_DAYS_INVALID");

    expect((await u.c.rest("DELETE", `/api/temp-certificates/my/${tempId}`)).status).toBe(200);
    expect((await u.c.rest("GET", "/api/temp-certificates/my")).body.data.map((c: { id: number }) => c.id)).toEqual([
      imp.body.data.id,
    ]);
  });

  it("the scheduled certificates.purge-temp deletes every expired temporary certificate, nobody reading first", async () => {
    expect(JOB_SPECS["certificates.purge-temp"].everyMs).toBeLessThanOrEqual(10 * 60_000);
    const u = await newUser();
    const expired = await postForm(
      `${server.url}/api/temp-certificates/upload`,
      u.token,
      { p12: fixtures.p12(), mobileprovision: fixtures.adhocProfile() },
      { password: P12_PASSWORD, days: "1" },
    );
    const live = await postForm(
      `${server.url}/api/temp-certificates/upload`,
      u.token,
      { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
      { password: P12_PASSWORD, days: "1" },
    );
    await server.services.db.query(
      `UPDATE certificates SET temp_expires_at = now() - interval '1 second' WHERE id = $1`,
      [expired.body.data.id],
    );
    const events = server.services.jobs.connection.events(QUEUES.maintenance);
    await events.waitUntilReady();
    const job = await server.services.jobs.add("certificates.purge-temp", {});
    expect(await job.waitUntilFinished(events, 20_000)).toEqual({ deleted: 1 });
    await events.close();
    const left = await server.services.db.query(`SELECT id FROM certificates WHERE id = ANY($1)`, [
      [expired.body.data.id, live.body.data.id],
    ]);
    expect(left.map((r: { id: number }) => r.id)).toEqual([live.body.data.id]);
  });

  it("an expired temporary certificate disappears", async () => {
    const u = await newUser();
    const up = await postForm(
      `${server.url}/api/temp-certificates/upload`,
      u.token,
      { p12: fixtures.p12(), mobileprovision: fixtures.adhocProfile() },
      { password: P12_PASSWORD, days: "1" },
    );
    await server.services.db.query(
      `UPDATE certificates SET temp_expires_at = now() - interval '1 second' WHERE id = $1`,
      [up.body.data.id],
    );
    expect((await u.c.rest("GET", "/api/temp-certificates/my")).body.data).toEqual([]);
    expect((await u.c.rest("GET", `/api/temp-certificates/my/${up.body.data.id}`)).status).toBe(404);
    expect((await server.services.db.query(`SELECT 1 FROM certificates WHERE id = $1`, [up.body.data.id])).length).toBe(
      0,
    );
  });
});

describe("admin", () => {
  it("lists every user's certificates with owner, search and status, and deletes; users are refused", async () => {
    const a = await newUser();
    const b = await newUser();
    const ida = (await uploadGoodCertificate(server.url, a.token, "alpha-cert")).body.data.id;
    const idb = (await uploadGoodCertificate(server.url, b.token, "beta-cert")).body.data.id;
    await server.services.certificates.recordCheck(idb, { status: "revoked", reason: "test" });

    const all = await admin.rest("GET", "/api/admin/certificates?limit=100");
    expect(all.status).toBe(200);
    const ids = all.body.data.certificates.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([ida, idb]));
    expect(all.body.data.certificates.find((c: { id: number }) => c.id === ida).username).toBe(a.name);

    // The admin page sends its empty filters as null.
    const nulls = await admin.gql(`{ adminCertificates(search: null, status: null, scope: null) { total } }`);
    expect(nulls.body.errors).toBeUndefined();
    expect(nulls.body.data.adminCertificates.total).toBeGreaterThanOrEqual(2);
    const search = await admin.gql(`{ adminCertificates(search: "alpha") { total items { id username name } } }`);
    expect(search.body.data.adminCertificates.items.map((c: { id: string }) => Number(c.id))).toEqual([ida]);
    const revoked = await admin.gql(`{ adminCertificates(status: "revoked") { items { id status } } }`);
    expect(revoked.body.data.adminCertificates.items.map((c: { id: string }) => Number(c.id))).toContain(idb);
    expect(revoked.body.data.adminCertificates.items.map((c: { id: string }) => Number(c.id))).not.toContain(ida);

    // A user is refused the admin list and delete.
    expect((await a.c.rest("GET", "/api/admin/certificates")).status).toBe(403);
    expect((await a.c.rest("DELETE", `/api/admin/certificates/${idb}`)).status).toBe(403);
    const g = await a.c.gql(`{ adminCertificates { total } }`);
    expect(g.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    expect((await admin.rest("DELETE", `/api/admin/certificates/${ida}`)).status).toBe(200);
    expect((await a.c.rest("GET", "/api/certificates")).body.data).toEqual([]);
    expect((await admin.rest("DELETE", `/api/admin/certificates/${ida}`)).status).toBe(404);
  });

  it("uploads, lists and deletes platform certificates; users are refused", async () => {
    const u = await newUser();
    const before = await rows();
    const refused = await postForm(
      `${server.url}/api/admin/platform-certificates/upload`,
      u.token,
      { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
      { password: P12_PASSWORD },
    );
    expect(refused.status).toBe(403);
    expect(await rows()).toBe(before);
    const token = (await admin.login("admin", server.adminPassword)).token as string;
    const up = await postForm(
      `${server.url}/api/admin/platform-certificates/upload`,
      token,
      { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
      { password: P12_PASSWORD, name: "平台企业证书" },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ scope: "platform", user_id: null, type: "enterprise" });
    const list = await admin.rest("GET", "/api/admin/platform-certificates");
    expect(list.body.data.certificates.map((c: { id: number }) => c.id)).toContain(up.body.data.id);
    const bad = await postForm(
      `${server.url}/api/admin/platform-certificates/upload`,
      token,
      { p12: fixtures.p12(), mobileprovision: fixtures.expiredProfile() },
      { password: P12_PASSWORD },
    );
    expect(bad.body.code).toBe("CERT_PROFILE_EXPIRED");
    // A user's certificate is not a platform one.
    const userCert = (await uploadGoodCertificate(server.url, u.token)).body.data.id;
    expect((await admin.rest("DELETE", `/api/admin/platform-certificates/${userCert}`)).status).toBe(404);
    expect((await admin.rest("DELETE", `/api/admin/platform-certificates/${up.body.data.id}`)).status).toBe(200);
    expect(
      (await admin.rest("GET", "/api/admin/platform-certificates")).body.data.certificates.map(
        (c: { id: number }) => c.id,
      ),
    ).not.toContain(up.body.data.id);
  });
});

describe("App Store Connect API keys (.p8)", () => {
  const ISSUER = "69a6de70-03db-47e3-e053-5b8c7c11a4d1";
  const ecPem = () =>
    generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  const keys = async () => Number((await server.services.db.query(`SELECT count(*)::int AS n FROM p8_keys`))[0].n);

  it("accepts an EC P-256 key that signs an ES256 token, never answers it, lists and deletes", async () => {
    const pem = ecPem();
    const r = await admin.rest("POST", "/api/admin/p8-certificates", {
      name: "主账号",
      issuer_id: ISSUER,
      key_id: "2X9R4HXF34",
      private_key: pem,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ name: "主账号", issuer_id: ISSUER, key_id: "2X9R4HXF34" });
    expect(JSON.stringify(r.body)).not.toContain("PRIVATE KEY");
    const list = await admin.gql(`{ p8Keys { id name issuerId keyId } }`);
    expect(list.body.data.p8Keys).toContainEqual({
      id: String(r.body.data.id),
      name: "主账号",
      issuerId: ISSUER,
      keyId: "2X9R4HXF34",
    });
    const [row] = await server.services.db.query(
      `SELECT private_key_sealed, secrets_key_id FROM p8_keys WHERE id = $1`,
      [r.body.data.id],
    );
    expect(row.private_key_sealed).toMatch(/^v2:k1:/);
    expect(row.private_key_sealed).not.toContain("PRIVATE");
    expect((await admin.rest("DELETE", `/api/admin/p8-certificates/${r.body.data.id}`)).status).toBe(200);
    expect((await admin.rest("DELETE", `/api/admin/p8-certificates/${r.body.data.id}`)).body.code).toBe(
      "P8_KEY_NOT_FOUND",
    );
  });

  const refusals: [string, () => Record<string, unknown>, string][] = [
    [
      "an RSA key",
      () => ({
        private_key: generateKeyPairSync("rsa", { modulusLength: 2048 })
          .privateKey.export({ format: "pem", type: "pkcs8" })
          .toString(),
      }),
      "P8_KEY_INVALID",
    ],
    [
      "an EC key on P-384",
      () => ({
        private_key: generateKeyPairSync("ec", { namedCurve: "P-384" })
          .privateKey.export({ format: "pem", type: "pkcs8" })
          .toString(),
      }),
      "P8_KEY_INVALID",
    ],
    // The DER cut short: its lengths no longer add up.
    [
      "a malformed key",
      () => ({
        private_key: ecPem()
          .split("\n")
          .filter((_, i) => i !== 2)
          .join("\n"),
      }),
      "P8_KEY_INVALID",
    ],
    [
      "a certificate instead of a key",
      () => ({ private_key: fixtures.leafDer().toString("base64") }),
      "P8_KEY_INVALID",
    ],
    ["a bad key id", () => ({ key_id: "abc" }), "P8_KEY_ID_INVALID"],
    ["a bad issuer id", () => ({ issuer_id: "issuer" }), "P8_ISSUER_ID_INVALID"],
  ];
  for (const [what, patch, code] of refusals)
    it(`refuses ${what} (${code}) and stores nothing`, async () => {
      const before = await keys();
      const r = await admin.rest("POST", "/api/admin/p8-certificates", {
        name: "k",
        issuer_id: ISSUER,
        key_id: "ABCDEFGH12",
        private_key: ecPem(),
        ...patch(),
      });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(code);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(await keys()).toBe(before);
    });

  it("accepts the .p8 as a multipart file, and refuses users", async () => {
    const token = (await admin.login("admin", server.adminPassword)).token as string;
    const up = await postForm(
      `${server.url}/api/admin/p8-certificates`,
      token,
      { p8: Buffer.from(ecPem()) },
      { name: "文件上传", issuer_id: ISSUER, key_id: "ZZZZZ00000" },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const u = await newUser();
    const before = await keys();
    expect(
      (
        await u.c.rest("POST", "/api/admin/p8-certificates", {
          name: "k",
          issuer_id: ISSUER,
          key_id: "YYYYY00000",
          private_key: ecPem(),
        })
      ).status,
    ).toBe(403);
    expect((await u.c.rest("GET", "/api/admin/p8-certificates")).status).toBe(403);
    expect((await u.c.gql(`{ p8Keys { id } }`)).body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await keys()).toBe(before);
  });
});
