import { privateDir, privateFile } from "../support/stored-files";
import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { encodePng } from "@gryx/apple/png";
import { PriceFilter } from "../../server/src/modules/catalog/catalog.types";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;
let user: Client;
let guest: Client;
let userId: number;

const DYLIB = () => readFixture("bin/libinject.dylib");
const PNG = encodePng(2, 2, new Uint8Array(16).fill(200));

/** A minimal Debian package: an ar archive whose first member is debian-binary. */
function debPackage(): Buffer {
  const member = (name: string, data: Buffer) => {
    const header = Buffer.from(
      name.padEnd(16) +
        "0".padEnd(12) +
        "0".padEnd(6) +
        "0".padEnd(6) +
        "100644".padEnd(8) +
        String(data.length).padEnd(10) +
        "`\n",
      "latin1",
    );
    return Buffer.concat([header, data, data.length % 2 ? Buffer.from("\n") : Buffer.alloc(0)]);
  };
  return Buffer.concat([
    Buffer.from("!<arch>\n"),
    member("debian-binary", Buffer.from("2.0\n")),
    member("control.tar.gz", Buffer.from("not really gzip, dpkg is not run here")),
    member("data.tar.xz", Buffer.alloc(33, 7)),
  ]);
}

async function upload(
  c: Client | null,
  urlPath: string,
  field: string,
  data: Buffer,
  filename: string,
  token?: string,
) {
  const form = new FormData();
  form.append(field, new Blob([data]), filename);
  const headers: Record<string, string> = {};
  const t = token ?? (c ? tokenOf.get(c) : undefined);
  if (t) headers.authorization = `Bearer ${t}`;
  const res = await fetch(server.url + urlPath, { method: "POST", body: form, headers });
  return { status: res.status, body: (await res.json()) as any };
}

const tokenOf = new Map<Client, string>();
async function loginAs(c: Client, username: string, password: string) {
  const data = await c.login(username, password);
  tokenOf.set(c, data.token);
  return data;
}

const stagingFiles = () => readdirSync(path.join(privateDir(server.services), "staging")).length;
const tmpFiles = () => readdirSync(server.services.storage.tmpDir).length;
const snapshot = () => server.services.db.query(`SELECT * FROM dylibs ORDER BY id`);
const version = async () => (await server.services.contentVersions.all()).dylibs;

async function stageDylib(): Promise<string> {
  const r = await upload(admin, "/api/dylib-management/upload", "file", DYLIB(), "libinject.dylib");
  expect(r.status).toBe(200);
  return r.body.data.uploadId;
}

const CREATE = `mutation($input: DylibInput!) { createDylib(input: $input) { id name icon version fileSize resourceFee trafficFee bundleId
  downloadCount category author tags isActive sortOrder hasFile } }`;
const UPDATE = `mutation($id: ID!, $input: DylibInput!) { updateDylib(id: $id, input: $input) { id name icon resourceFee hasFile fileSize tags } }`;

async function createDylib(input: Record<string, unknown>) {
  const r = await admin.gql(CREATE, { input });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.createDylib;
}

beforeAll(async () => {
  server = await startInProcess();
  admin = client(server.url);
  user = client(server.url);
  guest = client(server.url);
  await loginAs(admin, "admin", server.adminPassword);
  await user.rest("POST", "/api/auth/register", { username: "dylib_user", password: "secret1" });
  userId = (await loginAs(user, "dylib_user", "secret1")).user.id;
});
afterAll(async () => server?.stopAll());

