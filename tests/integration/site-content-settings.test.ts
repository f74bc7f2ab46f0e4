import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcess } from "../support/inprocess";
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
let adminToken: string, userToken: string, userId: number;

beforeAll(async () => {
  server = await startInProcess();
  ({ admin, user, guest, adminToken, userToken, userId } = await clients(server, "buyer_1"));
});
afterAll(async () => server?.stopAll());

const FEES = `resourceFee flowFee flowFeeThresholdMB flowFeeBase flowFeeRatePerGB flowFeeRounding flowFeeMinMB flowFeeMinAmount`;
const DEFAULT_FEES = {
  resourceFee: 1,
  flowFee: 0,
  flowFeeThresholdMB: 512,
  flowFeeBase: 0.1,
  flowFeeRatePerGB: 0.2,
  flowFeeRounding: "round",
  flowFeeMinMB: 512,
  flowFeeMinAmount: 0.1,
};

describe("fees", () => {
  it("reads the defaults (REST + GraphQL), saves a partial update, and refuses bad values leaving everything unchanged", async () => {
    const r = await guest.rest("GET", "/api/settings/fees");
    expect([r.status, r.headers.get("cache-control")]).toEqual([200, "public, max-age=30"]);
    expect(r.body.data).toEqual(DEFAULT_FEES);
    expect((await guest.gql(`{ feeSettings { ${FEES} } }`)).body.data.feeSettings).toEqual(DEFAULT_FEES);

    const v0 = Number((await versions(guest)).settings);
    const saved = await admin.rest("POST", "/api/settings/fees", {
      resourceFee: 2.5,
      flowFeeRounding: "ceil",
      flowFeeThresholdMB: "1024",
    });
    expect(saved.status).toBe(200);
    const expected = { ...DEFAULT_FEES, resourceFee: 2.5, flowFeeRounding: "ceil", flowFeeThresholdMB: 1024 };
    expect(saved.body.data).toEqual(expected);
    expect(Number((await versions(guest)).settings)).toBe(v0 + 1);
    const g = await admin.gql(
      `mutation { updateFeeSettings(input: { flowFee: 0.35, flowFeeMinAmount: 0 }) { ${FEES} } }`,
    );
    Object.assign(expected, { flowFee: 0.35, flowFeeMinAmount: 0 });
    expect(g.body.data.updateFeeSettings).toEqual(expected);
    // Stored in fen.
    const [{ value }] = await server.services.db.query(`SELECT value FROM settings WHERE key = 'fees'`);
    expect(value).toMatchObject({ resourceFeeFen: 250, flowFeeFen: 35 });

    const bad: [Record<string, unknown>, string][] = [
      [{ resourceFee: -1 }, "资源费不能为负数"],
      [{ flowFee: 1, flowFeeBase: -0.01 }, "流量费基础金额不能为负数"],
      [{ flowFeeMinMB: -5 }, "流量费最小计费量（MB）不能为负数"],
      [{ resourceFee: "abc" }, "资源费必须是数字"],
      [{ resourceFee: null }, "资源费必须是数字"],
      [{ resourceFee: 1.234 }, "资源费最多保留两位小数"],
      [{ resourceFee: 1e9 }, "资源费不能超过1000000"],
      [{ flowFeeRounding: "up" }, "取整方式无效，可选 round、ceil、floor"],
      [{}, "没有要更新的字段"],
    ];
    for (const [body, message] of bad) {
      const res = await admin.rest("POST", "/api/settings/fees", body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const neg = await admin.gql(
      `mutation { updateFeeSettings(input: { resourceFee: 5, flowFeeRatePerGB: -0.2 }) { resourceFee } }`,
    );
    expect(neg.body.errors?.[0].message).toBe("每GB流量费不能为负数");
    expect((await guest.rest("GET", "/api/settings/fees")).body.data).toEqual(expected);
    expect(Number((await versions(guest)).settings)).toBe(v0 + 2);

    expect((await user.rest("POST", "/api/settings/fees", { resourceFee: 0 })).status).toBe(403);
    expect((await guest.rest("POST", "/api/settings/fees", { resourceFee: 0 })).status).toBe(401);
    expect(
      (await user.gql(`mutation { updateFeeSettings(input: { resourceFee: 0 }) { resourceFee } }`)).body.errors?.[0]
        .extensions?.code,
    ).toBe("FORBIDDEN");
    expect((await guest.rest("GET", "/api/settings/fees")).body.data.resourceFee).toBe(2.5);
  });
});

describe("contact, site and footer", () => {
  it("contact: defaults, update, validation", async () => {
    expect((await guest.rest("GET", "/api/settings/contact")).body.data).toEqual({ wechat: "", qq: "", email: "" });
    const r = await admin.rest("POST", "/api/settings/contact", {
      wechat: "guoren_kf",
      qq: "10001",
      email: "kf@example.com",
    });
    expect(r.body.data).toEqual({ wechat: "guoren_kf", qq: "10001", email: "kf@example.com" });
    expect((await admin.rest("POST", "/api/settings/contact", { email: "not-an-email" })).body.message).toBe(
      "邮箱格式不正确",
    );
    expect((await admin.rest("POST", "/api/settings/contact", { qq: "12ab" })).status).toBe(400);
    expect((await admin.rest("POST", "/api/settings/contact", { wechat: "w".repeat(65) })).status).toBe(400);
    expect((await guest.gql(`{ contact { wechat qq email } }`)).body.data.contact).toEqual({
      wechat: "guoren_kf",
      qq: "10001",
      email: "kf@example.com",
    });
    const g = await admin.gql(`mutation { updateContact(input: { email: "" }) { wechat email } }`);
    expect(g.body.data.updateContact).toEqual({ wechat: "guoren_kf", email: "" });
    expect((await user.rest("POST", "/api/settings/contact", { wechat: "x" })).status).toBe(403);
  });

  it("site: both spellings, defaults, update, validation", async () => {
    const r = await guest.rest("GET", "/api/settings/site");
    expect(r.headers.get("cache-control")).toBe("public, max-age=30");
    expect(r.body.data).toMatchObject({
      site_name: "果仁应用",
      siteName: "果仁应用",
      site_logo: "",
      siteLogo: "",
      seo_subtitle: "",
      seoSubtitle: "",
    });
    expect(r.body.data).toHaveProperty("seo_keywords");
    expect(r.body.data).toHaveProperty("seoDescription");

    const saved = await admin.rest("POST", "/api/settings/site", {
      site_name: "果仁商店",
      seo_subtitle: "iOS 应用分发",
      seoKeywords: "ios,ipa",
    });
    expect(saved.body.data).toMatchObject({
      site_name: "果仁商店",
      siteName: "果仁商店",
      seo_subtitle: "iOS 应用分发",
      seo_keywords: "ios,ipa",
    });
    const g = await guest.gql(`{ siteInfo { siteName siteLogo seoSubtitle seoKeywords seoDescription } }`);
    expect(g.body.data.siteInfo).toMatchObject({
      siteName: "果仁商店",
      seoSubtitle: "iOS 应用分发",
      seoKeywords: "ios,ipa",
    });

    expect((await admin.rest("POST", "/api/settings/site", { siteName: "  " })).body.message).toBe("站点名称不能为空");
    expect(
      (await admin.rest("POST", "/api/settings/site", { siteName: "好", site_logo: "javascript:alert(1)" })).status,
    ).toBe(400);
    expect((await admin.rest("POST", "/api/settings/site", { seoDescription: "x".repeat(501) })).status).toBe(400);
    const m = await admin.gql(
      `mutation { updateSiteInfo(input: { seoDescription: "精选应用" }) { siteName seoDescription } }`,
    );
    expect(m.body.data.updateSiteInfo).toEqual({ siteName: "果仁商店", seoDescription: "精选应用" });
    expect((await user.rest("POST", "/api/settings/site", { siteName: "x" })).status).toBe(403);
  });

  it("site logo upload: stores the file, sets it, removes the previous own logo; bad uploads change nothing", async () => {
    const first = await upload(server, adminToken, "/api/settings/site/logo", "logo", png(16, 16));
    expect(first.status).toBe(200);
    expect(first.body.data.url).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.png$/);
    expect((await guest.rest("GET", "/api/settings/site")).body.data.site_logo).toBe(first.body.data.url);
    const second = await upload(server, adminToken, "/api/settings/site/logo", "logo", png(32, 32));
    expect(storedFileExists(server, first.body.data.url)).toBe(false);
    expect(storedFileExists(server, second.body.data.url)).toBe(true);
    expect((await guest.gql(`{ siteInfo { siteLogo } }`)).body.data.siteInfo.siteLogo).toBe(second.body.data.url);

    const files = storedFiles(server, "logos");
    const gif = await upload(
      server,
      adminToken,
      "/api/settings/site/logo",
      "logo",
      Buffer.from("GIF89a-not-really"),
      "x.gif",
    );
    expect([gif.status, gif.body.message]).toEqual([400, "仅支持 PNG、JPG、GIF、WEBP 格式的图片"]);
    const big = await upload(
      server,
      adminToken,
      "/api/settings/site/logo",
      "logo",
      Buffer.concat([png(), Buffer.alloc(3 * 1024 * 1024)]),
    );
    expect(big.status).toBe(413);
    expect((await upload(server, adminToken, "/api/settings/site/logo", "image", png())).status).toBe(400);
    expect((await upload(server, userToken, "/api/settings/site/logo", "logo", png())).status).toBe(403);
    expect(storedFiles(server, "logos")).toEqual(files);
    expect((await guest.rest("GET", "/api/settings/site")).body.data.site_logo).toBe(second.body.data.url);

    // Pointing the logo elsewhere removes the uploaded file.
    await admin.rest("POST", "/api/settings/site", { site_logo: "https://cdn.example.com/logo.png" });
    expect(storedFileExists(server, second.body.data.url)).toBe(false);
  });

  it("footer: defaults, update, validation", async () => {
    const r = await guest.rest("GET", "/api/settings/footer");
    expect(r.body.data).toEqual({ icpNumber: "", copyrightInfo: "© 2026 果仁应用" });
    const s = await admin.rest("POST", "/api/settings/footer", { icpNumber: "京ICP备12345678号-1" });
    expect(s.body.data).toEqual({ icpNumber: "京ICP备12345678号-1", copyrightInfo: "© 2026 果仁应用" });
    expect((await admin.rest("POST", "/api/settings/footer", { copyrightInfo: "x".repeat(201) })).status).toBe(400);
    const g = await admin.gql(
      `mutation { updateFooter(input: { copyrightInfo: "© 2026 果仁商店" }) { icpNumber copyrightInfo } }`,
    );
    expect(g.body.data.updateFooter).toEqual({ icpNumber: "京ICP备12345678号-1", copyrightInfo: "© 2026 果仁商店" });
    expect((await guest.gql(`{ footer { icpNumber copyrightInfo } }`)).body.data.footer.copyrightInfo).toBe(
      "© 2026 果仁商店",
    );
    expect((await user.rest("POST", "/api/settings/footer", { icpNumber: "x" })).status).toBe(403);
  });
});

describe("purchase status", () => {
  let freeApp: number, paidApp: number, offApp: number, paidDylib: number, freeShare: number;
  beforeAll(async () => {
    const q = (sql: string) => server.services.db.query(sql).then((rows: { id: number }[]) => rows[0].id);
    freeApp = await q(`INSERT INTO apps (name, price) VALUES ('免费应用', 0) RETURNING id`);
    paidApp = await q(`INSERT INTO apps (name, price) VALUES ('付费应用', 1250) RETURNING id`);
    offApp = await q(`INSERT INTO apps (name, price, is_active) VALUES ('下架应用', 100, false) RETURNING id`);
    paidDylib = await q(`INSERT INTO dylibs (name, resource_fee, traffic_fee) VALUES ('插件', 300, 20) RETURNING id`);
    freeShare = await q(`INSERT INTO resource_shares (name, resource_fee) VALUES ('资源', 0) RETURNING id`);
  });

  it("free items count as purchased; paid ones once bought (REST + GraphQL); PurchasesService.hasPurchased agrees", async () => {
    const free = await user.rest("GET", `/api/settings/purchase-status/${freeApp}`);
    expect(free.body.data).toMatchObject({ itemId: freeApp, kind: "app", price: 0, isFree: true, purchased: true });
    const paid = await user.rest("GET", `/api/settings/purchase-status/${paidApp}?kind=app`);
    expect(paid.body.data).toMatchObject({
      itemId: paidApp,
      kind: "app",
      price: 12.5,
      isFree: false,
      purchased: false,
    });
    const dylib = await user.gql(
      `{ purchaseStatus(kind: DYLIB, id: ${paidDylib}) { itemId kind price isFree purchased } }`,
    );
    expect(dylib.body.data.purchaseStatus).toEqual({
      itemId: String(paidDylib),
      kind: "DYLIB",
      price: 3,
      isFree: false,
      purchased: false,
    });
    const share = await user.rest("GET", `/api/settings/purchase-status/${freeShare}?kind=resource-share`);
    expect(share.body.data).toMatchObject({ kind: "resource-share", isFree: true, purchased: true });

    expect(await server.services.purchases.hasPurchased(userId, "app", paidApp)).toBe(false);
    await server.services.db.query(
      `INSERT INTO purchases (user_id, item_kind, item_id, amount_fen) VALUES ($1, 'app', $2, 1250), ($1, 'dylib', $3, 300)`,
      [userId, paidApp, paidDylib],
    );
    expect(await server.services.purchases.hasPurchased(userId, "app", paidApp)).toBe(true);
    expect(await server.services.purchases.hasPurchased(userId, "resource-share", paidApp)).toBe(false);
    expect((await user.rest("GET", `/api/settings/purchase-status/${paidApp}`)).body.data.purchased).toBe(true);
    expect(
      (await user.gql(`{ purchaseStatus(kind: DYLIB, id: ${paidDylib}) { purchased } }`)).body.data.purchaseStatus
        .purchased,
    ).toBe(true);
    // Another user has not bought it.
    expect((await admin.rest("GET", `/api/settings/purchase-status/${paidApp}`)).body.data.purchased).toBe(false);
  });

  it("unknown or inactive items 404, bad kind or id 400, guests 401", async () => {
    const missing = await user.rest("GET", "/api/settings/purchase-status/999999");
    expect([missing.status, missing.body.message]).toEqual([404, "应用不存在"]);
    expect((await user.rest("GET", `/api/settings/purchase-status/${offApp}`)).status).toBe(404);
    expect((await user.rest("GET", `/api/settings/purchase-status/999999?kind=dylib`)).body.message).toBe(
      "动态库不存在",
    );
    expect(
      (await user.gql(`{ purchaseStatus(kind: RESOURCE_SHARE, id: 999999) { purchased } }`)).body.errors?.[0].extensions
        ?.code,
    ).toBe("CATALOG_ITEM_NOT_FOUND");
    const badKind = await user.rest("GET", `/api/settings/purchase-status/${freeApp}?kind=movie`);
    expect([badKind.status, badKind.body.message]).toEqual([400, "类型无效，可选 app、dylib、resource-share"]);
    expect((await user.rest("GET", "/api/settings/purchase-status/abc")).status).toBe(400);
    expect((await guest.rest("GET", `/api/settings/purchase-status/${freeApp}`)).status).toBe(401);
    expect(
      (await guest.gql(`{ purchaseStatus(kind: APP, id: ${freeApp}) { purchased } }`)).body.errors?.[0].extensions
        ?.code,
    ).toBe("UNAUTHENTICATED");
  });
});
