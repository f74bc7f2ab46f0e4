import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { searchSql } from "../../server/src/modules/catalog/catalog-search";
import { PriceFilter } from "../../server/src/modules/catalog/catalog.types";

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let admin: ReturnType<typeof client>;
const guest = () => client(server.url);

async function create<T = { id: string }>(mutation: string, input: Record<string, unknown>): Promise<T> {
  const r = await admin.gql(
    `mutation($input: ${mutation.split(":")[1]}!) { ${mutation.split(":")[0]}(input: $input) { id } }`,
    { input },
  );
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return Object.values(r.body.data)[0] as T;
}

/** The indexes that walk each table in an order: the tiny test tables are better served by them than by a search index. */
const ORDER_INDEXES = [
  "apps_public_order_idx",
  "apps_public_search_walk_idx",
  "apps_public_category_idx",
  "apps_admin_order_idx",
  "dylibs_public_order_idx",
  "dylibs_admin_order_idx",
  "resource_shares_public_order_idx",
  "resource_shares_admin_order_idx",
].join(", ");

const SEARCH = `query($q: String!, $price: PriceFilter! = ALL, $page: Int! = 1, $pageSize: Int! = 10) {
  searchCatalog(search: $q, price: $price, page: $page, pageSize: $pageSize) { categoryId total page pageSize items { id kind name price isFree category author tags } }
}`;

beforeAll(async () => {
  server = await startInProcess();
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
  const games = (await create("createCategory:CategoryInput", { name: "游戏", displayName: "游戏", weigh: 10 })).id;
  const tools = (await create("createCategory:CategoryInput", { name: "工具", displayName: "工具", weigh: 5 })).id;
  await create("createApp:AppInput", { name: "彗星射击", categoryId: games, price: 3, isActive: true });
  await create("createApp:AppInput", {
    name: "彗星计算器",
    categoryId: tools,
    price: 0,
    isActive: true,
    bundleId: "com.test.comet",
  });
  await create("createApp:AppInput", { name: "关掉的彗星", categoryId: tools, price: 0, isActive: false });
  await create("createApp:AppInput", {
    name: "无关应用",
    categoryId: tools,
    price: 0,
    isActive: true,
    keywords: "彗星 关键词",
  });
  await create("createDylib:DylibInput", {
    name: "去广告插件",
    tags: ["彗星"],
    author: "A",
    category: "工具",
    resourceFee: 1,
    isActive: true,
  });
  await create("createResourceShare:ResourceShareInput", { name: "彗星资源包", resourceFee: 0, isActive: true });
  for (let i = 1; i <= 12; i++)
    await create("createResourceShare:ResourceShareInput", {
      name: `流星资源${String(i).padStart(2, "0")}`,
      isActive: true,
    });
});
afterAll(async () => server?.stopAll());

