import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";

/**
 * The admin lists' keyset cursor (`?after=<id of the last row seen>`, issue 26) next to their page/offset shape, and
 * the /api route table's matching rules (the radix tree answers as Express's router did).
 */
describe("admin list pages", () => {
  let server: Awaited<ReturnType<typeof startInProcess>>;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    server = await startInProcess();
    api = client(server.url);
    const login = await api.rest("POST", "/api/auth/login", {
      username: server.adminUsername,
      password: server.adminPassword,
    });
    api.setToken(login.body.data.token);
    const db = server.services.db;
    // 45 users, each with a ledger row, an order and a signing task: three pages of 20 (the last one short).
    await db.query(
      `INSERT INTO users (username, password_hash, role) SELECT 'page_u' || g, '!', 'user' FROM generate_series(1, 45) g`,
    );
    await db.query(
      `INSERT INTO wallet_ledger (user_id, type, amount_fen, balance_after_fen, note)
       SELECT id, CASE WHEN id % 2 = 0 THEN 'recharge' ELSE 'admin_adjust' END, 100, 100, 'page test'
       FROM users WHERE username LIKE 'page_u%'`,
    );
    await db.query(
      `INSERT INTO orders (order_no, user_id, kind, item_id, item_name, amount_fen, status, pay_method)
       SELECT 'P' || lpad(id::text, 10, '0'), id, 'resource-share', 1, '分页', 100,
              CASE WHEN id % 3 = 0 THEN 'refunded' ELSE 'fulfilled' END, 'wallet'
       FROM users WHERE username LIKE 'page_u%'`,
    );
    await db.query(
      `INSERT INTO signing_tasks (user_id, certificate_name, source, status, stage, run_id, app_name, bundle_id,
                                  artifact_name, downloads_limit)
       SELECT id, '证书', 'upload', CASE WHEN id % 2 = 0 THEN 'failed' ELSE 'done' END, 'done', gen_random_uuid(),
              '应用', 'com.page.' || id, 'page-' || id || '.ipa', 10
       FROM users WHERE username LIKE 'page_u%'`,
    );
  });
  afterAll(async () => server?.stopAll());

  const lists = [
    { name: "users", path: "/api/admin/users?pageSize=20", key: "items", filter: "&search=page_u" },
    { name: "orders", path: "/api/admin/orders?limit=20", key: "orders", filter: "&status=refunded" },
    {
      name: "consumption records",
      path: "/api/admin/consumption-records?limit=20",
      key: "records",
      filter: "&type=recharge",
    },
    { name: "signing tasks", path: "/api/signing/admin/tasks?limit=20", key: "tasks", filter: "&status=failed" },
  ];

  for (const l of lists) {
    it(`${l.name}: the page after a cursor is the next offset page, with the same total`, async () => {
      for (const filter of ["", l.filter]) {
        const ids = async (q: string) => {
          const r = await api.rest("GET", l.path + filter + q);
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          return { ids: (r.body.data[l.key] as { id: number }[]).map((x) => x.id), total: r.body.data.total };
        };
        const first = await ids("&page=1");
        const second = await ids("&page=2");
        expect(first.ids.length).toBeGreaterThan(0);
        // The cursor alone decides where the page starts (no offset is skipped with it), whatever page it says.
        const byCursor = await ids(`&page=2&after=${first.ids[first.ids.length - 1]}`);
        expect(byCursor).toEqual(second);
        expect(await ids(`&after=${first.ids[first.ids.length - 1]}`)).toEqual(second);
        // Newest first, strictly below the cursor.
        for (const id of byCursor.ids) expect(id).toBeLessThan(first.ids[first.ids.length - 1]);
        // Past the last row: an empty page, the total unchanged.
        const last = await ids(`&after=1`);
        expect(last).toEqual({ ids: [], total: first.total });
      }
    });

    it(`${l.name}: a cursor that is not an id is refused with 400`, async () => {
      const r = await api.rest("GET", `${l.path}&after=abc`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: "BAD_REQUEST", message: "游标无效" });
    });
  }

  it("a total past 1,000 rows (counted in full, then remembered) is exact", async () => {
    const db = server.services.db;
    const [u] = await db.query(`SELECT id FROM users WHERE username = 'page_u7'`);
    await db.query(
      `INSERT INTO wallet_ledger (user_id, type, amount_fen, balance_after_fen, note)
       SELECT $1, 'admin_adjust', 1, 1, 'many' FROM generate_series(1, 10050)`,
      [u.id],
    );
    for (let i = 0; i < 2; i++) {
      const r = await api.rest("GET", "/api/admin/consumption-records?user=page_u7&limit=20&page=3");
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe(10051);
      expect(r.body.data.records).toHaveLength(20);
    }
  });

  it("the route table matches as Express did: any letter case, a trailing slash, decoded parameters; HEAD by GET", async () => {
    const exact = await api.rest("GET", "/api/admin/users?pageSize=1");
    expect(exact.status).toBe(200);
    expect((await api.rest("GET", "/api/Admin/Users/?pageSize=1")).body).toEqual(exact.body);
    const head = await fetch(`${server.url}/api/content-versions`, { method: "HEAD" });
    expect(head.status).toBe(200);
    // A parameter is URI-decoded before the handler parses it: %31 is "1".
    const decoded = await api.rest("GET", "/api/admin/orders/%31");
    const plain = await api.rest("GET", "/api/admin/orders/1");
    expect(decoded.status).toBe(plain.status);
    expect(decoded.body.code).toBe(plain.body.code);
    // Unknown paths and methods are the JSON 404.
    for (const [m, p] of [
      ["GET", "/api/no-such-thing"],
      ["DELETE", "/api/admin/users"],
    ]) {
      const r = await api.rest(m, p);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ success: false, code: "NOT_FOUND", message: "接口不存在" });
    }
  });
});
