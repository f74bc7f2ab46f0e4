import { privateDir, uploadsDir } from "../support/stored-files";
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { encodePng } from "@gryx/apple/png";
import { sniffImage } from "../../server/src/common/image";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;
let user: Client;
let guest: Client;
const tokenOf = new Map<Client, string>();

const PNG = encodePng(4, 4, new Uint8Array(64).fill(180));

beforeAll(async () => {
  server = await startInProcess();
  admin = client(server.url);
  tokenOf.set(admin, (await admin.login("admin", server.adminPassword)).token);
  user = client(server.url);
  await user.rest("POST", "/api/auth/register", { username: "cat_user", password: "secret1" });
  tokenOf.set(user, (await user.login("cat_user", "secret1")).token);
  guest = client(server.url);
});
afterAll(async () => server?.stopAll());

async function upload(c: Client, urlPath: string, field: string, data: Buffer, filename: string) {
  const form = new FormData();
  form.append(field, new Blob([data]), filename);
  const t = tokenOf.get(c);
  const res = await fetch(server.url + urlPath, {
    method: "POST",
    body: form,
    headers: t ? { authorization: `Bearer ${t}` } : {},
  });
  return { status: res.status, body: (await res.json()) as any };
}

const db = () => server.services.db;
const appsSnapshot = () => db().query(`SELECT * FROM apps ORDER BY id`);
const categoriesSnapshot = () => db().query(`SELECT * FROM categories ORDER BY id`);
const versions = () => server.services.contentVersions.all();
const storageFiles = (dir: string) => {
  const full = path.join(server.services.config.storageDir, dir);
  return existsSync(full) ? readdirSync(full) : [];
};

/** Runs a GraphQL operation as the admin and returns its data, failing on errors. */
async function gqlOk(c: Client, query: string, variables?: Record<string, unknown>) {
  const r = await c.gql(query, variables);
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data;
}

async function gqlError(c: Client, query: string, variables?: Record<string, unknown>) {
  const r = await c.gql(query, variables);
  expect(r.body.errors?.length, JSON.stringify(r.body)).toBeGreaterThan(0);
  return r.body.errors![0];
}

const CREATE_CATEGORY = `mutation($input: CategoryInput!) { createCategory(input: $input) { id name displayName weigh kind builtIn } }`;
const CREATE_APP = `mutation($input: AppInput!) { createApp(input: $input) { id name icon version size description keywords categoryId categoryName price bundleId isActive sortOrder hasIpa minOsVersion createdAt updatedAt } }`;
const CATALOG = `query($categoryId: ID, $price: PriceFilter, $search: String, $page: Int, $pageSize: Int) {
  catalog(categoryId: $categoryId, price: $price, search: $search, page: $page, pageSize: $pageSize) {
    total page pageSize items { id kind name icon description version size updatedAt price isFree bundleId author category tags keywords }
  }
}`;

async function createCategory(name: string, extra: Record<string, unknown> = {}) {
  return (await gqlOk(admin, CREATE_CATEGORY, { input: { name, ...extra } })).createCategory;
}
async function createApp(input: Record<string, unknown>) {
  return (await gqlOk(admin, CREATE_APP, { input })).createApp;
}