describe("whole-catalogue search", () => {
  it("finds active apps of every category (name, keywords, bundle id), dylibs (tags) and resource shares", async () => {
    const r = await guest().gql(SEARCH, { q: "彗星" });
    expect(r.body.errors).toBeUndefined();
    const page = r.body.data.searchCatalog;
    expect(page.categoryId).toBeNull();
    expect(page.total).toBe(5);
    expect(page.items.map((i: { kind: string; name: string }) => `${i.kind}:${i.name}`).sort()).toEqual(
      ["APP:彗星射击", "APP:彗星计算器", "APP:无关应用", "DYLIB:去广告插件", "RESOURCE_SHARE:彗星资源包"].sort(),
    );
    // apps first, then dylibs, then resource shares
    expect(page.items.map((i: { kind: string }) => i.kind)).toEqual(["APP", "APP", "APP", "DYLIB", "RESOURCE_SHARE"]);
    const shooter = page.items.find((i: { name: string }) => i.name === "彗星射击");
    expect(shooter).toMatchObject({ category: "游戏", price: 3, isFree: false });
    expect(page.items.find((i: { kind: string }) => i.kind === "DYLIB")).toMatchObject({
      author: "A",
      tags: ["彗星"],
      price: 1,
    });
    expect(
      (await guest().gql(SEARCH, { q: "com.test.comet" })).body.data.searchCatalog.items.map(
        (i: { name: string }) => i.name,
      ),
    ).toEqual(["彗星计算器"]);
  });

  it("applies the price filter and pages in SQL with the full total", async () => {
    const free = (await guest().gql(SEARCH, { q: "彗星", price: "FREE" })).body.data.searchCatalog;
    expect(free.items.map((i: { name: string }) => i.name).sort()).toEqual(
      ["彗星计算器", "无关应用", "彗星资源包"].sort(),
    );
    const paid = (await guest().gql(SEARCH, { q: "彗星", price: "PAID" })).body.data.searchCatalog;
    expect(paid.items.map((i: { name: string }) => i.name).sort()).toEqual(["去广告插件", "彗星射击"].sort());

    const p1 = (await guest().gql(SEARCH, { q: "流星资源", page: 1, pageSize: 5 })).body.data.searchCatalog;
    const p3 = (await guest().gql(SEARCH, { q: "流星资源", page: 3, pageSize: 5 })).body.data.searchCatalog;
    expect([p1.total, p1.items.length, p3.total, p3.items.length]).toEqual([12, 5, 12, 2]);
    // newest first within a kind, and no row on two pages
    expect(p1.items[0].name).toBe("流星资源12");
    expect(p3.items.map((i: { name: string }) => i.name)).toEqual(["流星资源02", "流星资源01"]);
  });

  it("refuses an empty search and treats LIKE wildcards literally", async () => {
    const empty = await guest().gql(SEARCH, { q: "  " });
    expect(empty.body.errors?.[0]?.message).toBe("请输入搜索关键词");
    expect((await guest().gql(SEARCH, { q: "%" })).body.data.searchCatalog.total).toBe(0);
  });

  it("every branch can use its trigram index (its search expression is exactly the index's)", async () => {
    // The order indexes serve these tiny tables better; without them (dropped inside a transaction that is rolled
    // back) and without sequential scans, a branch whose expression differed from its index could not be planned
    // on an index at all.
    const runner = server.services.db.createQueryRunner();
    await runner.startTransaction();
    let plan = "";
    try {
      await runner.query("SET LOCAL enable_seqscan = off");
      await runner.query(`DROP INDEX ${ORDER_INDEXES}`);
      const rows: { "QUERY PLAN": string }[] = await runner.query(`EXPLAIN ${searchSql(PriceFilter.ALL).page}`, [
        "%comet%",
        10,
        0,
      ]);
      plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    for (const index of ["apps_search_trgm_idx", "dylibs_search_trgm_idx", "resource_shares_search_trgm_idx"])
      expect(plan).toContain(`Bitmap Index Scan on ${index}`);
  });

  it("a two-character search (no trigram in it) is answered from the bigram indexes, with the same rows", async () => {
    const runner = server.services.db.createQueryRunner();
    await runner.startTransaction();
    let plan = "";
    try {
      await runner.query("SET LOCAL enable_seqscan = off");
      await runner.query(`DROP INDEX ${ORDER_INDEXES},
                          apps_search_trgm_idx, dylibs_search_trgm_idx, resource_shares_search_trgm_idx`);
      const rows: { "QUERY PLAN": string }[] = await runner.query(`EXPLAIN ${searchSql(PriceFilter.ALL, true).page}`, [
        "%流星%",
        10,
        0,
        "流星",
      ]);
      plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    for (const index of ["apps_search_bigram_idx", "dylibs_search_bigram_idx", "resource_shares_search_bigram_idx"])
      expect(plan).toContain(`Bitmap Index Scan on ${index}`);
    // Two characters find what they are part of, in either case; one character is still a plain ILIKE.
    const two = (await guest().gql(SEARCH, { q: "流星", page: 1, pageSize: 50 })).body.data.searchCatalog;
    expect(two.total).toBe(12);
    expect(two.items.every((i: { name: string }) => i.name.includes("流星"))).toBe(true);
    const upper = (await guest().gql(SEARCH, { q: "COMET" })).body.data.searchCatalog;
    expect(upper.items.map((i: { name: string }) => i.name)).toEqual(["彗星计算器"]);
    const one = (await guest().gql(SEARCH, { q: "星", page: 1, pageSize: 50 })).body.data.searchCatalog;
    expect(one.total).toBe(17);
  });

  it("a popular two-character search (its total remembered) walks the display order without its grams, same rows", async () => {
    const db = server.services.db;
    await db.query(
      `INSERT INTO apps (name, version, size, description, keywords, category_id, price, bundle_id, is_active, sort_order,
                         developer, download_count)
       SELECT '热门应用 ' || g, '1.0', 1000, '', '', (SELECT min(id) FROM categories), 0, 'com.hot.app' || g,
              g % 10 <> 0, g % 7, '', 0
       FROM generate_series(1, 1300) g`,
    );
    const want: { id: number }[] = await db.query(
      `SELECT id FROM apps WHERE is_active AND name LIKE '%热门%' ORDER BY sort_order, id DESC`,
    );
    expect(want.length).toBe(1170);
    const sent: string[] = [];
    const query = db.query.bind(db);
    db.query = ((text: string, params?: unknown[]) => (sent.push(text), query(text, params))) as typeof db.query;
    try {
      for (const round of ["first: counted", "then: remembered"])
        for (const page of [1, 3]) {
          sent.length = 0;
          const r = (await guest().gql(SEARCH, { q: "热门", page, pageSize: 20 })).body.data.searchCatalog;
          expect(r.total, round).toBe(1170);
          expect(
            r.items.map((i: { id: string }) => Number(i.id)),
            `${round}, page ${page}`,
          ).toEqual(want.slice((page - 1) * 20, page * 20).map((w) => w.id));
          const pageSql = sent.find((t) => t.includes("UNION ALL") && t.includes("OFFSET"))!;
          expect(pageSql.includes("catalog_bigrams"), round).toBe(round.startsWith("first") && page === 1);
        }
    } finally {
      db.query = query;
    }
  });
});