describe("file and icon uploads", () => {
  it("accepts a real Mach-O dylib and a .deb, staged by their bytes", async () => {
    const bytes = DYLIB();
    const r = await upload(admin, "/api/dylib-management/upload", "file", bytes, "tweak.dylib");
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ size: bytes.length, format: "dylib", filename: "tweak.dylib" });
    expect(r.body.data.uploadId).toMatch(/^staging\/[0-9a-f]{32}\.dylib$/);
    // The name does not matter, the bytes do.
    const deb = await upload(admin, "/api/dylib-management/upload", "file", debPackage(), "whatever.bin");
    expect(deb.status).toBe(200);
    expect(deb.body.data.uploadId).toMatch(/^staging\/[0-9a-f]{32}\.deb$/);
  });

  it("refuses other files with a clear message and keeps nothing of them", async () => {
    const staged = stagingFiles();
    for (const [data, name] of [
      [Buffer.from("just some text, not a library\n"), "evil.dylib"],
      [readFixture("bin/app-arm64"), "app.dylib"], // a Mach-O executable is not a library
      [Buffer.from("!<arch>\nnot-a-deb-member/ 0           0     0     644     4         `\nabc\n"), "x.deb"],
      [Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34]), Buffer.alloc(64)]), "Main.class"],
    ] as const) {
      const r = await upload(admin, "/api/dylib-management/upload", "file", data, name);
      expect([r.status, r.body.message]).toEqual([400, "仅支持 .dylib 或 .deb 文件"]);
    }
    expect(stagingFiles()).toBe(staged);
    expect(tmpFiles()).toBe(0);
    const missing = await upload(admin, "/api/dylib-management/upload", "other", DYLIB(), "a.dylib");
    expect(missing.status).toBe(400);
  });

  it("cuts off a file over 100 MB with 413", async () => {
    // A declared length over the limit is refused before the body is read.
    const declared = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(server.url + "/api/dylib-management/upload", {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokenOf.get(admin)}`,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(101 * 1024 * 1024),
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          req.destroy();
        });
      });
      req.on("error", reject);
      req.write("--x\r\n");
    });
    expect([declared.status, declared.body.message]).toEqual([413, "文件过大，最大 100 MB"]);

    // Streamed without a declared length: the limit is enforced while reading.
    const chunk = Buffer.alloc(1024 * 1024, 1);
    let sent = 0;
    const boundary = "----dylibboundary";
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent === 0)
          c.enqueue(
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.dylib"\r\n\r\n`),
          );
        if (sent >= 101) {
          c.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          c.close();
          return;
        }
        sent++;
        c.enqueue(chunk);
      },
    });
    const res = await fetch(server.url + "/api/dylib-management/upload", {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokenOf.get(admin)}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).message).toBe("文件过大，最大 100 MB");
    expect(tmpFiles()).toBe(0);
  });

  it("stores icons as public images and refuses non-images", async () => {
    const r = await upload(admin, "/api/dylib-management/upload-icon", "icon", PNG, "i.png");
    expect(r.status).toBe(200);
    expect(r.body.data.url).toMatch(/^\/uploads\/icons\/[0-9a-f]{32}\.png$/);
    const served = await fetch(server.url + r.body.data.url);
    expect(served.status).toBe(200);
    const bad = await upload(admin, "/api/dylib-management/upload-icon", "icon", Buffer.from("<svg/>"), "i.svg");
    expect([bad.status, bad.body.message]).toEqual([400, "仅支持 PNG、JPG、GIF、WEBP 格式的图片"]);
  });

  it("is for admins only", async () => {
    expect((await upload(null, "/api/dylib-management/upload", "file", DYLIB(), "a.dylib")).status).toBe(401);
    expect((await upload(user, "/api/dylib-management/upload", "file", DYLIB(), "a.dylib")).status).toBe(403);
    expect((await upload(user, "/api/dylib-management/upload-icon", "icon", PNG, "a.png")).status).toBe(403);
  });
});

