import { privateFile } from "../support/stored-files";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { adjustBalance, expectLedgerMatches, newUser as newUserOn } from "../support/shop";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;
const MB = 1_048_576;

const newUser = (username: string) => newUserOn(server.url, username);

async function share(
  name: string,
  sizeBytes: number,
  opts: { trafficFee?: number; resourceFee?: number } = {},
): Promise<number> {
  const r = await admin.gql(`mutation($input: ResourceShareInput!) { createResourceShare(input: $input) { id } }`, {
    input: { name, resourceFee: opts.resourceFee ?? 0, trafficFee: opts.trafficFee ?? 0 },
  });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  const id = Number(r.body.data.createResourceShare.id);
  const key = `resources/${randomBytes(16).toString("hex")}.ipa`;
  const file = privateFile(server.services, key);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(file, "PK-payload");
  await server.services.db.query(`UPDATE resource_shares SET file_key = $2, file_size = $3 WHERE id = $1`, [
    id,
    key,
    sizeBytes,
  ]);
  return id;
}

const adjust = (userId: number, amount: number) => adjustBalance(admin, userId, amount);
const ledgerMatches = (userId: number) => expectLedgerMatches(server.services.db, userId);

const trafficRows = async (userId: number) => {
  const [r] = await server.services.db.query(
    `SELECT (SELECT count(*) FROM orders WHERE user_id = $1 AND kind = 'traffic')::int AS orders,
            (SELECT count(*) FROM wallet_ledger WHERE user_id = $1 AND type = 'traffic')::int AS ledger,
            (SELECT count(*) FROM download_grants WHERE user_id = $1)::int AS grants,
            (SELECT coalesce(-sum(amount_fen), 0) FROM wallet_ledger WHERE user_id = $1 AND type = 'traffic')::int AS charged_fen`,
    [userId],
  );
  return r as { orders: number; ledger: number; grants: number; charged_fen: number };
};

const quote = (c: Client, id: number) => c.rest("GET", `/api/downloads/quote?kind=resource-share&id=${id}`);
const download = (c: Client, id: number, grant?: string) =>
  c.rest("GET", `/api/resource-shares/download/${id}${grant ? `?grant=${encodeURIComponent(grant)}` : ""}`);

beforeAll(async () => {
  server = await startInProcess();
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
});
afterAll(async () => server?.stopAll());

