import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { ledgerTotals } from "../support/ledger";

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startInProcess(); // BUSINESS_TZ unset: Asia/Shanghai
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
});
afterAll(async () => server?.stopAll());

const day = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );

describe("dashboard revenue per day", () => {
  it("sums recharges, sales and refunds of the wallet ledger per Shanghai day, either side of midnight", async () => {
    const db = server.services.db;
    const wallet = server.services.wallet;
    expect((await admin.rest("POST", "/api/auth/register", { username: "rev_user", password: "secret1" })).status).toBe(
      200,
    );
    const [{ id: userId }] = await db.query(`SELECT id FROM users WHERE username = 'rev_user'`);
    const [{ midnight }] = await db.query(
      `SELECT (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai') AS midnight`,
    );
    const at = (minutes: number) => new Date(new Date(midnight).getTime() + minutes * 60_000).toISOString();

    // Real changes through the wallet (so the ledger still sums to the balance), then placed in time.
    const placed: [() => Promise<{ ledgerId: number }>, number][] = [
      [() => wallet.credit(userId, 10_000, { type: "recharge" }), -30], // yesterday 23:30
      [() => wallet.debit(userId, 1_234, { type: "purchase" }), -1], // yesterday 23:59
      [() => wallet.credit(userId, 500, { type: "recharge" }), 1], // today 00:01
      [() => wallet.debit(userId, 40, { type: "traffic" }), 2],
      [() => wallet.credit(userId, 1_234, { type: "refund" }), 3],
      [() => wallet.credit(userId, 777, { type: "admin_adjust" }), 4], // not revenue
      [() => wallet.debit(userId, 300, { type: "signing" }), -24 * 60 - 1], // two days ago, 23:59
    ];
    for (const [change, minutes] of placed) {
      const { ledgerId } = await change();
      await db.query(`UPDATE wallet_ledger SET created_at = $2 WHERE id = $1`, [ledgerId, at(minutes)]);
    }
    const today = day(at(1), "Asia/Shanghai");
    const yesterday = day(at(-1), "Asia/Shanghai");
    const before = day(at(-24 * 60 - 1), "Asia/Shanghai");
    // at(-30) and at(1) are the same UTC day, different Shanghai days.
    expect(day(at(-30), "UTC")).toBe(day(at(1), "UTC"));

    const res = await admin.gql("{ adminDashboard { revenueByDay(days: 3) { date recharges sales refunds } } }");
    expect(res.body.errors).toBeUndefined();
    const rows = res.body.data.adminDashboard.revenueByDay;
    expect(rows.map((r: { date: string }) => r.date)).toEqual([before, yesterday, today]);
    const byDay = Object.fromEntries(rows.map((r: { date: string }) => [r.date, r]));
    expect(byDay[today]).toEqual({ date: today, recharges: 5, sales: 0.4, refunds: 12.34 });
    expect(byDay[yesterday]).toEqual({ date: yesterday, recharges: 100, sales: 12.34, refunds: 0 });
    expect(byDay[before]).toEqual({ date: before, recharges: 0, sales: 3, refunds: 0 });

    // The REST facade: the same figures.
    const rest = await admin.rest("GET", "/api/admin/dashboard/revenue?days=2");
    expect(rest.status).toBe(200);
    expect(rest.body.data).toEqual([byDay[yesterday], byDay[today]]);
    expect((await admin.rest("GET", "/api/admin/dashboard/revenue?days=0")).body.code).toBe("STATS_DAYS_INVALID");

    const { sum, balance } = await ledgerTotals(db, userId);
    expect(sum).toBe(balance);

    // Admins only.
    const u = client(server.url);
    await u.login("rev_user", "secret1");
    expect((await u.rest("GET", "/api/admin/dashboard/revenue")).status).toBe(403);
  });
});