describe("categories", () => {
  it("lists only the two built-in pseudo-categories while there are none, over GraphQL and REST", async () => {
    const g = await gqlOk(guest, `{ categories { id name displayName weigh kind builtIn } }`);
    expect(g.categories.map((c: any) => [c.id, c.displayName, c.kind, c.builtIn])).toEqual([
      ["dylib", "动态库", "DYLIB", true],
      ["resource-shares", "资源分享", "RESOURCE_SHARE", true],
    ]);
    const r = await guest.rest("GET", "/api/app-types");
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("public, max-age=30");
    expect(r.body.data.types.map((t: any) => [t.id, t.name, t.display_name])).toEqual([
      ["dylib", "dylib", "动态库"],
      ["resource-shares", "resource-shares", "资源分享"],
    ]);
  });

  it("creates, renames, orders and resets categories; GraphQL and REST agree", async () => {
    const before = await versions();
    const a = await createCategory("cat-a", { displayName: "分类A", weigh: 5 });
    expect(a).toMatchObject({ name: "cat-a", displayName: "分类A", weigh: 5, kind: "APP", builtIn: false });
    const created = await admin.rest("POST", "/api/app-types", { name: "cat-b", display_name: "分类B", weigh: 9 });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: "cat-b", display_name: "分类B", weigh: 9 });
    const b = created.body.data;
    expect(Number((await versions()).categories)).toBeGreaterThan(Number(before.categories));

    // Larger weigh first, the pseudo-categories last.
    const list = (await gqlOk(guest, `{ categories { id name weigh } }`)).categories;
    expect(list.map((c: any) => c.name)).toEqual(["cat-b", "cat-a", "dylib", "resource-shares"]);
    const rest = (await guest.rest("GET", "/api/app-types")).body.data.types;
    expect(rest.map((t: any) => [String(t.id), t.name, t.weigh])).toEqual(
      list.map((c: any) => [c.id, c.name, c.weigh]),
    );

    const renamed = await admin.rest("PUT", `/api/app-types/${a.id}`, { display_name: "分类甲" });
    expect(renamed.body.data).toMatchObject({ name: "cat-a", display_name: "分类甲", weigh: 5 });

    const reordered = await gqlOk(admin, `mutation($ids: [ID!]!) { reorderCategories(ids: $ids) { id name } }`, {
      ids: [a.id, String(b.id)],
    });
    expect(reordered.reorderCategories.map((c: any) => c.name)).toEqual(["cat-a", "cat-b", "dylib", "resource-shares"]);

    const reset = await admin.rest("POST", "/api/app-types/reset-default");
    expect(reset.status).toBe(200);
    expect(reset.body.data.types.map((t: any) => t.name)).toEqual([
      "默认",
      "游戏",
      "工具",
      "影音",
      "社交",
      "cat-a",
      "cat-b",
      "dylib",
      "resource-shares",
    ]);
    // Running it again changes nothing in the list.
    const again = await gqlOk(admin, `mutation { resetDefaultCategories { name displayName } }`);
    expect(again.resetDefaultCategories.map((c: any) => c.name)).toEqual(reset.body.data.types.map((t: any) => t.name));
    expect(again.resetDefaultCategories[0]).toEqual({ name: "默认", displayName: "默认" });
  });

  it("refuses bad names, duplicates, reserved names and unknown ids, changing nothing", async () => {
    const before = await categoriesSnapshot();
    const cases: [unknown, number, string][] = [
      [{ name: "" }, 400, "分类名称不能为空"],
      [{ name: "   " }, 400, "分类名称不能为空"],
      [{ name: "x".repeat(101) }, 400, "分类名称最多100个字符"],
      [{ name: "dylib" }, 400, "该分类名称为系统保留"],
      [{ name: "Resource-Shares" }, 400, "该分类名称为系统保留"],
      [{ name: "游戏" }, 409, "分类名称已存在"],
      [{ name: "CAT-A" }, 409, "分类名称已存在"],
      [{ name: "ok", weigh: 1.5 }, 400, "排序权重无效"],
      [{ name: "ok", display_name: "y".repeat(101) }, 400, "显示名称最多100个字符"],
    ];
    for (const [body, status, message] of cases) {
      const r = await admin.rest("POST", "/api/app-types", body);
      expect([r.status, r.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    const [some] = await db().query(`SELECT id FROM categories WHERE name = 'cat-a'`);
    expect((await admin.rest("PUT", `/api/app-types/${some.id}`, { name: "游戏" })).status).toBe(409);
    expect((await admin.rest("PUT", "/api/app-types/999999", { name: "z" })).body.message).toBe("分类不存在");
    expect((await admin.rest("PUT", "/api/app-types/999999", { name: "z" })).status).toBe(404);
    expect((await admin.rest("DELETE", "/api/app-types/999999")).status).toBe(404);
    expect((await admin.rest("PUT", "/api/app-types/abc", { name: "z" })).status).toBe(400);
    const badOrder = await admin.rest("POST", "/api/app-types/reorder", { ids: [some.id, 999999] });
    expect([badOrder.status, badOrder.body.message]).toEqual([404, "分类不存在"]);
    expect((await admin.rest("POST", "/api/app-types/reorder", { ids: [] })).status).toBe(400);
    expect(await categoriesSnapshot()).toEqual(before);
  });

  it("keeps guests and users out of the admin operations", async () => {
    const before = await categoriesSnapshot();
    expect((await guest.rest("POST", "/api/app-types", { name: "g" })).status).toBe(401);
    expect((await user.rest("POST", "/api/app-types", { name: "u" })).status).toBe(403);
    expect((await user.rest("POST", "/api/app-types/reset-default")).status).toBe(403);
    expect((await guest.rest("DELETE", `/api/app-types/${before[0].id}`)).status).toBe(401);
    expect((await gqlError(user, CREATE_CATEGORY, { input: { name: "u" } })).extensions?.code).toBe("FORBIDDEN");
    expect((await gqlError(guest, `mutation { resetDefaultCategories { id } }`)).extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
    expect(await categoriesSnapshot()).toEqual(before);
  });
});

describe("apps: public lists", () => {
  let games: any;
  let tools: any;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const cats = (await gqlOk(guest, `{ categories { id name } }`)).categories;
    games = cats.find((c: any) => c.name === "游戏");
    tools = cats.find((c: any) => c.name === "工具");
    // Created in this order; new apps go to the top, so the list shows them newest first.
    for (let i = 1; i <= 12; i++) {
      const a = await createApp({
        name: `游戏${String(i).padStart(2, "0")}`,
        version: `1.${i}`,
        categoryId: games.id,
        price: i % 3 === 0 ? 6.5 : 0,
        keywords: i === 7 ? "rpg,冒险" : "",
        bundleId: `com.example.game${i}`,
        description: `第${i}个游戏`,
        size: i * 1024 * 1024,
      });
      ids[`g${i}`] = a.id;
    }
    ids.tool = (
      await createApp({ name: "扫描工具", categoryId: tools.id, bundleId: "com.example.scanner", price: 1 })
    ).id;
    ids.off = (await createApp({ name: "下架的游戏", categoryId: games.id, isActive: false })).id;
    ids.none = (await createApp({ name: "无分类应用", bundleId: "org.sample.plain" })).id;
  });

  it("pages a category the same way over GraphQL and REST, newest first, active only", async () => {
    const g = (await gqlOk(guest, CATALOG, { categoryId: games.id, page: 1, pageSize: 5 })).catalog;
    expect(g.total).toBe(12);
    expect(g.items.map((i: any) => i.name)).toEqual(["游戏12", "游戏11", "游戏10", "游戏09", "游戏08"]);
    expect(g.items[0]).toMatchObject({
      kind: "APP",
      version: "1.12",
      price: 6.5,
      isFree: false,
      bundleId: "com.example.game12",
      category: "游戏",
      tags: [],
      size: 12 * 1024 * 1024,
    });
    expect(g.items[1]).toMatchObject({ price: 0, isFree: true });

    const r = await guest.rest("GET", `/api/apps?category_id=${encodeURIComponent("游戏")}&page=1&limit=5`);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("public, max-age=30");
    expect(r.body.data).toMatchObject({ total: 12, page: 1, limit: 5 });
    expect(r.body.data.apps.map((a: any) => String(a.id))).toEqual(g.items.map((i: any) => i.id));
    const first = r.body.data.apps[0];
    expect(first).toMatchObject({
      name: "游戏12",
      nickname: "1.12",
      size: 12 * 1024 * 1024,
      sizeFormatted: "12.00 MB",
      description: "第12个游戏",
      type: "游戏",
      resource_fee: 6.5,
      price: 6.5,
      bundleId: "com.example.game12",
    });
    expect(first.updatetime).toBe(Math.floor(new Date(g.items[0].updatedAt).getTime() / 1000));

    const page3 = (await gqlOk(guest, CATALOG, { categoryId: games.id, page: 3, pageSize: 5 })).catalog;
    expect(page3.items.map((i: any) => i.name)).toEqual(["游戏02", "游戏01"]);
    // A page past the end is empty but still tells the total.
    const past = (await guest.rest("GET", `/api/apps?category_id=${encodeURIComponent("游戏")}&page=9&limit=5`)).body
      .data;
    expect([past.apps.length, past.total]).toEqual([0, 12]);
  });

  it("lists all active apps without a category, and filters by price", async () => {
    const all = (await gqlOk(guest, CATALOG, { pageSize: 100 })).catalog;
    expect(all.total).toBe(14);
    expect(all.items.map((i: any) => i.name)).not.toContain("下架的游戏");
    expect(all.items.slice(0, 2).map((i: any) => i.name)).toEqual(["无分类应用", "扫描工具"]);
    const paid = (await gqlOk(guest, CATALOG, { categoryId: games.id, price: "PAID", pageSize: 100 })).catalog;
    expect(paid.items.map((i: any) => i.name)).toEqual(["游戏12", "游戏09", "游戏06", "游戏03"]);
    const free = (await guest.rest("GET", `/api/apps?category_id=${encodeURIComponent("游戏")}&price=free&limit=100`))
      .body.data;
    expect(free.total).toBe(8);
    expect(free.apps.every((a: any) => a.price === 0)).toBe(true);
    expect((await guest.rest("GET", "/api/apps?price=cheap")).status).toBe(400);
  });

  it("searches names, keywords and bundle ids, case-insensitively, with wildcards taken literally", async () => {
    const names = async (search: string) =>
      (await gqlOk(guest, CATALOG, { search, pageSize: 100 })).catalog.items.map((i: any) => i.name);
    expect(await names("扫描")).toEqual(["扫描工具"]);
    expect(await names("冒险")).toEqual(["游戏07"]);
    expect(await names("COM.EXAMPLE.GAME1")).toEqual(["游戏12", "游戏11", "游戏10", "游戏01"]);
    expect(await names("org.sample")).toEqual(["无分类应用"]);
    expect(await names("%")).toEqual([]);
    expect(await names("下架")).toEqual([]);
    const rest = (
      await guest.rest(
        "GET",
        `/api/apps?search=${encodeURIComponent("game1")}&category_id=${encodeURIComponent("游戏")}`,
      )
    ).body.data;
    expect(rest.apps.map((a: any) => a.name)).toEqual(["游戏12", "游戏11", "游戏10", "游戏01"]);
  });

  it("answers unknown categories with 404 and bad pages with 400", async () => {
    const unknown = await guest.rest("GET", `/api/apps?category_id=${encodeURIComponent("没有这个分类")}`);
    expect([unknown.status, unknown.body.message]).toEqual([404, "分类不存在"]);
    expect((await gqlError(guest, CATALOG, { categoryId: "999999" })).message).toBe("分类不存在");
    expect((await gqlError(guest, CATALOG, { categoryId: "nope" })).extensions?.code).toBe("CATEGORY_NOT_FOUND");
    // The id of a category works too (old links).
    const byId = await guest.rest("GET", `/api/apps?category_id=${tools.id}`);
    expect(byId.body.data.apps.map((a: any) => a.name)).toEqual(["扫描工具"]);
    for (const page of ["0", "1000000000", "-1", "1.5", "abc"]) {
      const r = await guest.rest("GET", `/api/apps?page=${page}`);
      expect([r.status, r.body.message], page).toEqual([400, "页码无效"]);
    }
    expect((await gqlError(guest, CATALOG, { page: 0 })).message).toBe("页码无效");
    expect((await gqlError(guest, CATALOG, { page: 1_000_000_000 })).message).toBe("页码无效");
    expect((await guest.rest("GET", "/api/apps?limit=101")).status).toBe(400);
    expect((await guest.rest("GET", `/api/apps?search=${"x".repeat(101)}`)).status).toBe(400);
  });

  it("shows an active app's detail to guests, an inactive one only to the admin", async () => {
    const q = `query($id: ID!) { app(id: $id) { id name categoryId categoryName price hasIpa isActive } }`;
    expect((await gqlOk(guest, q, { id: ids.g3 })).app).toMatchObject({
      name: "游戏03",
      categoryName: "游戏",
      price: 6.5,
      hasIpa: false,
      isActive: true,
    });
    expect((await gqlOk(guest, q, { id: ids.off })).app).toBeNull();
    expect((await gqlOk(guest, q, { id: "999999" })).app).toBeNull();
    const r = await guest.rest("GET", `/api/apps/${ids.g3}`);
    expect([r.status, r.body.data.name, r.body.data.type]).toEqual([200, "游戏03", "游戏"]);
    const hidden = await guest.rest("GET", `/api/apps/${ids.off}`);
    expect([hidden.status, hidden.body.message]).toEqual([404, "应用不存在"]);
    expect((await guest.rest("GET", "/api/apps/999999")).status).toBe(404);
    const asAdmin = await admin.rest("GET", `/api/apps/${ids.off}`);
    expect([asAdmin.status, asAdmin.body.data.is_active]).toEqual([200, false]);
    expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("apps: admin", () => {
  it("lists, searches and filters every app for the admin", async () => {
    const q = `query($search: String, $categoryId: ID, $page: Int, $pageSize: Int) {
      adminApps(search: $search, categoryId: $categoryId, page: $page, pageSize: $pageSize) { total page pageSize items { name isActive categoryName } } }`;
    const all = (await gqlOk(admin, q, { pageSize: 100 })).adminApps;
    expect(all.total).toBe(15);
    expect(all.items.map((i: any) => i.name)).toContain("下架的游戏");
    const [games] = await db().query(`SELECT id FROM categories WHERE name = '游戏'`);
    const page2 = (await gqlOk(admin, q, { categoryId: String(games.id), page: 2, pageSize: 10 })).adminApps;
    expect([page2.total, page2.items.length]).toEqual([13, 3]);
    expect((await gqlOk(admin, q, { search: "下架" })).adminApps.items).toEqual([
      { name: "下架的游戏", isActive: false, categoryName: "游戏" },
    ]);
    expect((await gqlError(admin, q, { page: 0 })).message).toBe("页码无效");
    expect((await gqlError(user, q, {})).extensions?.code).toBe("FORBIDDEN");
    expect((await gqlError(guest, q, {})).extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("creates over REST, updates, switches off and on, bumping the apps version each time", async () => {
    let v = Number((await versions()).apps);
    const bumped = async () => {
      const now = Number((await versions()).apps);
      expect(now).toBeGreaterThan(v);
      v = now;
    };
    const r = await admin.rest("POST", "/api/apps", {
      name: "REST 应用",
      nickname: "2.0",
      price: "3.5",
      bundle_id: "com.rest.app",
      keywords: "rest",
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: "REST 应用",
      version: "2.0",
      price: 3.5,
      bundleId: "com.rest.app",
      is_active: true,
      category_id: null,
    });
    await bumped();
    const id = r.body.data.id;
    const upd = await gqlOk(
      admin,
      `mutation($id: ID!, $input: AppInput!) { updateApp(id: $id, input: $input) { name version price description } }`,
      {
        id: String(id),
        input: { description: "新的描述", price: 0 },
      },
    );
    expect(upd.updateApp).toEqual({ name: "REST 应用", version: "2.0", price: 0, description: "新的描述" });
    await bumped();
    const off = await admin.rest("PATCH", `/api/apps/${id}/status`, { is_active: false });
    expect(off.body.data.is_active).toBe(false);
    await bumped();
    expect((await gqlOk(guest, `query($id: ID!) { app(id: $id) { id } }`, { id: String(id) })).app).toBeNull();
    const on = await gqlOk(admin, `mutation($id: ID!) { setAppActive(id: $id, isActive: true) { isActive } }`, {
      id: String(id),
    });
    expect(on.setAppActive.isActive).toBe(true);
    await bumped();
    const put = await admin.rest("PUT", `/api/apps/${id}`, { name: "REST 应用2", category_id: "" });
    expect(put.body.data).toMatchObject({ name: "REST 应用2", description: "新的描述" });
    await gqlOk(admin, `mutation($id: ID!) { deleteApp(id: $id) }`, { id: String(id) });
    await bumped();
    expect((await db().query(`SELECT 1 FROM apps WHERE id = $1`, [id])).length).toBe(0);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const [some] = await db().query(`SELECT id FROM apps ORDER BY id LIMIT 1`);
    const before = await appsSnapshot();
    const v = (await versions()).apps;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "应用名称不能为空"],
      [{ name: "x".repeat(101) }, 400, "应用名称最多100个字符"],
      [{ name: "a", price: -1 }, 400, "价格不能为负数"],
      [{ name: "a", price: "-0.01" }, 400, "价格不能为负数"],
      [{ name: "a", price: 1.234 }, 400, "价格最多保留两位小数"],
      [{ name: "a", price: "abc" }, 400, "价格无效"],
      [{ name: "a", price: 1e7 }, 400, "价格不能超过1000000元"],
      [{ name: "a", description: "d".repeat(5001) }, 400, "应用描述最多5000个字符"],
      [{ name: "a", keywords: "k".repeat(501) }, 400, "关键词最多500个字符"],
      [{ name: "a", bundle_id: "bad id!" }, 400, "Bundle ID 格式无效"],
      [{ name: "a", category_id: 999999 }, 404, "分类不存在"],
      [{ name: "a", category_id: "x" }, 400, "分类ID无效"],
      [{ name: "a", image: "javascript:alert(1)" }, 400, "图标地址无效"],
      [{ name: "a", image: "/uploads/../secret" }, 400, "图标地址无效"],
      [{ name: "a", size: -5 }, 400, "应用大小无效"],
      [{ name: "a", min_os_version: "fourteen" }, 400, "最低系统版本格式无效"],
      [{ name: "a", is_active: "yes" }, 400, "is_active必须是布尔值"],
      [{ name: "a", uploadId: "staging/../../etc/passwd" }, 400, "上传的文件已失效，请重新上传"],
      [{ name: "a", uploadId: "staging/0123456789abcdef0123456789abcdef.ipa" }, 400, "上传的文件已失效，请重新上传"],
    ];
    for (const [body, status, message] of cases) {
      const r = await admin.rest("POST", "/api/apps", body);
      expect([r.status, r.body.message], JSON.stringify(body).slice(0, 80)).toEqual([status, message]);
    }
    const unknown = await admin.rest("PUT", "/api/apps/999999", { name: "z" });
    expect([unknown.status, unknown.body.message]).toEqual([404, "应用不存在"]);
    expect((await admin.rest("PUT", `/api/apps/${some.id}`, { price: -3 })).body.message).toBe("价格不能为负数");
    expect((await admin.rest("PUT", `/api/apps/${some.id}`, { category_id: 999999 })).status).toBe(404);
    expect((await admin.rest("PATCH", "/api/apps/999999/status", { is_active: true })).status).toBe(404);
    expect((await admin.rest("DELETE", "/api/apps/999999")).status).toBe(404);
    expect((await gqlError(admin, CREATE_APP, { input: { name: "g", price: -2 } })).message).toBe("价格不能为负数");
    expect((await gqlError(admin, `mutation { updateApp(id: "999999", input: {name: "x"}) { id } }`)).message).toBe(
      "应用不存在",
    );
    expect(await appsSnapshot()).toEqual(before);
    expect((await versions()).apps).toBe(v);
  });

  it("reorders: the listed apps go to the top in that sequence; unknown ids change nothing", async () => {
    const top = async () => (await gqlOk(guest, CATALOG, { pageSize: 4 })).catalog.items.map((i: any) => i.name);
    const rows = await db().query(`SELECT id, name FROM apps WHERE name IN ('游戏01', '游戏05') ORDER BY name`);
    const r = await admin.rest("POST", "/api/apps/reorder", { ids: [rows[1].id, rows[0].id] });
    expect(r.status).toBe(200);
    expect(r.body.data.map((a: any) => a.name)).toEqual(["游戏05", "游戏01"]);
    const before = await top();
    expect(before.slice(0, 2)).toEqual(["游戏05", "游戏01"]);
    const snap = await appsSnapshot();
    const bad = await admin.rest("POST", "/api/apps/reorder", { ids: [rows[0].id, 999999] });
    expect([bad.status, bad.body.message]).toEqual([404, "应用不存在"]);
    expect((await admin.rest("POST", "/api/apps/reorder", { ids: [rows[0].id, rows[0].id] })).status).toBe(400);
    expect((await admin.rest("POST", "/api/apps/reorder", { ids: "1,2" })).status).toBe(400);
    expect(await appsSnapshot()).toEqual(snap);
    const g = await gqlOk(admin, `mutation($ids: [ID!]!) { reorderApps(ids: $ids) { name sortOrder } }`, {
      ids: [String(rows[0].id)],
    });
    expect(g.reorderApps).toEqual([{ name: "游戏01", sortOrder: 0 }]);
    expect((await top()).slice(0, 2)).toEqual(["游戏01", "游戏05"]);
    expect((await user.rest("POST", "/api/apps/reorder", { ids: [rows[0].id] })).status).toBe(403);
  });

  it("refuses to delete a category that still has apps, deletes an empty one", async () => {
    const [games] = await db().query(`SELECT id FROM categories WHERE name = '游戏'`);
    const r = await admin.rest("DELETE", `/api/app-types/${games.id}`);
    expect([r.status, r.body.message]).toEqual([409, "该分类下还有应用，无法删除"]);
    expect((await db().query(`SELECT 1 FROM categories WHERE id = $1`, [games.id])).length).toBe(1);
    const empty = await createCategory("空分类");
    const note = await admin.rest("POST", "/api/category-announcements", {
      category_id: String(empty.id),
      title: "空分类说明",
      content: "暂无应用",
    });
    expect(note.status).toBe(200);
    const notesBefore = Number((await versions()).announcements);
    const del = await gqlOk(admin, `mutation($id: ID!) { deleteCategory(id: $id) }`, { id: empty.id });
    expect(del.deleteCategory).toBe(true);
    expect((await db().query(`SELECT 1 FROM categories WHERE id = $1`, [empty.id])).length).toBe(0);
    // Its note above the list goes with it.
    expect(await db().query(`SELECT 1 FROM category_announcements WHERE category_id = $1`, [String(empty.id)])).toEqual(
      [],
    );
    expect((await guest.rest("GET", `/api/category-announcements/category/${empty.id}`)).body.data).toBeNull();
    expect(Number((await versions()).announcements)).toBeGreaterThan(notesBefore);
  });
});

describe("uploads", () => {
  it("stores an uploaded icon and refuses non-images, oversized files and non-admins", async () => {
    const ok = await upload(admin, "/api/apps/upload", "icon", PNG, "icon.png");
    expect(ok.status).toBe(200);
    expect(ok.body.data.url).toMatch(/^\/uploads\/icons\/[0-9a-f]{32}\.png$/);
    const served = await fetch(server.url + ok.body.data.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const icons = storageFiles("uploads/icons").length;
    const text = await upload(
      admin,
      "/api/apps/upload",
      "icon",
      Buffer.from("just some text, not an image"),
      "fake.png",
    );
    expect([text.status, text.body.message]).toEqual([400, "仅支持 PNG、JPG、GIF、WEBP 格式的图片"]);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(admin, "/api/apps/upload", "icon", big, "big.png");
    expect(tooBig.status).toBe(413);
    expect((await upload(user, "/api/apps/upload", "icon", PNG, "icon.png")).status).toBe(403);
    expect((await upload(guest, "/api/apps/upload", "icon", PNG, "icon.png")).status).toBe(401);
    expect((await upload(admin, "/api/apps/upload", "image", PNG, "icon.png")).status).toBe(400);
    expect(storageFiles("uploads/icons").length).toBe(icons);
    expect(storageFiles("tmp")).toEqual([]);

    // Saved with an app; deleting the app removes the icon file.
    const app = await createApp({ name: "带图标", iconUrl: ok.body.data.url });
    expect(app.icon).toBe(ok.body.data.url);
    const del = await admin.rest("POST", "/api/apps/batch-delete", { ids: [app.id] });
    expect(del.body.data).toEqual({ deleted: 1 });
    expect((await fetch(server.url + ok.body.data.url)).status).toBe(404);
  });

  it("reads an uploaded IPA, stages it, and attaches it to the app that claims it", async () => {
    const ipa = readFixture("ipa/thin.ipa");
    const r = await upload(admin, "/api/apps/upload-ipa", "ipa", ipa, "Demo.ipa");
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      bundleId: "com.example.demo",
      version: "1.2.3",
      name: "Demo",
      size: ipa.length,
      minOsVersion: "14.0",
    });
    expect(r.body.data.uploadId).toMatch(/^staging\/[0-9a-f]{32}\.ipa$/);
    expect(storageFiles("private/staging")).toHaveLength(1);
    const icon = Buffer.from(await (await fetch(server.url + r.body.data.iconUrl)).arrayBuffer());
    expect(sniffImage(icon)).toMatchObject({ format: "png", width: 180, height: 180 });

    // Name, version and bundle id come from the IPA where the admin gave none.
    const app = await createApp({ ipaUploadId: r.body.data.uploadId, iconUrl: r.body.data.iconUrl, price: 2 });
    expect(app).toMatchObject({
      name: "Demo",
      version: "1.2.3",
      bundleId: "com.example.demo",
      size: ipa.length,
      hasIpa: true,
      minOsVersion: "14.0",
    });
    expect(storageFiles("private/staging")).toEqual([]);
    const ipas = storageFiles("private/ipas");
    expect(ipas).toHaveLength(1);
    expect(readFileSync(path.join(privateDir(server.services), "ipas", ipas[0])).equals(ipa)).toBe(true);

    // An upload is claimed once.
    const twice = await admin.rest("POST", "/api/apps", { name: "又一个", uploadId: r.body.data.uploadId });
    expect([twice.status, twice.body.message]).toEqual([400, "上传的文件已失效，请重新上传"]);

    // A new IPA replaces the old file; the admin's own name and category stay.
    const [tools] = await db().query(`SELECT id FROM categories WHERE name = '工具'`);
    await admin.rest("PUT", `/api/apps/${app.id}`, { name: "改名的 Demo", category_id: tools.id });
    const fat = readFixture("ipa/fat.ipa");
    const r2 = await upload(admin, "/api/apps/upload-ipa", "ipa", fat, "Demo2.ipa");
    const upd = await gqlOk(
      admin,
      `mutation($id: ID!, $input: AppInput!) { updateApp(id: $id, input: $input) { name size hasIpa categoryName } }`,
      {
        id: app.id,
        input: { ipaUploadId: r2.body.data.uploadId, categoryId: null },
      },
    );
    expect(upd.updateApp).toEqual({ name: "改名的 Demo", size: fat.length, hasIpa: true, categoryName: "工具" });
    const cleared = await admin.rest("PUT", `/api/apps/${app.id}`, { category_id: null });
    expect(cleared.body.data.category_id).toBeNull();
    const after = storageFiles("private/ipas");
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(ipas[0]);

    // Deleting the app removes its IPA.
    expect((await admin.rest("DELETE", `/api/apps/${app.id}`)).body.data).toEqual({ deleted: 1 });
    expect(storageFiles("private/ipas")).toEqual([]);
  });

  it("refuses a file that is not an IPA and keeps nothing of it", async () => {
    const before = await appsSnapshot();
    const cases: [string, string][] = [
      ["ipa/not-zip.ipa", "文件不是有效的 IPA（zip）压缩包"],
      ["ipa/no-app.ipa", "IPA 中没有找到 Payload/*.app 应用包"],
      ["ipa/traversal.ipa", "IPA 中包含不安全的路径"],
      ["ipa/bomb-declared.ipa", "IPA 解压后体积或文件数超出限制"],
    ];
    for (const [fixture, message] of cases) {
      const r = await upload(admin, "/api/apps/upload-ipa", "ipa", readFixture(fixture), "x.ipa");
      expect([r.status, r.body.message], fixture).toEqual([400, message]);
    }
    const text = await upload(
      admin,
      "/api/apps/upload-ipa",
      "ipa",
      Buffer.from("hello, I am a text file"),
      "renamed.ipa",
    );
    expect([text.status, text.body.message]).toEqual([400, "文件不是有效的 IPA（zip）压缩包"]);
    expect((await upload(admin, "/api/apps/upload-ipa", "file", readFixture("ipa/thin.ipa"), "x.ipa")).status).toBe(
      400,
    );
    expect((await upload(user, "/api/apps/upload-ipa", "ipa", readFixture("ipa/thin.ipa"), "x.ipa")).status).toBe(403);
    expect(storageFiles("private/staging")).toEqual([]);
    expect(storageFiles("tmp")).toEqual([]);
    expect(await appsSnapshot()).toEqual(before);
  });

  it("refuses an IPA over 2 GB by its declared length without reading it", async () => {
    // A raw request that declares 2049 MB and sends a few bytes: the answer must come without the rest of the body.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(server.url + "/api/apps/upload-ipa", {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokenOf.get(admin)}`,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(2049 * 1024 * 1024),
        },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on("error", reject);
      req.write("--x\r\n");
    });
    expect(status).toBe(413);
    expect(storageFiles("tmp")).toEqual([]);
  });

  it("batch-deletes all listed apps with their files, or none when one is unknown", async () => {
    const a = await createApp({ name: "批量1" });
    const b = await createApp({ name: "批量2" });
    const before = await appsSnapshot();
    const bad = await admin.rest("POST", "/api/apps/batch-delete", { ids: [a.id, 999999] });
    expect([bad.status, bad.body.message]).toEqual([404, "应用不存在"]);
    expect((await admin.rest("POST", "/api/apps/batch-delete", { ids: [] })).status).toBe(400);
    expect((await user.rest("POST", "/api/apps/batch-delete", { ids: [a.id] })).status).toBe(403);
    expect(await appsSnapshot()).toEqual(before);
    const ok = await gqlOk(admin, `mutation($ids: [ID!]!) { deleteApps(ids: $ids) }`, { ids: [a.id, b.id] });
    expect(ok.deleteApps).toBe(2);
    expect(await db().query(`SELECT id FROM apps WHERE id = ANY($1::int[])`, [[a.id, b.id]])).toEqual([]);
  });

  it("prunes staged IPAs and unreferenced icons after a day, keeping what is in use", async () => {
    const staged = await upload(admin, "/api/apps/upload-ipa", "ipa", readFixture("ipa/thin.ipa"), "old.ipa");
    const orphanIcon = (await upload(admin, "/api/apps/upload", "icon", PNG, "a.png")).body.data.url;
    const usedIcon = (await upload(admin, "/api/apps/upload", "icon", PNG, "b.png")).body.data.url;
    await createApp({ name: "用图标", iconUrl: usedIcon });
    const fresh = (await upload(admin, "/api/apps/upload", "icon", PNG, "c.png")).body.data.url;
    const file = (url: string) => path.join(uploadsDir(server.services), url.replace(/^\/uploads\//, ""));
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    for (const f of [
      path.join(privateDir(server.services), staged.body.data.uploadId),
      file(orphanIcon),
      file(usedIcon),
      file(staged.body.data.iconUrl),
    ])
      utimesSync(f, old, old);
    const result = await server.services.apps.housekeeping();
    expect(result.staged).toBe(1);
    expect(result.icons).toBe(2);
    expect(existsSync(path.join(privateDir(server.services), staged.body.data.uploadId))).toBe(false);
    expect(existsSync(file(orphanIcon))).toBe(false);
    expect(existsSync(file(staged.body.data.iconUrl))).toBe(false);
    expect(existsSync(file(usedIcon))).toBe(true);
    expect(existsSync(file(fresh))).toBe(true);
    // The default icon and other kinds are never touched.
    writeFileSync(path.join(uploadsDir(server.services), "icons", "not-ours.txt"), "x");
    utimesSync(path.join(uploadsDir(server.services), "icons", "not-ours.txt"), old, old);
    await server.services.apps.housekeeping();
    expect(statSync(path.join(uploadsDir(server.services), "icons", "not-ours.txt")).isFile()).toBe(true);
  });
});

describe("pseudo-categories", () => {
  it("list dylibs and resource shares through the same catalogue over GraphQL and REST", async () => {
    await gqlOk(
      admin,
      `mutation { createDylib(input: {name: "插件甲", resourceFee: 0, tags: ["a", "b", "c", "d"], author: "作者"}) { id } }`,
    );
    await gqlOk(admin, `mutation { createDylib(input: {name: "插件乙", resourceFee: 2.5}) { id } }`);
    await gqlOk(admin, `mutation { createResourceShare(input: {name: "资源甲", resourceFee: 1}) { id } }`);
    const g = (await gqlOk(guest, CATALOG, { categoryId: "dylib" })).catalog;
    expect(g.items.map((i: any) => [i.kind, i.name])).toEqual([
      ["DYLIB", "插件乙"],
      ["DYLIB", "插件甲"],
    ]);
    const r = (await guest.rest("GET", "/api/apps?category_id=dylib")).body.data;
    expect(r.total).toBe(2);
    expect(r.apps.map((a: any) => [String(a.id), a.type, a.price])).toEqual(
      g.items.map((i: any) => [i.id, "dylib", i.price]),
    );
    expect(r.apps[1]).toMatchObject({ author: "作者", keywords: "a,b,c,d", isFree: true });
    const paid = (await gqlOk(guest, CATALOG, { categoryId: "dylib", price: "PAID" })).catalog;
    expect(paid.items.map((i: any) => i.name)).toEqual(["插件乙"]);

    const rs = (await gqlOk(guest, CATALOG, { categoryId: "resource-shares" })).catalog;
    expect(rs.items.map((i: any) => [i.kind, i.name, i.price])).toEqual([["RESOURCE_SHARE", "资源甲", 1]]);
    const rsRest = (await guest.rest("GET", "/api/apps?category_id=resource-shares")).body.data;
    expect(rsRest.apps.map((a: any) => [String(a.id), a.type])).toEqual([[rs.items[0].id, "resource-share"]]);
  });
});