describe("traffic fee (流量费)", () => {
  it("free at the minimum size: no quote id, no order, the download needs no grant", async () => {
    const u = await newUser("traffic_free");
    const id = await share("小资源", 512 * MB);
    const q = await quote(u.c, id);
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({ fee: 0, rule: "free", quote_id: null, file_size: 512 * MB });
    const d = await download(u.c, id);
    expect(d.status).toBe(200);
    expect(d.body.raw).toBe("PK-payload");
    expect(await trafficRows(u.id)).toEqual({ orders: 0, ledger: 0, grants: 0, charged_fen: 0 });
  });

  it("the fee shown is the fee charged, once per grant; the grant opens the download until it expires, then a new one charges again", async () => {
    const u = await newUser("traffic_once");
    // 512 MB + 1.5 GB with the defaults: ¥0.10 + 1.5 × ¥0.20 = ¥0.40.
    const id = await share("大资源", 512 * MB + 1536 * MB);
    await adjust(u.id, 1);
    const refused = await download(u.c, id);
    expect([refused.status, refused.body.code]).toEqual([402, "TRAFFIC_GRANT_REQUIRED"]);

    const q = await quote(u.c, id);
    expect(q.body.data).toMatchObject({ fee: 0.4, rule: "size" });
    expect(typeof q.body.data.quote_id).toBe("string");
    const g = await u.c.rest("POST", "/api/downloads/grant", { quote_id: q.body.data.quote_id });
    expect(g.status).toBe(200);
    expect(g.body.data).toMatchObject({ fee: 0.4, charged: true });
    expect(g.body.data.order_no).toMatch(/^\d{14,}$/);
    const [order] = await server.services.db.query(
      `SELECT kind, status, amount_fen::int AS fen FROM orders WHERE order_no = $1`,
      [g.body.data.order_no],
    );
    expect(order).toEqual({ kind: "traffic", status: "fulfilled", fen: 40 });

    // Confirming the same quote again returns the same grant and charges nothing.
    const again = await u.c.rest("POST", "/api/downloads/grant", { quote_id: q.body.data.quote_id });
    expect(again.body.data).toMatchObject({ grant: g.body.data.grant, order_no: g.body.data.order_no, charged: false });

    // The grant, re-used within its lifetime, downloads without charging.
    for (let i = 0; i < 3; i++) expect((await download(u.c, id, g.body.data.grant)).status).toBe(200);
    expect(await trafficRows(u.id)).toEqual({ orders: 1, ledger: 1, grants: 1, charged_fen: 40 });
    expect(await ledgerMatches(u.id)).toBe(60);

    // Another user's grant token, or a made-up one, opens nothing.
    const other = await newUser("traffic_other");
    expect((await download(other.c, id, g.body.data.grant)).status).toBe(402);
    expect((await download(u.c, id, "not-a-grant")).status).toBe(402);

    // Expired (its lifetime over): refused; a new quote and confirm charge again.
    await server.services.db.query(
      `UPDATE download_grants SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [u.id],
    );
    expect((await download(u.c, id, g.body.data.grant)).body.code).toBe("TRAFFIC_GRANT_REQUIRED");
    const q2 = await quote(u.c, id);
    const g2 = await u.c.rest("POST", "/api/downloads/grant", { quote_id: q2.body.data.quote_id });
    expect(g2.body.data).toMatchObject({ fee: 0.4, charged: true });
    expect(g2.body.data.grant).not.toBe(g.body.data.grant);
    expect((await download(u.c, id, g2.body.data.grant)).status).toBe(200);
    expect(await trafficRows(u.id)).toEqual({ orders: 2, ledger: 2, grants: 2, charged_fen: 80 });
    expect(await ledgerMatches(u.id)).toBe(20);
  });

  it("the fee is the quoted one even if the settings change before the confirm; the item's own traffic fee replaces the formula", async () => {
    const u = await newUser("traffic_item");
    await adjust(u.id, 5);
    const own = await share("定价资源", 600 * MB, { trafficFee: 1.23 });
    const q = await quote(u.c, own);
    expect(q.body.data).toMatchObject({ fee: 1.23, rule: "item" });
    const sized = await share("按量资源", 512 * MB + 1024 * MB);
    const q2 = await quote(u.c, sized);
    expect(q2.body.data.fee).toBe(0.3);
    const changed = await admin.gql(
      `mutation { updateFeeSettings(input: { flowFeeRatePerGB: 5 }) { flowFeeRatePerGB } }`,
    );
    expect(changed.body.errors).toBeUndefined();
    try {
      const g = await u.c.gql(`mutation($q: String!) { confirmDownload(quoteId: $q) { fee charged orderNo } }`, {
        q: q2.body.data.quote_id,
      });
      expect(g.body.data.confirmDownload).toMatchObject({ fee: 0.3, charged: true });
      const g1 = await u.c.gql(`mutation($q: String!) { confirmDownload(quoteId: $q) { fee charged } }`, {
        q: q.body.data.quote_id,
      });
      expect(g1.body.data.confirmDownload).toEqual({ fee: 1.23, charged: true });
      expect((await trafficRows(u.id)).charged_fen).toBe(153);
      expect(await ledgerMatches(u.id)).toBe(500 - 153);
      // A fresh quote shows the new rate: 0.10 + 1 GB × 5.00.
      expect((await quote(u.c, sized)).body.data.fee).toBe(5.1);
    } finally {
      await admin.gql(`mutation { updateFeeSettings(input: { flowFeeRatePerGB: 0.2 }) { flowFeeRatePerGB } }`);
    }
  });

  it("50 concurrent confirms of one quote charge once and all get the same grant", async () => {
    const u = await newUser("traffic_race");
    await adjust(u.id, 2);
    const id = await share("并发资源", 512 * MB + 2048 * MB); // ¥0.50
    const q = await quote(u.c, id);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => u.c.rest("POST", "/api/downloads/grant", { quote_id: q.body.data.quote_id })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.grant)).size).toBe(1);
    expect(results.filter((r) => r.body.data.charged).length).toBe(1);
    expect(await trafficRows(u.id)).toEqual({ orders: 1, ledger: 1, grants: 1, charged_fen: 50 });
    expect(await ledgerMatches(u.id)).toBe(150);
  }, 60_000);

  it("insufficient balance: WALLET_INSUFFICIENT_BALANCE and nothing charged, no order, no grant", async () => {
    const u = await newUser("traffic_poor");
    await adjust(u.id, 0.2);
    const id = await share("贵资源", 512 * MB + 1024 * MB); // ¥0.30
    const q = await quote(u.c, id);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => u.c.rest("POST", "/api/downloads/grant", { quote_id: q.body.data.quote_id })),
    );
    for (const r of concurrent) expect([r.status, r.body.code]).toEqual([400, "WALLET_INSUFFICIENT_BALANCE"]);
    expect(await trafficRows(u.id)).toEqual({ orders: 0, ledger: 0, grants: 0, charged_fen: 0 });
    expect(await ledgerMatches(u.id)).toBe(20);
    expect((await download(u.c, id)).status).toBe(402);
  });

  it("refuses forged, foreign and unpurchased confirms before charging", async () => {
    const u = await newUser("traffic_forge");
    const other = await newUser("traffic_forge2");
    await adjust(u.id, 5);
    await adjust(other.id, 5);
    const id = await share("防伪资源", 512 * MB + 1024 * MB);
    const q = (await quote(u.c, id)).body.data.quote_id as string;
    const [body, sig] = q.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    const cheaper = Buffer.from(JSON.stringify({ ...claims, feeFen: 1 })).toString("base64url");
    expect((await u.c.rest("POST", "/api/downloads/grant", { quote_id: `${cheaper}.${sig}` })).body.code).toBe(
      "TRAFFIC_QUOTE_INVALID",
    );
    expect((await other.c.rest("POST", "/api/downloads/grant", { quote_id: q })).body.code).toBe(
      "TRAFFIC_QUOTE_INVALID",
    );
    const paid = await share("付费大资源", 512 * MB + 1024 * MB, { resourceFee: 1 });
    const pq = (await quote(u.c, paid)).body.data.quote_id;
    expect((await u.c.rest("POST", "/api/downloads/grant", { quote_id: pq })).body.code).toBe("CATALOG_NOT_PURCHASED");
    expect((await u.c.rest("GET", "/api/downloads/quote?kind=app&id=1")).body.code).toBe("TRAFFIC_KIND_INVALID");
    expect(await trafficRows(u.id)).toMatchObject({ orders: 0, ledger: 0, grants: 0 });
    expect(await ledgerMatches(u.id)).toBe(500);
  });

  it("admin example uses the same formula, over stored or unsaved settings", async () => {
    const r = await admin.gql(
      `{ a: trafficFeeExample(sizeMB: 2048) { fee rule } b: trafficFeeExample(sizeMB: 512) { fee rule } c: trafficFeeExample(sizeMB: 2048, fees: { flowFeeRatePerGB: 1, flowFeeRounding: "floor" }) { fee } }`,
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data).toEqual({ a: { fee: 0.4, rule: "size" }, b: { fee: 0, rule: "free" }, c: { fee: 1.6 } });
    const rest = await admin.rest("GET", "/api/admin/traffic-fee/example?size_mb=1536");
    expect(rest.body.data).toEqual({ size_mb: 1536, fee: 0.3, rule: "size" });
    const u = await newUser("traffic_nonadmin");
    expect((await u.c.gql(`{ trafficFeeExample(sizeMB: 1) { fee } }`)).body.errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
  });
});
