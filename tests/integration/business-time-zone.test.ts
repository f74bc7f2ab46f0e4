import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/src/config";
import { AdminStatsService } from "../../server/src/modules/admin-stats/admin-stats.service";
import { client, startInProcess } from "../support/inprocess";

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startInProcess(); // BUSINESS_TZ unset: Asia/Shanghai
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
});
afterAll(async () => server?.stopAll());

/**
 * Two registrations half an hour either side of today's midnight in Shanghai (16:00 UTC the day before): one
 * belongs to today in Shanghai, the other to yesterday, though both fall on the same UTC day.
 */
async function registerAroundShanghaiMidnight(): Promise<{ after: string; before: string }> {
  const db = server.services.db;
  const [{ midnight }] = await db.query(
    `SELECT (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai') AS midnight`,
  );
  const at = (minutes: number) => new Date(new Date(midnight).getTime() + minutes * 60_000).toISOString();
  const after = at(30);
  const before = at(-30);
  for (const [name, when] of [
    ["tz_after_midnight", after],
    ["tz_before_midnight", before],
  ]) {
    await admin.rest(
      "POST",
      "/api/auth/register",
      { username: name, password: "secret1" },
      { "x-forwarded-for": "10.77.0.1" },
    );
    await db.query(`UPDATE users SET created_at = $2 WHERE username = $1`, [name, when]);
  }
  return { after, before };
}

const day = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );

describe("business time zone", () => {
  it("counts the dashboard's registrations per day in Asia/Shanghai by default, near midnight too", async () => {
    const { after, before } = await registerAroundShanghaiMidnight();
    const res = await admin.gql(
      "{ businessTimeZone adminDashboard { newUsersToday registrationsByDay(days: 3) { date count } } }",
    );
    expect(res.body.errors).toBeUndefined();
    const { businessTimeZone, adminDashboard } = res.body.data;
    expect(businessTimeZone).toBe("Asia/Shanghai");
    const byDay = Object.fromEntries(
      adminDashboard.registrationsByDay.map((d: { date: string; count: number }) => [d.date, d.count]),
    );
    const today = day(after, "Asia/Shanghai");
    const yesterday = day(before, "Asia/Shanghai");
    expect(today).not.toBe(yesterday);
    // the admin account was created today as well (now, in whatever zone)
    const adminToday = day(new Date().toISOString(), "Asia/Shanghai") === today ? 1 : 0;
    expect(byDay[today]).toBe(1 + adminToday);
    expect(byDay[yesterday]).toBe(1);
    expect(adminDashboard.newUsersToday).toBe(1 + adminToday);

    // the REST facade says which zone it counted in
    const stats = await admin.rest("GET", "/api/admin/dashboard/stats");
    expect(stats.body.data.timeZone).toBe("Asia/Shanghai");
    // the users list gives the instants; shown in that zone they fall on the same days as the chart
    const users = await admin.gql(
      '{ adminUsers(search: "tz_", page: 1, pageSize: 10) { items { username createdAt } } }',
    );
    const created = Object.fromEntries(
      users.body.data.adminUsers.items.map((u: { username: string; createdAt: string }) => [u.username, u.createdAt]),
    );
    expect(day(created.tz_after_midnight, businessTimeZone)).toBe(today);
    expect(day(created.tz_before_midnight, businessTimeZone)).toBe(yesterday);
  });

  it("counts in the configured zone instead: the same two registrations share a UTC day", async () => {
    const utc = new AdminStatsService(
      server.services.db,
      loadConfig({ ...baseEnv(), BUSINESS_TZ: "UTC" }).businessTimeZone,
    );
    const [{ d }] = await server.services.db.query(
      `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS d FROM users WHERE username = 'tz_after_midnight'`,
    );
    const rows = await utc.registrationsByDay(3);
    const counted = rows.find((r) => r.date === d)!;
    const [{ n }] = await server.services.db.query(
      `SELECT count(*)::int AS n FROM users WHERE (created_at AT TIME ZONE 'UTC')::date = $1::date`,
      [d],
    );
    expect(counted.count).toBe(n);
    expect(n).toBeGreaterThanOrEqual(2); // both tz_ users sit on that UTC day
  });

  it("refuses a BUSINESS_TZ that is not an IANA zone, and defaults to Asia/Shanghai", () => {
    expect(loadConfig(baseEnv()).businessTimeZone).toBe("Asia/Shanghai");
    expect(loadConfig({ ...baseEnv(), BUSINESS_TZ: "America/New_York" }).businessTimeZone).toBe("America/New_York");
    for (const bad of ["Mars/Olympus_Mons", "+08:00", "CST", "Asia/Shanghai; DROP TABLE users"]) {
      expect(() => loadConfig({ ...baseEnv(), BUSINESS_TZ: bad }), bad).toThrow(ConfigError);
    }
    try {
      loadConfig({ ...baseEnv(), BUSINESS_TZ: "Nowhere/City" });
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([
        'BUSINESS_TZ must be an IANA time zone such as Asia/Shanghai (got "Nowhere/City")',
      ]);
    }
  });
});

function baseEnv(): Record<string, string> {
  return { DATABASE_URL: "postgres://localhost/x", JWT_SECRET: "x".repeat(40) };
}
