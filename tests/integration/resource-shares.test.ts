import { privateDir, privateFile } from "../support/stored-files";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { encodePng } from "@gryx/apple/png";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;
let user: Client;
let guest: Client;
const tokens = new Map<Client, string>();

const PNG = encodePng(2, 2, new Uint8Array(16).fill(90));

async function upload(c: Client | null, urlPath: string, field: string, data: Buffer, filename: string) {
  const form = new FormData();
  form.append(field, new Blob([data]), filename);
  const t = c ? tokens.get(c) : undefined;
  const res = await fetch(server.url + urlPath, {
    method: "POST",
    body: form,
    headers: t ? { authorization: `Bearer ${t}` } : {},
  });
  return { status: res.status, body: (await res.json()) as any };
}

const privateFiles = (kind: string) => readdirSync(path.join(privateDir(server.services), kind)).length;
const snapshot = () => server.services.db.query(`SELECT * FROM resource_shares ORDER BY id`);
const version = async () => (await server.services.contentVersions.all()).resourceShares;

const FIELDS = `id name icon version fileSize description resourceFee trafficFee bundleId downloadCount isActive sortOrder hasFile`;
const CREATE = `mutation($input: ResourceShareInput!) { createResourceShare(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: ResourceShareInput!) { updateResourceShare(id: $id, input: $input) { ${FIELDS} } }`;

async function create(input: Record<string, unknown>) {
  const r = await admin.gql(CREATE, { input });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.createResourceShare;
}

async function stageIpa(fixture = "ipa/thin.ipa") {
  const r = await upload(admin, "/api/resource-shares/upload-ipa", "ipa", readFixture(fixture), "Demo.ipa");
  expect(r.status).toBe(200);
  return r.body.data;
}

beforeAll(async () => {
  server = await startInProcess();
  admin = client(server.url);
  user = client(server.url);
  guest = client(server.url);
  tokens.set(admin, (await admin.login("admin", server.adminPassword)).token);
  await user.rest("POST", "/api/auth/register", { username: "share_user", password: "secret1" });
  tokens.set(user, (await user.login("share_user", "secret1")).token);
});
afterAll(async () => server?.stopAll());

describe("uploads", () => {
  it("inspects an uploaded IPA and stages it with its icon", async () => {
    const ipa = readFixture("ipa/thin.ipa");
    const staged = await stageIpa();
    expect(staged).toMatchObject({ bundleId: "com.example.demo", version: "1.2.3", name: "Demo", size: ipa.length });
    expect(staged.uploadId).toMatch(/^staging\/[0-9a-f]{32}\.ipa$/);
    expect((await fetch(server.url + staged.iconUrl)).status).toBe(200);
  });

  it("refuses a non-IPA, a non-image icon, and non-admins, keeping nothing", async () => {
    const staged = privateFiles("staging");
    const text = await upload(
      admin,
      "/api/resource-shares/upload-ipa",
      "ipa",
      Buffer.from("plain text, not a zip"),
      "x.ipa",
    );
    expect([text.status, text.body.message]).toEqual([400, "文件不是有效的 IPA（zip）压缩包"]);
    const notZip = await upload(
      admin,
      "/api/resource-shares/upload-ipa",
      "ipa",
      readFixture("ipa/not-zip.ipa"),
      "x.ipa",
    );
    expect(notZip.status).toBe(400);
    expect(privateFiles("staging")).toBe(staged);
    expect(readdirSync(server.services.storage.tmpDir)).toEqual([]);
    const icon = await upload(admin, "/api/resource-shares/upload", "icon", Buffer.from("GIF8 nope"), "x.gif");
    expect([icon.status, icon.body.message]).toEqual([400, "仅支持 PNG、JPG、GIF、WEBP 格式的图片"]);
    const big = await upload(
      admin,
      "/api/resource-shares/upload",
      "icon",
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      "x.png",
    );
    expect(big.status).toBe(413);
    expect(
      (await upload(user, "/api/resource-shares/upload-ipa", "ipa", readFixture("ipa/thin.ipa"), "x.ipa")).status,
    ).toBe(403);
    expect((await upload(null, "/api/resource-shares/upload", "icon", PNG, "x.png")).status).toBe(401);
    const ok = await upload(admin, "/api/resource-shares/upload", "icon", PNG, "x.png");
    expect(ok.body.data.url).toMatch(/^\/uploads\/icons\/[0-9a-f]{32}\.png$/);
  });
});

