import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcess } from "../support/inprocess";

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;

beforeAll(async () => {
  server = await startInProcess();
});
afterAll(async () => server?.stopAll());

/** The catalogue migration's constraints and the indexes its list queries rely on. */
describe("catalogue tables", () => {
  it("refuses negative money and sizes", async () => {
    const db = server.services.db;
    await expect(db.query(`INSERT INTO apps (name, price) VALUES ('x', -1)`)).rejects.toThrow(/check/i);
    await expect(db.query(`INSERT INTO dylibs (name, resource_fee) VALUES ('x', -1)`)).rejects.toThrow(/check/i);
    await expect(db.query(`INSERT INTO resource_shares (name, traffic_fee) VALUES ('x', -1)`)).rejects.toThrow(
      /check/i,
    );
    await expect(db.query(`INSERT INTO dylibs (name, file_size) VALUES ('x', -1)`)).rejects.toThrow(/check/i);
  });

  it("searches through the trigram indexes", async () => {
    const db = server.services.db;
    await db.query(
      `INSERT INTO apps (name, keywords, bundle_id) SELECT 'app ' || g, 'kw' || g, 'com.example.a' || g FROM generate_series(1, 3000) g`,
    );
    await db.query(
      `INSERT INTO dylibs (name, bundle_id, tags) SELECT 'dylib ' || g, 'com.d' || g, ARRAY['tag' || g] FROM generate_series(1, 3000) g`,
    );
    await db.query(`ANALYZE apps`);
    await db.query(`ANALYZE dylibs`);
    // With few rows the planner may prefer a scan; switching scans off shows whether the index matches the expression.
    const plan = (sql: string) =>
      db.transaction(async (m) => {
        await m.query(`SET LOCAL enable_seqscan = off`);
        const rows: { "QUERY PLAN": string }[] = await m.query(`EXPLAIN ${sql}`);
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
    expect(
      await plan(`SELECT id FROM apps WHERE (name || ' ' || keywords || ' ' || bundle_id) ILIKE '%a1234%'`),
    ).toContain("apps_search_trgm_idx");
    expect(
      await plan(
        `SELECT id FROM dylibs WHERE (name || ' ' || bundle_id || ' ' || catalog_tags_text(tags)) ILIKE '%tag1234%'`,
      ),
    ).toContain("dylibs_search_trgm_idx");
    const rows = await db.query(
      `SELECT id FROM dylibs WHERE (name || ' ' || bundle_id || ' ' || catalog_tags_text(tags)) ILIKE '%TAG2999%'`,
    );
    expect(rows).toHaveLength(1);
  });
});
