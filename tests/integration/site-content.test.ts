import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcess } from "../support/inprocess";
import { GUEST_READS } from "../../server/src/modules/announcements/announcements.service";
import {
  clients,
  png,
  storedFileExists,
  storedFiles,
  upload,
  versions,
  type Client,
  type Server,
} from "./site-content-support";

let server: Server;
let admin: Client, user: Client, guest: Client;
let adminToken: string, userToken: string;

beforeAll(async () => {
  server = await startInProcess();
  ({ admin, user, guest, adminToken, userToken } = await clients(server, "reader_1"));
});
afterAll(async () => server?.stopAll());

const BANNER_FIELDS = `id imageUrl altText title linkUrl isActive sortOrder`;

describe("banners", () => {
  it("uploads an image, creates, lists publicly (REST + GraphQL), toggles, reorders, edits and deletes", async () => {
    const before = await versions(guest);
    const up = await upload(server, adminToken, "/api/banners/upload", "image", png(8, 4));
    expect(up.status).toBe(200);
    expect(up.body.data.url).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.png$/);
    const imageUrl = up.body.data.url as string;
    expect(storedFileExists(server, imageUrl)).toBe(true);
    // The stored image is served publicly.
    const served = await fetch(server.url + imageUrl);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/png"]);

    const a = await admin.rest("POST", "/api/banners", {
      image_url: imageUrl,
      alt_text: "夏日活动",
      title: "活动一",
      link_url: "/app/1",
    });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({
      image_url: imageUrl,
      alt_text: "夏日活动",
      title: "活动一",
      link_url: "/app/1",
      is_active: true,
      sort_order: 0,
    });
    const b = await admin.gql(`mutation($i: BannerInput!) { createBanner(input: $i) { ${BANNER_FIELDS} } }`, {
      i: { imageUrl: "https://cdn.example.com/b.png", title: "活动二", linkUrl: "https://example.com/x" },
    });
    expect(b.body.errors).toBeUndefined();
    expect(b.body.data.createBanner).toMatchObject({ title: "活动二", isActive: true, sortOrder: 1 });
    const idA = a.body.data.id as number;
    const idB = Number(b.body.data.createBanner.id);
    expect(Number((await versions(guest)).banners)).toBeGreaterThan(Number(before.banners));

    const pub = await guest.rest("GET", "/api/banners/public");
    expect(pub.status).toBe(200);
    expect(pub.headers.get("cache-control")).toBe("public, max-age=30");
    expect(pub.body.data.map((x: { id: number }) => x.id)).toEqual([idA, idB]);
    expect(pub.body.data[0]).toMatchObject({
      id: idA,
      image_url: imageUrl,
      alt_text: "夏日活动",
      title: "活动一",
      is_active: true,
    });

    // Switched off: gone from the public lists, still in the admin's.
    const off = await admin.rest("PATCH", `/api/banners/${idA}/status`, { is_active: false });
    expect([off.status, off.body.data.is_active]).toEqual([200, false]);
    const gqlPublic = await guest.gql(`{ banners { ${BANNER_FIELDS} } }`);
    expect(gqlPublic.body.data.banners.map((x: { id: string }) => Number(x.id))).toEqual([idB]);
    expect((await admin.gql(`{ adminBanners { id isActive } }`)).body.data.adminBanners).toHaveLength(2);
    await admin.gql(`mutation { setBannerActive(id: ${idA}, isActive: true) { id } }`);

    const reordered = await admin.rest("POST", "/api/banners/reorder", { ids: [idB, idA] });
    expect(reordered.body.data.map((x: { id: number }) => x.id)).toEqual([idB, idA]);
    expect((await guest.gql(`{ banners { id } }`)).body.data.banners.map((x: { id: string }) => Number(x.id))).toEqual([
      idB,
      idA,
    ]);

    // Replacing the uploaded image removes the old file.
    const up2 = await upload(server, adminToken, "/api/banners/upload", "image", png(5, 5));
    const upd = await admin.rest("PUT", `/api/banners/${idA}`, { image_url: up2.body.data.url, title: "活动一（改）" });
    expect(upd.body.data).toMatchObject({ image_url: up2.body.data.url, title: "活动一（改）", alt_text: "夏日活动" });
    expect(storedFileExists(server, imageUrl)).toBe(false);

    const del = await admin.rest("DELETE", `/api/banners/${idA}`);
    expect(del.status).toBe(200);
    expect(storedFileExists(server, up2.body.data.url)).toBe(false);
    expect((await admin.rest("GET", `/api/banners/${idA}`)).status).toBe(404);
    expect((await admin.gql(`mutation { deleteBanner(id: ${idB}) }`)).body.data.deleteBanner).toBe(true);
    expect((await guest.rest("GET", "/api/banners/public")).body.data).toEqual([]);
  });

  it("refuses bad links, unknown ids and bad uploads, changing nothing", async () => {
    const ok = await admin.rest("POST", "/api/banners", { image_url: "/uploads/banners/x.png", link_url: "" });
    expect(ok.status).toBe(200);
    const id = ok.body.data.id;
    for (const link_url of ["javascript:alert(1)", "//evil.example/x", "ftp://x.y", "data:text/html,hi", "app/1"]) {
      const r = await admin.rest("POST", "/api/banners", { image_url: "/a.png", link_url });
      expect([r.status, r.body.message]).toEqual([400, "链接地址无效：仅支持 http(s) 链接或以 / 开头的站内路径"]);
      const u = await admin.rest("PUT", `/api/banners/${id}`, { link_url, title: "不应保存" });
      expect(u.status).toBe(400);
    }
    expect((await admin.rest("POST", "/api/banners", { title: "没有图片" })).body.message).toBe("请上传轮播图图片");
    expect((await admin.rest("POST", "/api/banners", { image_url: "/a.png", title: "x".repeat(101) })).status).toBe(
      400,
    );
    expect((await admin.rest("GET", `/api/banners/${id}`)).body.data).toMatchObject({ title: "", link_url: "" });

    expect((await admin.rest("PUT", "/api/banners/999999", { title: "x" })).status).toBe(404);
    expect((await admin.rest("DELETE", "/api/banners/999999")).status).toBe(404);
    expect((await admin.rest("PATCH", "/api/banners/999999/status", { is_active: true })).status).toBe(404);
    expect((await admin.rest("PATCH", `/api/banners/${id}/status`, { is_active: "yes" })).status).toBe(400);
    expect((await admin.rest("DELETE", "/api/banners/abc")).status).toBe(400);
    const badOrder = await admin.rest("POST", "/api/banners/reorder", { ids: [id, 999999] });
    expect(badOrder.status).toBe(404);
    expect((await admin.rest("POST", "/api/banners/reorder", { ids: [] })).status).toBe(400);
    const gqlMissing = await admin.gql(`mutation { updateBanner(id: 999999, input: { title: "x" }) { id } }`);
    expect(gqlMissing.body.errors?.[0].message).toBe("轮播图不存在");

    const filesBefore = storedFiles(server, "banners");
    const notImage = await upload(
      server,
      adminToken,
      "/api/banners/upload",
      "image",
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      "a.svg",
    );
    expect([notImage.status, notImage.body.message]).toEqual([400, "仅支持 PNG、JPG、GIF、WEBP 格式的图片"]);
    const big = Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = await upload(server, adminToken, "/api/banners/upload", "image", big);
    expect(tooBig.status).toBe(413);
    const wrongField = await upload(server, adminToken, "/api/banners/upload", "file", png());
    expect(wrongField.status).toBe(400);
    expect(storedFiles(server, "banners")).toEqual(filesBefore);
    await admin.rest("DELETE", `/api/banners/${id}`);
  });

  it("refuses guests and non-admins", async () => {
    expect((await guest.rest("POST", "/api/banners", { image_url: "/a.png" })).status).toBe(401);
    expect((await user.rest("POST", "/api/banners", { image_url: "/a.png" })).status).toBe(403);
    expect((await user.rest("GET", "/api/banners")).status).toBe(403);
    expect((await upload(server, userToken, "/api/banners/upload", "image", png())).status).toBe(403);
    const g = await user.gql(`{ adminBanners { id } }`);
    expect(g.body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const m = await guest.gql(`mutation { createBanner(input: { imageUrl: "/a.png" }) { id } }`);
    expect(m.body.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await admin.rest("GET", "/api/banners")).body.data).toEqual([]);
  });
});