describe("admin create, update, delete", () => {
  it("creates with the claimed IPA, in yuan, and bumps the content version", async () => {
    const v = await version();
    const staged = await stageIpa();
    const r = await create({
      name: "演示资源",
      version: staged.version,
      bundleId: staged.bundleId,
      iconUrl: staged.iconUrl,
      fileUploadId: staged.uploadId,
      resourceFee: 5.2,
      trafficFee: 0.1,
      description: "说明",
    });
    expect(r).toMatchObject({
      name: "演示资源",
      icon: staged.iconUrl,
      version: "1.2.3",
      bundleId: "com.example.demo",
      fileSize: staged.size,
      resourceFee: 5.2,
      trafficFee: 0.1,
      hasFile: true,
      isActive: true,
      downloadCount: 0,
    });
    const [row] = await server.services.db.query(
      `SELECT resource_fee, traffic_fee, file_key FROM resource_shares WHERE id = $1`,
      [r.id],
    );
    expect(row).toMatchObject({ resource_fee: 520, traffic_fee: 10 });
    expect(row.file_key).toMatch(/^ipas\/[0-9a-f]{32}\.ipa$/);
    expect(existsSync(privateFile(server.services, row.file_key))).toBe(true);
    expect(Number(await version())).toBeGreaterThan(Number(v));
    const again = await admin.gql(CREATE, { input: { name: "再用一次", fileUploadId: staged.uploadId } });
    expect(again.body.errors?.[0]?.message).toBe("上传的文件已失效，请重新上传");
  });

  it("creates and reads through REST", async () => {
    const r = await admin.rest("POST", "/api/resource-shares", {
      name: "REST资源",
      resource_fee: 1,
      traffic_fee: "0.50",
      bundleId: "com.rest.share",
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: "REST资源",
      resource_fee: 1,
      traffic_fee: 0.5,
      bundleId: "com.rest.share",
      has_file: false,
      file_size: 0,
    });
    const one = await guest.rest("GET", `/api/resource-shares/${r.body.data.id}`);
    expect(one.body.data).toMatchObject({ id: r.body.data.id, name: "REST资源" });
    expect(one.headers.get("cache-control")).toBe("public, max-age=30");
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const share = await create({ name: "校验资源" });
    const before = await snapshot();
    const v = await version();
    const staged = await stageIpa();
    const stagedCount = privateFiles("staging");
    for (const [input, message, code] of [
      [{ name: "负数", resourceFee: -1, fileUploadId: staged.uploadId }, "费用不能为负数"],
      [{ name: "负数", trafficFee: -3 }, "费用不能为负数"],
      [{ name: "文本", resourceFee: "abc" }, null],
      [{ name: "" }, "名称不能为空"],
      [{ name: "长", description: "x".repeat(5001) }, "描述最多5000个字符"],
      [{ name: "图标", iconUrl: "data:image/png;base64,AAAA" }, "图标地址无效"],
      [
        { name: "文件", fileUploadId: "ipas/" + "a".repeat(32) + ".ipa" },
        "上传的文件已失效，请重新上传",
        "CATALOG_UPLOAD_EXPIRED",
      ],
    ] as [Record<string, unknown>, string | null, string?][]) {
      const r = await admin.gql(CREATE, { input });
      expect(r.body.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe(code ?? "BAD_REQUEST");
      if (message) expect(r.body.errors?.[0]?.message).toBe(message);
    }
    expect(
      (await admin.gql(UPDATE, { id: String(share.id), input: { resourceFee: -0.5 } })).body.errors?.[0]?.message,
    ).toBe("费用不能为负数");
    const rest = await admin.rest("PUT", `/api/resource-shares/${share.id}`, { traffic_fee: -1, name: "改" });
    expect([rest.status, rest.body.message]).toEqual([400, "费用不能为负数"]);
    const text = await admin.rest("POST", "/api/resource-shares", { name: "文本费用", resource_fee: "abc" });
    expect([text.status, text.body.message]).toEqual([400, "费用无效"]);
    const missing = await admin.gql(UPDATE, { id: "999999", input: { name: "x" } });
    expect(missing.body.errors?.[0]).toMatchObject({
      message: "资源不存在",
      extensions: { code: "CATALOG_ITEM_NOT_FOUND" },
    });
    expect((await admin.rest("DELETE", "/api/resource-shares/999999")).body.message).toBe("资源不存在");
    expect(await snapshot()).toEqual(before);
    expect(await version()).toBe(v);
    expect(privateFiles("staging")).toBe(stagedCount);
  });

  it("replaces the IPA and icon, removing the old files, and deletes with the files", async () => {
    const first = await stageIpa();
    const share = await create({ name: "换包", fileUploadId: first.uploadId, iconUrl: first.iconUrl });
    const [{ file_key: key1 }] = await server.services.db.query(`SELECT file_key FROM resource_shares WHERE id = $1`, [
      share.id,
    ]);
    const second = await stageIpa("ipa/fat.ipa");
    const r = await admin.gql(UPDATE, {
      id: String(share.id),
      input: { fileUploadId: second.uploadId, iconUrl: second.iconUrl, version: "9.9" },
    });
    expect(r.body.data.updateResourceShare).toMatchObject({
      name: "换包",
      version: "9.9",
      fileSize: readFixture("ipa/fat.ipa").length,
      hasFile: true,
    });
    expect(existsSync(privateFile(server.services, key1))).toBe(false);
    expect((await fetch(server.url + first.iconUrl)).status).toBe(404);
    const [{ file_key: key2 }] = await server.services.db.query(`SELECT file_key FROM resource_shares WHERE id = $1`, [
      share.id,
    ]);
    const del = await admin.gql(`mutation($ids: [ID!]!) { deleteResourceShares(ids: $ids) }`, {
      ids: [String(share.id)],
    });
    expect(del.body.data.deleteResourceShares).toBe(1);
    expect(existsSync(privateFile(server.services, key2))).toBe(false);
    expect((await fetch(server.url + second.iconUrl)).status).toBe(404);
  });

  it("refuses non-admins", async () => {
    const share = await create({ name: "权限资源" });
    expect((await user.gql(`{ adminResourceShares { total } }`)).body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await guest.gql(CREATE, { input: { name: "x" } })).body.errors?.[0]?.extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
    expect((await user.rest("GET", "/api/resource-shares/list")).status).toBe(403);
    expect((await user.rest("POST", "/api/resource-shares", { name: "x" })).status).toBe(403);
    expect((await user.rest("PUT", `/api/resource-shares/${share.id}`, { name: "x" })).status).toBe(403);
    expect((await user.rest("DELETE", `/api/resource-shares/${share.id}`)).status).toBe(403);
    expect((await user.rest("PATCH", `/api/resource-shares/${share.id}/status`, { is_active: false })).status).toBe(
      403,
    );
    expect((await guest.rest("POST", "/api/resource-shares/batch-delete", { ids: [share.id] })).status).toBe(401);
    expect((await user.rest("POST", "/api/resource-shares/reorder", { ids: [share.id] })).status).toBe(403);
    expect((await admin.rest("GET", `/api/resource-shares/${share.id}`)).body.data.name).toBe("权限资源");
  });
});

describe("public list, catalogue, order, status, batch delete", () => {
  const ids: number[] = [];
  beforeAll(async () => {
    await server.services.db.query(`DELETE FROM resource_shares`);
    for (const [name, fee, bundle] of [
      ["壁纸合集", 0, "com.wall.paper"],
      ["字体包", 3, "com.fonts.pack"],
      ["主题_100%", 0, "com.theme.x"],
      ["游戏存档", 1.5, "org.saves"],
    ] as const)
      ids.push(Number((await create({ name, resourceFee: fee, bundleId: bundle })).id));
  });

  const names = async (q = "") => {
    const r = await guest.rest("GET", `/api/resource-shares${q}`);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.data)).toBe(true);
    return r.body.data.map((s: { name: string }) => s.name);
  };

  it("lists active shares as an array, newest first, paginated and searchable", async () => {
    const r = await guest.rest("GET", "/api/resource-shares?page=1&limit=20");
    expect(r.headers.get("cache-control")).toBe("public, max-age=30");
    expect(r.body.data.map((s: { name: string }) => s.name)).toEqual(["游戏存档", "主题_100%", "字体包", "壁纸合集"]);
    expect(r.body.data[0]).toMatchObject({
      resource_fee: 1.5,
      traffic_fee: 0,
      bundleId: "org.saves",
      icon_path: "",
      file_size: 0,
    });
    expect(await names("?page=2&limit=3")).toEqual(["壁纸合集"]);
    expect(await names("?search=FONTS")).toEqual(["字体包"]);
    expect(await names("?search=壁纸")).toEqual(["壁纸合集"]);
    expect(await names(`?search=${encodeURIComponent("_1")}`)).toEqual(["主题_100%"]);
    expect(await names(`?search=${encodeURIComponent("%")}`)).toEqual(["主题_100%"]);
    for (const q of ["?page=0", "?page=1000000000", "?limit=0", "?limit=500", "?page=-1"]) {
      const bad = await guest.rest("GET", `/api/resource-shares${q}`);
      expect(bad.status, q).toBe(400);
    }
    expect((await guest.rest("GET", "/api/resource-shares?page=0")).body.message).toBe("页码无效");
    expect((await guest.rest("GET", "/api/resource-shares/999999")).status).toBe(404);
    expect((await guest.rest("GET", "/api/resource-shares/abc")).status).toBe(400);
    expect((await admin.gql(`{ adminResourceShares(page: 1000000000) { total } }`)).body.errors?.[0]?.message).toBe(
      "页码无效",
    );
  });

  it("answers the home grid's resource-share and dylib categories through the catalogue query", async () => {
    const q = `query($c: ID, $p: PriceFilter, $s: String, $page: Int, $size: Int) {
      catalog(categoryId: $c, price: $p, search: $s, page: $page, pageSize: $size) { total page pageSize items { id kind name price isFree bundleId tags author category } } }`;
    const all = await guest.gql(q, { c: "resource-shares" });
    expect(all.body.data.catalog.total).toBe(4);
    expect(all.body.data.catalog.items[0]).toMatchObject({
      kind: "RESOURCE_SHARE",
      name: "游戏存档",
      price: 1.5,
      isFree: false,
      bundleId: "org.saves",
      tags: [],
      author: null,
    });
    const free = await guest.gql(q, { c: "resource-shares", p: "FREE" });
    expect(free.body.data.catalog.items.map((i: { name: string }) => i.name)).toEqual(["主题_100%", "壁纸合集"]);
    const paid = await guest.gql(q, { c: "resource-shares", p: "PAID", s: "com", page: 1, size: 1 });
    expect(paid.body.data.catalog).toMatchObject({ total: 1, pageSize: 1, items: [{ name: "字体包" }] });
    const past = await guest.gql(q, { c: "resource-shares", page: 5, size: 2 });
    expect(past.body.data.catalog).toMatchObject({ total: 4, items: [] });

    await server.services.db.query(`DELETE FROM dylibs`);
    await admin.gql(
      `mutation { createDylib(input: { name: "插件", resourceFee: 2, author: "作者A", category: "工具", tags: ["a", "b", "c", "d"] }) { id } }`,
    );
    const dylibs = await guest.gql(q, { c: "dylib" });
    expect(dylibs.body.data.catalog.items).toEqual([
      expect.objectContaining({
        kind: "DYLIB",
        name: "插件",
        price: 2,
        isFree: false,
        author: "作者A",
        category: "工具",
        tags: ["a", "b", "c", "d"],
      }),
    ]);
  });

  it("gives the purchase status its prices", async () => {
    const paid = await user.rest("GET", `/api/settings/purchase-status/${ids[1]}?kind=resource-share`);
    expect(paid.body.data).toMatchObject({ price: 3, isFree: false, purchased: false });
    const free = await user.rest("GET", `/api/settings/purchase-status/${ids[0]}?kind=resource-share`);
    expect(free.body.data).toMatchObject({ price: 0, isFree: true, purchased: true });
    expect(await server.services.resourceShares.priceOf(ids[3])).toEqual({
      priceFen: 150,
      name: "游戏存档",
      hasPackage: false,
    });
  });

  it("switches a share off and on", async () => {
    const v = await version();
    const off = await admin.rest("PATCH", `/api/resource-shares/${ids[0]}/status`, { is_active: false });
    expect([off.status, off.body.data.is_active]).toEqual([200, false]);
    expect(Number(await version())).toBeGreaterThan(Number(v));
    expect(await names()).not.toContain("壁纸合集");
    expect((await guest.rest("GET", `/api/resource-shares/${ids[0]}`)).status).toBe(404);
    expect(
      (await guest.gql(`query($id: ID!) { resourceShare(id: $id) { name } }`, { id: String(ids[0]) })).body.data
        .resourceShare,
    ).toBeNull();
    expect(await server.services.resourceShares.priceOf(ids[0])).toBeNull();
    const adminView = await admin.rest("GET", "/api/resource-shares/list?limit=100");
    expect(adminView.body.data.total).toBe(4);
    expect((await admin.rest("PATCH", `/api/resource-shares/${ids[0]}/status`, { is_active: "no" })).status).toBe(400);
    const on = await admin.gql(`mutation($id: ID!) { setResourceShareActive(id: $id, isActive: true) { isActive } }`, {
      id: String(ids[0]),
    });
    expect(on.body.data.setResourceShareActive.isActive).toBe(true);
    expect(await names()).toContain("壁纸合集");
  });

  it("reorders, all or nothing", async () => {
    const r = await admin.rest("POST", "/api/resource-shares/reorder", { ids: [ids[0], ids[1]] });
    expect(r.body.data.map((s: { name: string }) => s.name)).toEqual(["壁纸合集", "字体包"]);
    expect(await names()).toEqual(["壁纸合集", "字体包", "游戏存档", "主题_100%"]);
    const before = await snapshot();
    const bad = await admin.gql(`mutation($ids: [ID!]!) { reorderResourceShares(ids: $ids) { id } }`, {
      ids: [String(ids[3]), "999999"],
    });
    expect(bad.body.errors?.[0]?.message).toBe("资源不存在");
    expect(await snapshot()).toEqual(before);
    // A new share goes to the top.
    await create({ name: "最新" });
    expect((await names())[0]).toBe("最新");
  });

  it("batch-deletes all or nothing", async () => {
    const before = await snapshot();
    const bad = await admin.rest("POST", "/api/resource-shares/batch-delete", { ids: [ids[0], 999999] });
    expect([bad.status, bad.body.message]).toEqual([404, "资源不存在"]);
    expect((await admin.rest("POST", "/api/resource-shares/batch-delete", { ids: [] })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    const ok = await admin.rest("POST", "/api/resource-shares/batch-delete", { ids: [ids[0], ids[1]] });
    expect(ok.body.data).toEqual({ deleted: 2 });
    expect(await names()).toEqual(["最新", "游戏存档", "主题_100%"]);
  });
});
