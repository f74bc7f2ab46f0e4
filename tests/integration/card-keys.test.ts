import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;
let guest: Client;

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE = new RegExp(`^(?:[A-Z0-9]{1,8}-)?[${ALPHABET}]{4}(?:-[${ALPHABET}]{4}){4}$`);

let ipSeq = 0;
/** A fresh client address (the server trusts one proxy hop), so each test's attempts have their own per-address limit. */
const newIp = () => `10.91.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

let userSeq = 0;
async function newUser(ip = newIp()): Promise<{ c: Client; id: number; ip: string }> {
  const c = client(server.url);
  const name = `ck_user_${++userSeq}`;
  const reg = await c.rest(
    "POST",
    "/api/auth/register",
    { username: name, password: "secret1" },
    { "x-forwarded-for": ip },
  );
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const r = await c.rest("POST", "/api/auth/login", { username: name, password: "secret1" }, { "x-forwarded-for": ip });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  c.setToken(r.body.data.token);
  return { c, id: r.body.data.user.id, ip };
}

async function generate(body: Record<string, unknown>) {
  const r = await admin.rest("POST", "/api/admin/card-keys/generate", { kind: "balance", ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { batch_id: number; codes: string[] };
}

const redeem = (c: Client, code: unknown, ip: string) =>
  c.rest("POST", "/api/card-keys/redeem", { code }, { "x-forwarded-for": ip });
const balance = async (c: Client) => (await c.rest("GET", "/api/users/wallet/balance")).body.data.balance as number;
const ledger = async (uid: number) =>
  (await server.services.db.query(
    `SELECT type, amount_fen::int AS amount FROM wallet_ledger WHERE user_id = $1 ORDER BY id`,
    [uid],
  )) as { type: string; amount: number }[];
const redeemedCount = async (batchId: number) =>
  Number(
    (
      await server.services.db.query(
        `SELECT count(*) AS n FROM card_keys WHERE batch_id = $1 AND redeemed_at IS NOT NULL`,
        [batchId],
      )
    )[0].n,
  );

beforeAll(async () => {
  server = await startInProcess({ TRUST_PROXY: "1" });
  admin = client(server.url);
  guest = client(server.url);
  await admin.login("admin", server.adminPassword);
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
});

describe("generating", () => {
  it("returns unique, readable codes of at least 80 bits once, and stores only hashes and hints", async () => {
    const { batch_id, codes } = await generate({ amount: 5, count: 500, prefix: "VIP" });
    expect(batch_id).toBeGreaterThan(0);
    expect(codes).toHaveLength(500);
    expect(new Set(codes).size).toBe(500);
    for (const c of codes) {
      expect(c).toMatch(CODE);
      expect(c.startsWith("VIP-")).toBe(true);
      const body = c.slice(4).replace(/-/g, "");
      expect(body).toHaveLength(20);
      expect(body).not.toMatch(/[01OIL]/);
    }
    // 20 symbols of a 31-letter alphabet: log2(31) * 20 ≈ 99 bits.
    expect(20 * Math.log2(ALPHABET.length)).toBeGreaterThanOrEqual(80);
    // Spread over the whole alphabet (a broken generator would use a few symbols).
    const seen = new Set(codes.join("").replace(/VIP|-/g, ""));
    expect(seen.size).toBe(ALPHABET.length);

    const rows = await server.services.db.query(`SELECT code_hash, hint FROM card_keys WHERE batch_id = $1`, [
      batch_id,
    ]);
    expect(rows).toHaveLength(500);
    const dump = JSON.stringify(rows);
    for (const c of codes.slice(0, 50)) {
      expect(dump).not.toContain(c);
      expect(dump).not.toContain(c.replace(/-/g, ""));
    }
    expect(rows[0].hint).toMatch(/^VIP-\*\*\*\*-[2-9A-Z]{4}$/);

    const list = await admin.rest("GET", "/api/admin/card-keys/batches");
    expect(list.status).toBe(200);
    expect(list.body.data.batches[0]).toMatchObject({
      id: batch_id,
      kind: "balance",
      amount: 5,
      count: 500,
      prefix: "VIP",
      redeemed_count: 0,
      disabled: false,
    });
    expect(JSON.stringify(list.body)).not.toContain(codes[0]);
  });

  it("refuses counts 0 and 10,001, bad amounts, a certificate kind without its mall plan and bad prefixes", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1, count: 0 }, "CARD_KEY_COUNT_INVALID"],
      [{ amount: 1, count: 10_001 }, "CARD_KEY_COUNT_INVALID"],
      [{ amount: 1, count: 1.5 }, "CARD_KEY_COUNT_INVALID"],
      [{ amount: -1, count: 1 }, "CARD_KEY_AMOUNT_INVALID"],
      [{ amount: 0, count: 1 }, "CARD_KEY_AMOUNT_INVALID"],
      [{ amount: 1.234, count: 1 }, "CARD_KEY_AMOUNT_INVALID"],
      [{ amount: "abc", count: 1 }, "CARD_KEY_AMOUNT_INVALID"],
      [{ amount: 1e12, count: 1 }, "CARD_KEY_AMOUNT_INVALID"],
      [{ kind: "certificate", amount: 1, count: 1 }, "CARD_KEY_KIND_INVALID"],
      [{ amount: 1, count: 1, prefix: "bad prefix!" }, "CARD_KEY_PREFIX_INVALID"],
      [{ amount: 1, count: 1, expires_at: "2001-01-01T00:00:00Z" }, "CARD_KEY_EXPIRY_INVALID"],
    ];
    const before = Number((await server.services.db.query(`SELECT count(*) AS n FROM card_key_batches`))[0].n);
    for (const [body, code] of cases) {
      const r = await admin.rest("POST", "/api/admin/card-keys/generate", { kind: "balance", ...body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(Number((await server.services.db.query(`SELECT count(*) AS n FROM card_key_batches`))[0].n)).toBe(before);
  });

  it("is for admins only", async () => {
    const { c } = await newUser();
    expect(
      (await c.rest("POST", "/api/admin/card-keys/generate", { kind: "balance", amount: 1, count: 1 })).status,
    ).toBe(403);
    expect(
      (await guest.rest("POST", "/api/admin/card-keys/generate", { kind: "balance", amount: 1, count: 1 })).status,
    ).toBe(401);
  });

  it("generates the maximum batch of 10,000", async () => {
    const { batch_id, codes } = await generate({ amount: 0.01, count: 10_000 });
    expect(new Set(codes).size).toBe(10_000);
    expect(
      Number(
        (await server.services.db.query(`SELECT count(*) AS n FROM card_keys WHERE batch_id = $1`, [batch_id]))[0].n,
      ),
    ).toBe(10_000);
  }, 60_000);
});

describe("redeeming", () => {
  it("credits the wallet, writes a card_key ledger row and marks the code, once", async () => {
    const { batch_id, codes } = await generate({ amount: 12.5, count: 2 });
    const u = await newUser();
    const r = await redeem(u.c, codes[0].toLowerCase().replace(/-/g, " "), u.ip); // typed loosely: case, spaces
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ kind: "balance", amount: 12.5, balance: 12.5 });
    expect(await balance(u.c)).toBe(12.5);
    expect(await ledger(u.id)).toEqual([{ type: "card_key", amount: 1250 }]);

    const again = await redeem(u.c, codes[0], u.ip);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CARD_KEY_USED");
    expect(await balance(u.c)).toBe(12.5);

    const list = await admin.rest("GET", `/api/admin/card-keys/batches/${batch_id}/codes`);
    const used = list.body.data.codes.find((c: { status: string }) => c.status === "redeemed");
    expect(used).toMatchObject({ redeemed_by: u.id, redeemed_by_username: expect.stringMatching(/^ck_user_/) });
    expect(new Date(used.redeemed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const batches = (await admin.rest("GET", "/api/admin/card-keys/batches")).body.data.batches;
    expect(batches.find((b: { id: number }) => b.id === batch_id).redeemed_count).toBe(1);

    const csv = await fetch(`${server.url}/api/admin/card-keys/batches/${batch_id}/export`, {
      headers: { authorization: `Bearer ${(await admin.login("admin", server.adminPassword)).token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text).toContain("已兑换");
    expect(text).toContain("未使用");
    expect(text.trim().split("\n")).toHaveLength(3);
    expect(text).not.toContain(codes[1]);
  });

  it("lets one code succeed exactly once under 50 concurrent redemptions", async () => {
    const { batch_id, codes } = await generate({ amount: 3, count: 1 });
    const users = await Promise.all(Array.from({ length: 10 }, () => newUser()));
    const attempts = users.flatMap((u) => Array.from({ length: 5 }, () => redeem(u.c, codes[0], u.ip)));
    const results = await Promise.all(attempts);
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === "CARD_KEY_USED")).toHaveLength(49);
    expect(await redeemedCount(batch_id)).toBe(1);
    const credited = await server.services.db.query(
      `SELECT user_id, amount_fen::int AS amount FROM wallet_ledger WHERE type = 'card_key' AND user_id = ANY($1::int[])`,
      [users.map((u) => u.id)],
    );
    expect(credited).toHaveLength(1);
    expect(credited[0].amount).toBe(300);
  }, 60_000);

  it("refuses unknown, used, disabled (code or batch) and expired codes with their codes, changing nothing", async () => {
    const u = await newUser();
    const unknown = await redeem(u.c, "ABCD-EFGH-JKMN-PQRS-TUVW", u.ip);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("CARD_KEY_NOT_FOUND");
    const empty = await redeem(u.c, "", u.ip);
    expect(empty.body.code).toBe("CARD_KEY_NOT_FOUND");

    const a = await generate({ amount: 1, count: 3 });
    const codesList = (await admin.rest("GET", `/api/admin/card-keys/batches/${a.batch_id}/codes`)).body.data.codes;
    // Disable one code (the second one generated, whose hint ends like it)
    const target = codesList.find((c: { hint: string }) => c.hint.endsWith(a.codes[1].slice(-4)));
    expect((await admin.rest("POST", `/api/admin/card-keys/codes/${target.id}/disable`)).body.data.status).toBe(
      "disabled",
    );
    const disabledCode = await redeem(u.c, a.codes[1], u.ip);
    expect(disabledCode.status).toBe(403);
    expect(disabledCode.body.code).toBe("CARD_KEY_DISABLED");

    // Disable the whole batch: its other codes stop working; enabling it again restores them.
    expect((await admin.rest("POST", `/api/admin/card-keys/batches/${a.batch_id}/disable`)).body.data.disabled).toBe(
      true,
    );
    const disabledBatch = await redeem(u.c, a.codes[0], u.ip);
    expect(disabledBatch.body.code).toBe("CARD_KEY_DISABLED");

    // Expired: a batch whose expiry has passed.
    const e = await generate({ amount: 1, count: 1, expires_at: new Date(Date.now() + 60_000).toISOString() });
    await server.services.db.query(
      `UPDATE card_key_batches SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [e.batch_id],
    );
    const expired = await redeem(u.c, e.codes[0], u.ip);
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe("CARD_KEY_EXPIRED");

    expect(await balance(u.c)).toBe(0);
    expect(await ledger(u.id)).toEqual([]);
    expect(await redeemedCount(a.batch_id)).toBe(0);
    expect(await redeemedCount(e.batch_id)).toBe(0);

    await admin.rest("POST", `/api/admin/card-keys/batches/${a.batch_id}/enable`);
    const ok = await redeem(u.c, a.codes[0], u.ip);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await balance(u.c)).toBe(1);
  });

  it("asks a guest to log in", async () => {
    const { codes, batch_id } = await generate({ amount: 1, count: 1 });
    const r = await guest.rest("POST", "/api/card-keys/redeem", { code: codes[0] });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("UNAUTHENTICATED");
    expect(r.body.message).toBe("请先登录");
    expect(await redeemedCount(batch_id)).toBe(0);
  });

  it("limits attempts per account (429) and lets a successful redemption not count", async () => {
    const u = await newUser();
    const { codes } = await generate({ amount: 2, count: 12 });
    // Successful redemptions take their hits back: 12 in a row all pass.
    for (const c of codes) expect((await redeem(u.c, c, u.ip)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await redeem(u.c, `WRONG-${i}`, u.ip)).body.code).toBe("CARD_KEY_NOT_FOUND");
    const { codes: more } = await generate({ amount: 2, count: 1 });
    const limited = await redeem(u.c, more[0], u.ip);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await balance(u.c)).toBe(24);
    // Another account on another address is not affected.
    const v = await newUser();
    expect((await redeem(v.c, more[0], v.ip)).status).toBe(200);
  });

  it("limits attempts per address across accounts (429)", async () => {
    const ip = newIp();
    const users = await Promise.all(Array.from({ length: 4 }, () => newUser(newIp())));
    let n = 0;
    for (const u of users)
      for (let i = 0; i < 8 && n < 30; i++, n++) expect((await redeem(u.c, `NOPE-${n}`, ip)).status).toBe(404);
    const r = await redeem(users[3].c, "NOPE-LAST", ip);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe("RATE_LIMITED");
  });

  it("works through GraphQL with the same service", async () => {
    const gen = await admin.gql(
      `mutation { generateCardKeys(input: { amount: 4, count: 2 }) { batchId codes batch { count amount redeemedCount } } }`,
    );
    expect(gen.body.errors).toBeUndefined();
    const { codes, batchId } = gen.body.data.generateCardKeys;
    const u = await newUser();
    const r = await u.c.gql(`mutation($code: String!) { redeemCardKey(code: $code) { kind amount balance } }`, {
      code: codes[0],
    });
    expect(r.body.data.redeemCardKey).toEqual({ kind: "balance", amount: 4, balance: 4 });
    const again = await u.c.gql(`mutation($code: String!) { redeemCardKey(code: $code) { amount } }`, {
      code: codes[0],
    });
    expect(again.body.errors?.[0].extensions?.code).toBe("CARD_KEY_USED");
    const g = await guest.gql(`mutation($code: String!) { redeemCardKey(code: $code) { amount } }`, { code: codes[1] });
    expect(g.body.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const list = await admin.gql(
      `query($id: ID!) { adminCardKeys(batchId: $id) { total items { status redeemedByUsername } } adminCardKeyBatches { items { id redeemedCount } } }`,
      { id: batchId },
    );
    expect(list.body.data.adminCardKeys.total).toBe(2);
    expect(list.body.data.adminCardKeys.items.map((i: { status: string }) => i.status).sort()).toEqual([
      "redeemed",
      "unused",
    ]);
    expect(
      list.body.data.adminCardKeyBatches.items.find((b: { id: string }) => String(b.id) === String(batchId))
        .redeemedCount,
    ).toBe(1);
    const userList = await u.c.gql(`{ adminCardKeyBatches { total } }`);
    expect(userList.body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});