const ANN_FIELDS = `id title content status publishedAt createdAt readCount`;

describe("announcements", () => {
  it("drafts stay private; publishing sets published_at once; public list newest first (REST + GraphQL)", async () => {
    const d = await admin.rest("POST", "/api/announcements", {
      title: "维护通知",
      content: "今晚 23:00 维护。\n<b>不是HTML</b>",
    });
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ title: "维护通知", status: "draft", published_at: null, read_count: 0 });
    const p = await admin.gql(`mutation($i: AnnouncementInput!) { createAnnouncement(input: $i) { ${ANN_FIELDS} } }`, {
      i: { title: "新功能上线", content: "签名更快了", status: "published" },
    });
    expect(p.body.errors).toBeUndefined();
    expect(p.body.data.createAnnouncement.publishedAt).toBeTruthy();
    const draftId = d.body.data.id as number;
    const pubId = Number(p.body.data.createAnnouncement.id);

    let pub = await guest.rest("GET", "/api/announcements/public");
    expect(pub.headers.get("cache-control")).toBe("public, max-age=30");
    expect(pub.body.data.map((a: { id: number }) => a.id)).toEqual([pubId]);

    const published = await admin.rest("PATCH", `/api/announcements/${draftId}/status`, { status: "published" });
    const firstPublishedAt = published.body.data.published_at;
    expect(firstPublishedAt).toBeTruthy();
    pub = await guest.rest("GET", "/api/announcements/public");
    expect(pub.body.data.map((a: { id: number }) => a.id)).toEqual([draftId, pubId]);
    expect(pub.body.data[0].content).toBe("今晚 23:00 维护。\n<b>不是HTML</b>");

    await admin.rest("PATCH", `/api/announcements/${draftId}/status`, { status: "draft" });
    expect(
      (await guest.gql(`{ announcements { id } }`)).body.data.announcements.map((a: { id: string }) => Number(a.id)),
    ).toEqual([pubId]);
    const again = await admin.gql(
      `mutation { setAnnouncementStatus(id: ${draftId}, status: "published") { publishedAt status } }`,
    );
    expect(again.body.data.setAnnouncementStatus).toEqual({ publishedAt: firstPublishedAt, status: "published" });

    const edited = await admin.rest("PUT", `/api/announcements/${pubId}`, { content: "签名快了一倍" });
    expect(edited.body.data).toMatchObject({ title: "新功能上线", content: "签名快了一倍", status: "published" });
    const gqlList = await admin.gql(
      `{ adminAnnouncements(search: "维护", page: 1, pageSize: 10) { total page pageSize items { id title } } }`,
    );
    expect(gqlList.body.data.adminAnnouncements).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 10,
      items: [{ id: String(draftId) }],
    });
    const restList = await admin.rest("GET", "/api/announcements?status=published&page=1&limit=1");
    expect(restList.body.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(restList.body.data.items).toHaveLength(1);
  });

  it("counts distinct readers: users by id, guests by address and browser; idempotent; unknown 404", async () => {
    const a = (
      await admin.rest("POST", "/api/announcements", { title: "阅读计数", content: "内容", status: "published" })
    ).body.data;
    const draft = (await admin.rest("POST", "/api/announcements", { title: "草稿", content: "内容" })).body.data;
    const read = (c: Client, ua: string) =>
      c.rest("POST", `/api/announcements/${a.id}/read`, undefined, { "user-agent": ua });
    expect((await read(guest, "browser-A")).status).toBe(200);
    await read(guest, "browser-A");
    await read(guest, "browser-B");
    await read(user, "browser-A");
    await read(user, "browser-C");
    const g = await user.gql(`mutation { markAnnouncementRead(id: ${a.id}) }`);
    expect(g.body.data.markAnnouncementRead).toBe(true);
    const row = await admin.rest("GET", `/api/announcements/${a.id}`);
    expect(row.body.data.read_count).toBe(3);
    const [{ n }] = await server.services.db.query(
      `SELECT count(*)::int AS n FROM announcement_reads WHERE announcement_id = $1`,
      [a.id],
    );
    expect(n).toBe(3);

    const missing = await guest.rest("POST", "/api/announcements/999999/read");
    expect([missing.status, missing.body.message]).toEqual([404, "公告不存在"]);
    expect((await guest.rest("POST", `/api/announcements/${draft.id}/read`)).status).toBe(404);
    expect((await guest.gql(`mutation { markAnnouncementRead(id: 999999) }`)).body.errors?.[0].extensions?.code).toBe(
      "ANNOUNCEMENT_NOT_FOUND",
    );
  });

  it("bounds the reads one guest address can record (varying the browser does not inflate the count)", async () => {
    const a = (
      await admin.rest("POST", "/api/announcements", { title: "刷量测试", content: "内容", status: "published" })
    ).body.data;
    // Earlier tests in this file read from this address too: reset its window, then fill it.
    await server.services.rateCounter.reset("announcement-read:127.0.0.1");
    const statuses: number[] = [];
    for (let i = 0; i < GUEST_READS.max; i++)
      statuses.push(
        (await guest.rest("POST", `/api/announcements/${a.id}/read`, undefined, { "user-agent": `bot-${i}` })).status,
      );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await guest.rest("POST", `/api/announcements/${a.id}/read`, undefined, { "user-agent": "bot-extra" });
    expect([over.status, over.body.message]).toEqual([429, "请求过于频繁，请稍后再试"]);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const row = await admin.rest("GET", `/api/announcements/${a.id}`);
    expect(row.body.data.read_count).toBe(GUEST_READS.max);
    // Logged-in readers are counted by account and are not limited by the address.
    expect((await user.rest("POST", `/api/announcements/${a.id}/read`)).status).toBe(200);
    await server.services.rateCounter.reset("announcement-read:127.0.0.1");
  });

  it("batch publish, unpublish and delete are all-or-nothing", async () => {
    const ids: number[] = [];
    for (const t of ["批量一", "批量二", "批量三"])
      ids.push((await admin.rest("POST", "/api/announcements", { title: t, content: "批量" })).body.data.id);
    const pubIds = async () =>
      (await guest.rest("GET", "/api/announcements/public")).body.data.map((a: { id: number }) => a.id);
    const before = await pubIds();

    const bad = await admin.rest("POST", "/api/announcements/batch", { operation: "publish", ids: [...ids, 999999] });
    expect([bad.status, bad.body.message]).toEqual([404, "公告不存在"]);
    expect(await pubIds()).toEqual(before);
    const unknownOp = await admin.rest("POST", "/api/announcements/batch", { operation: "archive", ids });
    expect([unknownOp.status, unknownOp.body.message]).toEqual([400, "批量操作无效，可选 delete、publish、unpublish"]);
    expect((await admin.rest("POST", "/api/announcements/batch", { operation: "delete", ids: [] })).status).toBe(400);
    expect((await admin.rest("POST", "/api/announcements/batch", { operation: "delete" })).status).toBe(400);
    expect((await admin.rest("POST", "/api/announcements/batch", { operation: "delete", ids: ["x"] })).status).toBe(
      400,
    );

    const ok = await admin.rest("POST", "/api/announcements/batch", { operation: "publish", ids });
    expect(ok.body.data).toEqual({ operation: "publish", affected: 3 });
    expect(await pubIds()).toEqual(expect.arrayContaining(ids));
    const un = await admin.gql(
      `mutation { batchAnnouncements(operation: "unpublish", ids: [${ids[0]}, ${ids[1]}]) { operation affected } }`,
    );
    expect(un.body.data.batchAnnouncements).toEqual({ operation: "unpublish", affected: 2 });
    expect(await pubIds()).toContain(ids[2]);
    expect(await pubIds()).not.toContain(ids[0]);

    await admin.rest("POST", "/api/announcements/batch", { operation: "delete", ids });
    for (const id of ids) expect((await admin.rest("GET", `/api/announcements/${id}`)).status).toBe(404);
  });

  it("validates titles, contents and status, and refuses non-admins", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "", content: "x" }, "公告标题不能为空"],
      [{ title: "   ", content: "x" }, "公告标题不能为空"],
      [{ title: "x".repeat(101), content: "x" }, "公告标题最多100个字符"],
      [{ title: "t", content: "" }, "公告内容不能为空"],
      [{ title: "t", content: "x".repeat(5001) }, "公告内容最多5000个字符"],
      [{ title: "t", content: "x", status: "live" }, "公告状态无效，可选 published、draft"],
    ];
    const [{ n: before }] = await server.services.db.query(`SELECT count(*)::int AS n FROM announcements`);
    for (const [body, message] of cases) {
      const r = await admin.rest("POST", "/api/announcements", body);
      expect([r.status, r.body.message]).toEqual([400, message]);
    }
    const [{ n: after }] = await server.services.db.query(`SELECT count(*)::int AS n FROM announcements`);
    expect(after).toBe(before);
    expect((await admin.rest("PUT", "/api/announcements/999999", { title: "x" })).status).toBe(404);
    expect((await admin.rest("DELETE", "/api/announcements/999999")).status).toBe(404);
    expect((await admin.rest("PATCH", "/api/announcements/999999/status", { status: "draft" })).status).toBe(404);
    expect((await admin.rest("GET", "/api/announcements?page=0")).body.message).toBe("页码无效");
    expect((await admin.rest("GET", "/api/announcements?page=1000000000")).status).toBe(400);

    expect((await user.rest("POST", "/api/announcements", { title: "t", content: "c" })).status).toBe(403);
    expect((await guest.rest("POST", "/api/announcements/batch", { operation: "delete", ids: [1] })).status).toBe(401);
    expect((await user.gql(`{ adminAnnouncements { total } }`)).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

describe("category announcements", () => {
  it("one per category (upsert), public read (REST + GraphQL), null when none or inactive, delete", async () => {
    const none = await guest.rest("GET", "/api/category-announcements/category/dylib");
    expect([none.status, none.body.success, none.body.data]).toEqual([200, true, null]);
    expect(none.headers.get("cache-control")).toBe("public, max-age=30");
    expect(
      (await guest.gql(`{ categoryAnnouncement(categoryId: "dylib") { title } }`)).body.data.categoryAnnouncement,
    ).toBeNull();

    const created = await admin.rest("POST", "/api/category-announcements", {
      category_id: "dylib",
      title: "动态库须知",
      content: "注入前请备份。",
    });
    expect(created.body.data).toMatchObject({ category_id: "dylib", title: "动态库须知", is_active: true });
    const upd = await admin.gql(
      `mutation { upsertCategoryAnnouncement(categoryId: "dylib", input: { title: "动态库须知（新）", content: "新内容" }) { id categoryId title } }`,
    );
    expect(upd.body.data.upsertCategoryAnnouncement).toMatchObject({
      id: String(created.body.data.id),
      categoryId: "dylib",
      title: "动态库须知（新）",
    });
    const pub = await guest.rest("GET", "/api/category-announcements/category/dylib");
    expect(pub.body.data).toEqual({ title: "动态库须知（新）", content: "新内容" });
    expect(
      (await guest.gql(`{ categoryAnnouncement(categoryId: "dylib") { title content } }`)).body.data
        .categoryAnnouncement,
    ).toEqual({
      title: "动态库须知（新）",
      content: "新内容",
    });

    await admin.rest("PUT", "/api/category-announcements/resource-shares", {
      title: "资源说明",
      content: "仅供学习",
      is_active: false,
    });
    expect((await guest.rest("GET", "/api/category-announcements/category/resource-shares")).body.data).toBeNull();
    const all = await admin.rest("GET", "/api/category-announcements/all");
    expect(all.body.data.map((c: { category_id: string }) => c.category_id)).toEqual(["dylib", "resource-shares"]);
    expect(
      (await admin.gql(`{ adminCategoryAnnouncements { categoryId isActive } }`)).body.data.adminCategoryAnnouncements,
    ).toHaveLength(2);

    expect((await admin.rest("DELETE", "/api/category-announcements/resource-shares")).status).toBe(200);
    expect(
      (await admin.gql(`mutation { deleteCategoryAnnouncement(categoryId: "dylib") }`)).body.data
        .deleteCategoryAnnouncement,
    ).toBe(true);
    expect((await admin.rest("GET", "/api/category-announcements/all")).body.data).toEqual([]);
  });

  it("app categories by numeric id; bad or unknown ids refused", async () => {
    const [{ id }] = await server.services.db.query(
      `INSERT INTO categories (name, display_name) VALUES ('tools', '工具') RETURNING id`,
    );
    const r = await admin.rest("PUT", `/api/category-announcements/${id}`, { title: "工具类", content: "说明" });
    expect(r.body.data.category_id).toBe(String(id));
    expect((await guest.rest("GET", `/api/category-announcements/category/${id}`)).body.data).toEqual({
      title: "工具类",
      content: "说明",
    });

    expect((await admin.rest("PUT", "/api/category-announcements/999999", { title: "t", content: "c" })).status).toBe(
      404,
    );
    expect(
      (await admin.rest("PUT", "/api/category-announcements/games!", { title: "t", content: "c" })).body.message,
    ).toBe("分类ID无效");
    expect((await guest.rest("GET", "/api/category-announcements/category/..%2f..%2fetc")).status).toBe(400);
    expect((await admin.rest("PUT", `/api/category-announcements/${id}`, { title: "", content: "c" })).status).toBe(
      400,
    );
    expect((await guest.rest("GET", `/api/category-announcements/category/${id}`)).body.data.title).toBe("工具类");
    expect((await admin.rest("DELETE", "/api/category-announcements/dylib")).status).toBe(404);
    expect((await user.rest("GET", "/api/category-announcements/all")).status).toBe(403);
    expect((await user.rest("DELETE", `/api/category-announcements/${id}`)).status).toBe(403);
  });
});

describe("QQ groups", () => {
  it("admin CRUD and order; public list (REST + GraphQL) only active groups", async () => {
    const v0 = Number((await versions(guest)).qqGroups);
    const a = await admin.rest("POST", "/api/qq-groups", { name: "果仁一群", number: "123456789" });
    expect(a.body.data).toMatchObject({ name: "果仁一群", number: "123456789", is_active: true, sort_order: 0 });
    const b = await admin.gql(
      `mutation { createQQGroup(input: { name: "果仁二群", number: " 98765 " }) { id number sortOrder } }`,
    );
    expect(b.body.data.createQQGroup).toMatchObject({ number: "98765", sortOrder: 1 });
    const c = await admin.rest("POST", "/api/qq-groups", { name: "停用群", number: 555555, is_active: false });
    expect(c.body.data.number).toBe("555555");
    expect(Number((await versions(guest)).qqGroups)).toBeGreaterThan(v0);

    const pub = await guest.rest("GET", "/api/qq-groups/public");
    expect(pub.headers.get("cache-control")).toBe("public, max-age=30");
    expect(pub.body.data.map((g: { name: string }) => g.name)).toEqual(["果仁一群", "果仁二群"]);
    expect(pub.body.data[0]).toMatchObject({ id: a.body.data.id, name: "果仁一群", number: "123456789" });

    await admin.rest("POST", "/api/qq-groups/reorder", { ids: [Number(b.body.data.createQQGroup.id)] });
    expect((await guest.gql(`{ qqGroups { name number } }`)).body.data.qqGroups).toEqual([
      { name: "果仁二群", number: "98765" },
      { name: "果仁一群", number: "123456789" },
    ]);
    const upd = await admin.rest("PUT", `/api/qq-groups/${a.body.data.id}`, {
      name: "果仁一群（满）",
      is_active: false,
    });
    expect(upd.body.data).toMatchObject({ name: "果仁一群（满）", number: "123456789", is_active: false });
    expect((await guest.gql(`{ qqGroups { name } }`)).body.data.qqGroups).toEqual([{ name: "果仁二群" }]);
    expect((await admin.gql(`{ adminQQGroups { name } }`)).body.data.adminQQGroups).toHaveLength(3);

    expect((await admin.rest("DELETE", `/api/qq-groups/${c.body.data.id}`)).status).toBe(200);
    expect((await admin.rest("GET", "/api/qq-groups")).body.data).toHaveLength(2);
  });

  it("refuses invalid numbers with 无效的群号, bad names, unknown ids and non-admins", async () => {
    const list = async () => (await admin.rest("GET", "/api/qq-groups")).body.data;
    const before = await list();
    for (const number of ["", "1234", "1234567890123", "12a456", "012345", null, 12.5]) {
      const r = await admin.rest("POST", "/api/qq-groups", { name: "新群", number });
      expect([r.status, r.body.message]).toEqual([400, "无效的群号"]);
    }
    expect((await admin.rest("POST", "/api/qq-groups", { name: "", number: "123456" })).body.message).toBe(
      "群名称不能为空",
    );
    expect((await admin.rest("POST", "/api/qq-groups", { name: "x".repeat(51), number: "123456" })).body.message).toBe(
      "群名称最多50个字符",
    );
    const gql = await admin.gql(`mutation { createQQGroup(input: { name: "x", number: "abc" }) { id } }`);
    expect(gql.body.errors?.[0].message).toBe("无效的群号");
    const id = before[0].id;
    expect((await admin.rest("PUT", `/api/qq-groups/${id}`, { number: "1" })).status).toBe(400);
    expect(await list()).toEqual(before);
    expect((await admin.rest("PUT", "/api/qq-groups/999999", { name: "x" })).status).toBe(404);
    expect((await admin.rest("DELETE", "/api/qq-groups/999999")).status).toBe(404);
    expect((await user.rest("POST", "/api/qq-groups", { name: "x", number: "123456" })).status).toBe(403);
    expect((await user.rest("GET", "/api/qq-groups")).status).toBe(403);
    expect((await guest.rest("DELETE", `/api/qq-groups/${id}`)).status).toBe(401);
    expect((await user.gql(`{ adminQQGroups { id } }`)).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});