describe("admin create, update, delete", () => {
  it("creates a dylib with its uploaded file and icon, in yuan, and bumps the content version", async () => {
    const v0 = await version();
    const uploadId = await stageDylib();
    const icon = (await upload(admin, "/api/dylib-management/upload-icon", "icon", PNG, "i.png")).body.data.url;
    const d = await createDylib({
      name: " 微信助手 ",
      version: "1.2.0",
      description: "去广告",
      resourceFee: 1.5,
      trafficFee: 0.25,
      bundleId: "com.tencent.xin",
      category: "社交",
      author: "tweaker",
      tags: ["去广告", "多开", "去广告"],
      iconUrl: icon,
      fileUploadId: uploadId,
    });
    expect(d).toMatchObject({
      name: "微信助手",
      icon,
      version: "1.2.0",
      fileSize: DYLIB().length,
      resourceFee: 1.5,
      trafficFee: 0.25,
      bundleId: "com.tencent.xin",
      downloadCount: 0,
      category: "社交",
      author: "tweaker",
      tags: ["去广告", "多开"],
      isActive: true,
      hasFile: true,
    });
    const [row] = await server.services.db.query(
      `SELECT resource_fee, traffic_fee, file_key FROM dylibs WHERE id = $1`,
      [d.id],
    );
    expect(row).toMatchObject({ resource_fee: 150, traffic_fee: 25 });
    expect(row.file_key).toMatch(/^dylibs\/[0-9a-f]{32}\.dylib$/);
    expect(existsSync(privateFile(server.services, row.file_key))).toBe(true);
    expect(Number(await version())).toBeGreaterThan(Number(v0));

    // An upload is claimed once.
    const again = await admin.gql(CREATE, { input: { name: "第二个", fileUploadId: uploadId } });
    expect(again.body.errors?.[0]).toMatchObject({
      message: "上传的文件已失效，请重新上传",
      extensions: { code: "CATALOG_UPLOAD_EXPIRED" },
    });
  });

  it("creates through REST with the spec's field names", async () => {
    const r = await admin.rest("POST", "/api/dylib-management", {
      name: "REST库",
      resource_fee: "2.00",
      traffic_fee: 0,
      bundleId: "com.rest.lib",
      tags: "a,b，c",
      uploadId: await stageDylib(),
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: "REST库",
      resource_fee: 2,
      traffic_fee: 0,
      bundleId: "com.rest.lib",
      tags: ["a", "b", "c"],
      has_file: true,
    });
    const got = await admin.rest("GET", `/api/dylib-management/${r.body.data.id}`);
    expect(got.body.data.name).toBe("REST库");
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const d = await createDylib({ name: "校验库", resourceFee: 1 });
    const before = await snapshot();
    const v = await version();
    const staged = stagingFiles();
    const uploadId = await stageDylib();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "负数", resourceFee: -1, fileUploadId: uploadId }, "费用不能为负数", "BAD_REQUEST"],
      [{ name: "负数", trafficFee: -0.01 }, "费用不能为负数", "BAD_REQUEST"],
      [{ name: "小数", resourceFee: 1.234 }, "费用最多保留两位小数", "BAD_REQUEST"],
      [{ name: "太贵", resourceFee: 2_000_000 }, "费用不能超过1000000元", "BAD_REQUEST"],
      [{ name: "   " }, "名称不能为空", "BAD_REQUEST"],
      [{ name: "x".repeat(101) }, "名称最多100个字符", "BAD_REQUEST"],
      [{ name: "标签", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "标签最多10个", "CATALOG_TAGS_INVALID"],
      [{ name: "标签", tags: ["x".repeat(21)] }, "每个标签最多20个字符", "CATALOG_TAGS_INVALID"],
      [{ name: "图标", iconUrl: "javascript:alert(1)" }, "图标地址无效", "BAD_REQUEST"],
      [{ name: "图标", iconUrl: "/uploads/../../etc/passwd" }, "图标地址无效", "BAD_REQUEST"],
      [{ name: "文件", fileUploadId: "../../etc/passwd" }, "上传的文件已失效，请重新上传", "CATALOG_UPLOAD_EXPIRED"],
      [
        { name: "文件", fileUploadId: "staging/" + "0".repeat(32) + ".dylib" },
        "上传的文件已失效，请重新上传",
        "CATALOG_UPLOAD_EXPIRED",
      ],
    ];
    for (const [input, message, code] of cases) {
      const r = await admin.gql(CREATE, { input });
      expect(r.body.errors?.[0]?.message, JSON.stringify(input)).toBe(message);
      expect(r.body.errors?.[0]?.extensions).toMatchObject({ code, status: 400 });
    }
    const upd = await admin.gql(UPDATE, { id: String(d.id), input: { resourceFee: -5, name: "改名" } });
    expect(upd.body.errors?.[0]?.message).toBe("费用不能为负数");
    const rest = await admin.rest("PUT", `/api/dylib-management/${d.id}`, { resource_fee: -1 });
    expect([rest.status, rest.body.message]).toEqual([400, "费用不能为负数"]);
    const missing = await admin.rest("PUT", "/api/dylib-management/999999", { name: "x" });
    expect([missing.status, missing.body.message]).toEqual([404, "动态库不存在"]);
    const badId = await admin.rest("PUT", "/api/dylib-management/abc", { name: "x" });
    expect(badId.status).toBe(400);

    expect(await snapshot()).toEqual(before);
    expect(await version()).toBe(v);
    // The staged file the failed create named is still there to be used.
    expect(stagingFiles()).toBe(staged + 1);
    const ok = await createDylib({ name: "用上了", fileUploadId: uploadId });
    expect(ok.hasFile).toBe(true);
  });

  it("updates fields, replaces the file and icon and removes the old ones", async () => {
    const icon1 = (await upload(admin, "/api/dylib-management/upload-icon", "icon", PNG, "1.png")).body.data.url;
    const d = await createDylib({ name: "替换库", iconUrl: icon1, fileUploadId: await stageDylib(), tags: ["a"] });
    const [{ file_key: key1 }] = await server.services.db.query(`SELECT file_key FROM dylibs WHERE id = $1`, [d.id]);
    const icon2 = (await upload(admin, "/api/dylib-management/upload-icon", "icon", PNG, "2.png")).body.data.url;
    const deb = (await upload(admin, "/api/dylib-management/upload", "file", debPackage(), "x.deb")).body.data.uploadId;
    const r = await admin.gql(UPDATE, {
      id: String(d.id),
      input: { name: "替换库2", resourceFee: 3, iconUrl: icon2, fileUploadId: deb },
    });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.updateDylib).toMatchObject({
      name: "替换库2",
      icon: icon2,
      resourceFee: 3,
      hasFile: true,
      fileSize: debPackage().length,
      tags: ["a"],
    });
    expect(existsSync(privateFile(server.services, key1))).toBe(false);
    expect((await fetch(server.url + icon1)).status).toBe(404);
    expect((await fetch(server.url + icon2)).status).toBe(200);
    // Clearing the icon falls back to the default one.
    const cleared = await admin.gql(UPDATE, { id: String(d.id), input: { iconUrl: "" } });
    expect(cleared.body.data.updateDylib.icon).toBe("");
    expect((await fetch(server.url + icon2)).status).toBe(404);
  });

  it("keeps an icon that another catalogue row still shows", async () => {
    const icon = (await upload(admin, "/api/dylib-management/upload-icon", "icon", PNG, "shared.png")).body.data.url;
    const a = await createDylib({ name: "共用图标A", iconUrl: icon });
    const b = await createDylib({ name: "共用图标B", iconUrl: icon });
    await server.services.db.query(`INSERT INTO apps (name, icon_path) VALUES ('共用图标的应用', $1)`, [icon]);
    expect((await admin.rest("DELETE", `/api/dylib-management/${a.id}`)).status).toBe(200);
    expect((await admin.gql(UPDATE, { id: String(b.id), input: { iconUrl: "" } })).body.errors).toBeUndefined();
    expect((await fetch(server.url + icon)).status).toBe(200);
    await server.services.db.query(`DELETE FROM apps WHERE icon_path = $1`, [icon]);
    await admin.rest("DELETE", `/api/dylib-management/${b.id}`);
  });

  it("refuses non-admins", async () => {
    const d = await createDylib({ name: "权限库" });
    const list = await user.gql(`{ adminDylibs { total } }`);
    expect(list.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await user.gql(CREATE, { input: { name: "x" } })).body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await guest.gql(CREATE, { input: { name: "x" } })).body.errors?.[0]?.extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
    expect((await user.rest("GET", "/api/dylib-management/list")).status).toBe(403);
    expect((await guest.rest("GET", "/api/dylib-management/list")).status).toBe(401);
    expect((await user.rest("DELETE", `/api/dylib-management/${d.id}`)).status).toBe(403);
    expect((await user.rest("PATCH", `/api/dylib-management/${d.id}/toggle`, {})).status).toBe(403);
    expect((await user.rest("POST", "/api/dylib-management/batch-delete", { ids: [d.id] })).status).toBe(403);
    expect((await user.rest("POST", "/api/dylib-management/update-order", { ids: [d.id] })).status).toBe(403);
    expect((await server.services.db.query(`SELECT count(*)::int AS n FROM dylibs WHERE id = $1`, [d.id]))[0].n).toBe(
      1,
    );
  });
});

describe("public list, order, switch and delete", () => {
  const ids: number[] = [];
  beforeAll(async () => {
    await server.services.db.query(`DELETE FROM dylibs`);
    // Five dylibs: the newest first while no order is set.
    for (const [name, fee, bundle, tags] of [
      ["Alpha", 0, "com.alpha.app", ["去广告"]],
      ["Beta", 1, "com.beta.app", ["多开"]],
      ["Gamma 100%", 0, "com.gamma.app", []],
      ["Delta_x", 2.5, "org.delta", ["主题"]],
      ["Epsilon", 0, "com.eps", ["去广告", "主题"]],
    ] as const)
      ids.push(Number((await createDylib({ name, resourceFee: fee, bundleId: bundle, tags: [...tags] })).id));
  });

  const publicNames = async (q = "") => {
    const r = await guest.rest("GET", `/api/dylib-management/public${q}`);
    expect(r.status).toBe(200);
    return r.body.data.dylibs.map((d: { name: string }) => d.name);
  };

  it("lists active dylibs newest first, paginated, searchable, cacheable", async () => {
    const r = await guest.rest("GET", "/api/dylib-management/public?page=1&limit=2");
    expect(r.headers.get("cache-control")).toBe("public, max-age=30");
    expect(r.body.data).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(r.body.data.dylibs.map((d: { name: string }) => d.name)).toEqual(["Epsilon", "Delta_x"]);
    expect(r.body.data.dylibs[0]).toMatchObject({
      resource_fee: 0,
      traffic_fee: 0,
      bundleId: "com.eps",
      tags: ["去广告", "主题"],
      download_count: 0,
    });
    expect(await publicNames("?page=3&limit=2")).toEqual(["Alpha"]);
    expect(await publicNames("?page=9&limit=2")).toEqual([]);
    expect(await publicNames("?search=去广告")).toEqual(["Epsilon", "Alpha"]);
    expect(await publicNames("?search=BETA")).toEqual(["Beta"]);
    expect(await publicNames("?search=org.delta")).toEqual(["Delta_x"]);
    // Wildcards are literal characters.
    expect(await publicNames(`?search=${encodeURIComponent("%")}`)).toEqual(["Gamma 100%"]);
    expect(await publicNames(`?search=${encodeURIComponent("_x")}`)).toEqual(["Delta_x"]);
    expect(await publicNames("?search=nothing-matches")).toEqual([]);
  });

  it("refuses bad pages", async () => {
    for (const q of ["?page=0", "?page=1000000000", "?page=abc", "?limit=0", "?limit=101"]) {
      const r = await guest.rest("GET", `/api/dylib-management/public${q}`);
      expect(r.status, q).toBe(400);
    }
    expect((await guest.rest("GET", "/api/dylib-management/public?page=0")).body.message).toBe("页码无效");
    expect((await admin.gql(`{ adminDylibs(page: 0) { total } }`)).body.errors?.[0]?.message).toBe("页码无效");
    expect((await admin.gql(`{ adminDylibs(page: 1000000000) { total } }`)).body.errors?.[0]?.message).toBe("页码无效");
  });

  it("serves the home grid's dylib cards with the price filter", async () => {
    const all = await server.services.dylibs.catalogPage({ price: PriceFilter.ALL, page: 1, pageSize: 10, offset: 0 });
    expect(all.total).toBe(5);
    expect(all.items[0]).toMatchObject({
      kind: "DYLIB",
      name: "Epsilon",
      isFree: true,
      price: 0,
      tags: ["去广告", "主题"],
      bundleId: "com.eps",
    });
    const paid = await server.services.dylibs.catalogPage({
      price: PriceFilter.PAID,
      page: 1,
      pageSize: 10,
      offset: 0,
    });
    expect(paid.items.map((i) => [i.name, i.price, i.isFree])).toEqual([
      ["Delta_x", 2.5, false],
      ["Beta", 1, false],
    ]);
    const free = await server.services.dylibs.catalogPage({
      price: PriceFilter.FREE,
      search: "主题",
      page: 1,
      pageSize: 10,
      offset: 0,
    });
    expect(free.items.map((i) => i.name)).toEqual(["Epsilon"]);
    const past = await server.services.dylibs.catalogPage({ price: PriceFilter.ALL, page: 3, pageSize: 5, offset: 10 });
    expect([past.items.length, past.total]).toEqual([0, 5]);
    expect(await server.services.dylibs.priceOf(ids[3])).toEqual({ priceFen: 250, name: "Delta_x", hasPackage: false });
  });

  it("switches a dylib off and on", async () => {
    const v = await version();
    const off = await admin.rest("PATCH", `/api/dylib-management/${ids[0]}/toggle`, {});
    expect([off.status, off.body.data.is_active]).toEqual([200, false]);
    expect(Number(await version())).toBeGreaterThan(Number(v));
    expect(await publicNames()).not.toContain("Alpha");
    expect(
      (await guest.gql(`query($id: ID!) { dylib(id: $id) { name } }`, { id: String(ids[0]) })).body.data.dylib,
    ).toBeNull();
    expect(await server.services.dylibs.priceOf(ids[0])).toBeNull();
    const admins = await admin.rest("GET", "/api/dylib-management/list?limit=100");
    expect(admins.body.data.dylibs.find((d: { id: number }) => d.id === ids[0]).is_active).toBe(false);
    const explicit = await admin.rest("PATCH", `/api/dylib-management/${ids[0]}/toggle`, { is_active: false });
    expect(explicit.body.data.is_active).toBe(false);
    const on = await admin.gql(`mutation($id: ID!) { setDylibActive(id: $id, isActive: true) { isActive } }`, {
      id: String(ids[0]),
    });
    expect(on.body.data.setDylibActive.isActive).toBe(true);
    expect(
      (await guest.gql(`query($id: ID!) { dylib(id: $id) { name } }`, { id: String(ids[0]) })).body.data.dylib.name,
    ).toBe("Alpha");
    const bad = await admin.rest("PATCH", `/api/dylib-management/${ids[0]}/toggle`, { is_active: "yes" });
    expect(bad.status).toBe(400);
    expect((await admin.rest("PATCH", "/api/dylib-management/999999/toggle", {})).body.message).toBe("动态库不存在");
  });

  it("reorders: the listed ones go to the top in that sequence", async () => {
    const r = await admin.rest("POST", "/api/dylib-management/update-order", { ids: [ids[0], ids[2]] });
    expect(r.status).toBe(200);
    expect(await publicNames()).toEqual(["Alpha", "Gamma 100%", "Epsilon", "Delta_x", "Beta"]);
    const g = await admin.gql(`mutation($ids: [ID!]!) { reorderDylibs(ids: $ids) { name } }`, {
      ids: [ids[1], ids[0]].map(String),
    });
    expect(g.body.data.reorderDylibs.map((d: { name: string }) => d.name)).toEqual(["Beta", "Alpha"]);
    expect(await publicNames()).toEqual(["Beta", "Alpha", "Gamma 100%", "Epsilon", "Delta_x"]);
    const before = await snapshot();
    const bad = await admin.rest("POST", "/api/dylib-management/update-order", { ids: [ids[4], 999999] });
    expect([bad.status, bad.body.message]).toEqual([404, "动态库不存在"]);
    expect((await admin.rest("POST", "/api/dylib-management/update-order", { ids: [ids[4], ids[4]] })).status).toBe(
      400,
    );
    expect((await admin.rest("POST", "/api/dylib-management/update-order", { ids: [] })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("batch-deletes all or nothing, with the files", async () => {
    const withFile = await createDylib({
      name: "带文件",
      fileUploadId: await stageDylib(),
      iconUrl: (await upload(admin, "/api/dylib-management/upload-icon", "icon", PNG, "x.png")).body.data.url,
    });
    const [{ file_key }] = await server.services.db.query(`SELECT file_key FROM dylibs WHERE id = $1`, [withFile.id]);
    const before = await snapshot();
    const bad = await admin.rest("POST", "/api/dylib-management/batch-delete", { ids: [withFile.id, 999999] });
    expect([bad.status, bad.body.message]).toEqual([404, "动态库不存在"]);
    expect((await admin.rest("POST", "/api/dylib-management/batch-delete", { ids: "1,2" })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    const ok = await admin.rest("POST", "/api/dylib-management/batch-delete", { ids: [withFile.id, ids[4]] });
    expect([ok.status, ok.body.data.deleted]).toEqual([200, 2]);
    expect(existsSync(privateFile(server.services, file_key))).toBe(false);
    expect((await fetch(server.url + withFile.icon)).status).toBe(404);
    const one = await admin.rest("DELETE", `/api/dylib-management/${ids[3]}`);
    expect(one.body.data.deleted).toBe(1);
    expect((await admin.rest("DELETE", `/api/dylib-management/${ids[3]}`)).status).toBe(404);
    const g = await admin.gql(`mutation($ids: [ID!]!) { deleteDylibs(ids: $ids) }`, { ids: [String(ids[2])] });
    expect(g.body.data.deleteDylibs).toBe(1);
    expect(await publicNames()).toEqual(["Beta", "Alpha"]);
  });
});

describe("icon and download", () => {
  it("redirects to the icon, or the default icon", async () => {
    const icon = (await upload(admin, "/api/dylib-management/upload-icon", "icon", PNG, "i.png")).body.data.url;
    const withIcon = await createDylib({ name: "有图标", iconUrl: icon });
    const without = await createDylib({ name: "无图标" });
    const r1 = await fetch(`${server.url}/api/dylib-management/icon/${withIcon.id}`, { redirect: "manual" });
    expect([r1.status, r1.headers.get("location")]).toEqual([302, icon]);
    const r2 = await fetch(`${server.url}/api/dylib-management/icon/${without.id}`, { redirect: "manual" });
    expect([r2.status, r2.headers.get("location")]).toEqual([302, "/uploads/default-app-icon.png"]);
    const followed = await fetch(`${server.url}/api/dylib-management/icon/${without.id}`);
    expect([followed.status, followed.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect((await guest.rest("GET", "/api/dylib-management/icon/999999")).status).toBe(404);
  });

  it("lets a user download a free dylib, a bought one, and an admin anything; counts each download", async () => {
    const bytes = DYLIB();
    const free = await createDylib({ name: "免费/库:1", version: "2.0", fileUploadId: await stageDylib() });
    const paid = await createDylib({ name: "付费库", resourceFee: 9.9, fileUploadId: await stageDylib() });
    const noFile = await createDylib({ name: "无文件" });
    const get = (c: Client | null, id: number) =>
      fetch(`${server.url}/api/dylib-management/download/${id}`, {
        headers: c ? { authorization: `Bearer ${tokenOf.get(c)}` } : {},
      });

    const anon = await get(null, free.id);
    expect(anon.status).toBe(401);
    const ok = await get(user, free.id);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-disposition")).toBe(
      `attachment; filename="___1-2.0.dylib"; filename*=UTF-8''${encodeURIComponent("免费库1-2.0.dylib")}`,
    );
    expect(Buffer.from(await ok.arrayBuffer()).equals(bytes)).toBe(true);

    const refused = await get(user, paid.id);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).message).toBe("该动态库为付费资源，请先购买后再下载");
    expect((await get(admin, paid.id)).status).toBe(200);
    await server.services.db.query(
      `INSERT INTO purchases (user_id, item_kind, item_id, amount_fen) VALUES ($1, 'dylib', $2, 990)`,
      [userId, paid.id],
    );
    const bought = await get(user, paid.id);
    expect(bought.status).toBe(200);
    expect((await bought.arrayBuffer()).byteLength).toBe(bytes.length);

    const counts = await server.services.db.query(
      `SELECT id, download_count FROM dylibs WHERE id = ANY($1::int[]) ORDER BY id`,
      [[free.id, paid.id]],
    );
    expect(counts.map((c: { download_count: number }) => c.download_count)).toEqual([1, 2]);
    // Concurrent downloads each count.
    await Promise.all(Array.from({ length: 8 }, () => get(user, free.id).then((r) => r.arrayBuffer())));
    expect(
      (await admin.gql(`query($id: ID!) { dylib(id: $id) { downloadCount } }`, { id: String(free.id) })).body.data.dylib
        .downloadCount,
    ).toBe(9);

    const none = await get(user, noFile.id);
    expect([none.status, ((await none.json()) as any).message]).toEqual([404, "该动态库暂无可下载的文件"]);
    expect((await get(user, 999999)).status).toBe(404);
    await admin.rest("PATCH", `/api/dylib-management/${free.id}/toggle`, { is_active: false });
    expect((await get(user, free.id)).status).toBe(404);
    expect((await get(admin, free.id)).status).toBe(200);
  });
});
