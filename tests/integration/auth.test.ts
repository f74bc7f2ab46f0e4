import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getIntrospectionQuery } from "graphql";
import { client, startInProcess } from "../support/inprocess";
import { LOGIN_LIMITS } from "../../server/src/modules/auth/auth.service";

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;

beforeAll(async () => {
  // Behind a proxy so tests can speak from several client addresses with X-Forwarded-For.
  // A depth limit of 6: with today's small schema only introspection reaches that deep, and graphql-js itself
  // refuses introspection with three nested `fields` levels, so the default of 10 cannot be crossed by a valid query.
  server = await startInProcess({ TRUST_PROXY: "1", GRAPHQL_MAX_DEPTH: "6" });
});
afterAll(async () => server?.stopAll());

const from = (ip: string) => ({ "x-forwarded-for": ip });

describe("register and login (REST)", () => {
  it("registers, logs in and reads the profile with the token", async () => {
    const c = client(server.url);
    const reg = await c.rest(
      "POST",
      "/api/auth/register",
      { username: "alice_1", password: "secret1" },
      from("10.0.0.1"),
    );
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ success: true, data: { user: { username: "alice_1", role: "user" } } });
    const data = await c.login("alice_1", "secret1");
    expect(data.user).toMatchObject({ username: "alice_1", role: "user", permissions: [] });
    expect(data.token.split(".")).toHaveLength(3);
    const profile = await c.rest("GET", "/api/auth/profile");
    expect(profile.body.data.username).toBe("alice_1");
  });

  it("answers each bad login with the status of the spec's catalogue", async () => {
    const c = client(server.url);
    await c.rest("POST", "/api/auth/register", { username: "bob_1", password: "secret1" }, from("10.0.0.2"));
    const empty = await c.rest("POST", "/api/auth/login", { username: "", password: "" }, from("10.0.0.2"));
    expect([empty.status, empty.body.message]).toEqual([400, "请输入账号和密码"]);
    const wrong = await c.rest("POST", "/api/auth/login", { username: "bob_1", password: "nope123" }, from("10.0.0.2"));
    expect([wrong.status, wrong.body.message, wrong.body.success]).toEqual([401, "账号或密码错误", false]);
    const unknown = await c.rest(
      "POST",
      "/api/auth/login",
      { username: "nobody_here", password: "x12345" },
      from("10.0.0.2"),
    );
    expect([unknown.status, unknown.body.message]).toEqual([404, "账号不存在"]);
    const types = await c.rest("POST", "/api/auth/login", { username: 12, password: ["a"] }, from("10.0.0.2"));
    expect(types.status).toBe(400);
    const huge = await c.rest(
      "POST",
      "/api/auth/login",
      { username: "a".repeat(5000), password: "b" },
      from("10.0.0.2"),
    );
    expect(huge.status).toBe(400);
    const malformed = await c.rest("POST", "/api/auth/login", "{not json", from("10.0.0.2"));
    expect([malformed.status, malformed.body.success]).toEqual([400, false]);
    const oversized = await c.rest(
      "POST",
      "/api/auth/login",
      JSON.stringify({ username: "x", password: "y".repeat(200_000) }),
      from("10.0.0.2"),
    );
    expect(oversized.status).toBe(413);
  });

  it("answers bad registrations with 400, 409 and 422", async () => {
    const c = client(server.url);
    const ip = from("10.0.0.3");
    expect((await c.rest("POST", "/api/auth/register", { username: "carol_1", password: "secret1" }, ip)).status).toBe(
      200,
    );
    const dup = await c.rest("POST", "/api/auth/register", { username: "CAROL_1", password: "secret1" }, ip);
    expect([dup.status, dup.body.message]).toEqual([409, "账号已存在，请更换用户名"]);
    expect((await c.rest("POST", "/api/auth/register", { username: "c", password: "secret1" }, ip)).status).toBe(400);
    expect((await c.rest("POST", "/api/auth/register", { username: "carol_2", password: "123" }, ip)).status).toBe(422);
    expect(
      (await c.rest("POST", "/api/auth/register", { username: "carol_3", password: "secret1", email: "not-mail" }, ip))
        .status,
    ).toBe(422);
    expect((await c.rest("POST", "/api/auth/register", {}, ip)).status).toBe(400);
  });
});

describe("failed-login rate limits", () => {
  it("refuses a flood of wrong passwords with 429, never a 500, and the owner still gets in from a known address", async () => {
    const c = client(server.url);
    const owner = from("10.1.0.1");
    await c.rest("POST", "/api/auth/register", { username: "victim", password: "rightpass" }, owner);
    expect((await c.rest("POST", "/api/auth/login", { username: "victim", password: "rightpass" }, owner)).status).toBe(
      200,
    );

    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      // The attacker rotates through many addresses.
      const r = await c.rest(
        "POST",
        "/api/auth/login",
        { username: "victim", password: `wrong${i}` },
        from(`10.2.${i % 250}.${1 + (i % 7)}`),
      );
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    expect(statuses.get(401)).toBe(LOGIN_LIMITS.perAccountUntrusted);
    const limited = await c.rest(
      "POST",
      "/api/auth/login",
      { username: "victim", password: "rightpass" },
      from("10.9.9.9"),
    );
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("请求过于频繁，请稍后再试");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    const ownerAgain = await c.rest("POST", "/api/auth/login", { username: "victim", password: "rightpass" }, owner);
    expect(ownerAgain.status).toBe(200);
  }, 300_000);

  it("the owner's browser keeps getting in from a new network with its device cookie during an attack", async () => {
    const c = client(server.url);
    await c.rest("POST", "/api/auth/register", { username: "roamer", password: "rightpass" }, from("10.20.0.1"));
    const first = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...from("10.20.0.1") },
      body: JSON.stringify({ username: "roamer", password: "rightpass" }),
    });
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/gryx_device=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const cookie = setCookie.split(";")[0];

    for (let i = 0; i < 30; i++)
      await c.rest("POST", "/api/auth/login", { username: "roamer", password: `guess${i}` }, from(`10.21.${i}.9`));
    const login = (headers: Record<string, string>) =>
      c.rest("POST", "/api/auth/login", { username: "roamer", password: "rightpass" }, headers);
    expect((await login(from("10.22.0.1"))).status).toBe(429);
    expect((await login({ ...from("10.22.0.2"), cookie: "gryx_device=1.2.3.4" })).status).toBe(429);
    expect((await login({ ...from("10.22.0.3"), cookie })).status).toBe(200);

    // The web client logs in over GraphQL: the cookie comes with that answer too.
    const gql = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...from("10.20.0.1") },
      body: JSON.stringify({ query: `mutation { login(username: "roamer", password: "rightpass") { token } }` }),
    });
    expect(gql.headers.get("set-cookie") ?? "").toMatch(/^gryx_device=/);
  });

  it("limits one address that tries many accounts", async () => {
    const c = client(server.url);
    const ip = from("10.3.0.1");
    let first429 = -1;
    for (let i = 0; i < LOGIN_LIMITS.perIp + 5; i++) {
      const r = await c.rest("POST", "/api/auth/login", { username: `ghost${i}`, password: "whatever1" }, ip);
      if (r.status === 429) {
        first429 = i;
        break;
      }
      expect(r.status).toBe(404);
    }
    expect(first429).toBe(LOGIN_LIMITS.perIp);
  });
});

describe("housekeeping", () => {
  it("drops stale counters, long-ended sessions and old reset codes, and keeps live ones", async () => {
    const db = server.services.db;
    await db.query(
      `INSERT INTO rate_counters (key, count, window_start) VALUES ('stale-key', 3, now() - interval '2 days'), ('fresh-key', 1, now())`,
    );
    const [{ id: uid }] = await db.query(`SELECT id FROM users WHERE username = 'admin'`);
    await db.query(
      `INSERT INTO sessions (id, user_id, expires_at) VALUES ('00000000-0000-4000-8000-000000000001', $1, now() - interval '40 days'), ('00000000-0000-4000-8000-000000000002', $1, now() + interval '1 day')`,
      [uid],
    );
    await server.services.auth.housekeeping();
    const keys = (await db.query(`SELECT key FROM rate_counters WHERE key IN ('stale-key', 'fresh-key')`)).map(
      (r: { key: string }) => r.key,
    );
    expect(keys).toEqual(["fresh-key"]);
    const sessions = (
      await db.query(`SELECT id FROM sessions WHERE id::text LIKE '00000000-0000-4000-8000-00000000000%'`)
    ).map((r: { id: string }) => r.id);
    expect(sessions).toEqual(["00000000-0000-4000-8000-000000000002"]);
  });
});

describe("password reset limits", () => {
  it("refuses probing many names from one address with 429", async () => {
    const c = client(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push(
        (await c.rest("POST", "/api/auth/forgot-password", { username: `nosuch${i}` }, from("10.8.0.1"))).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });

  it("a stranger asking for codes does not void the owner's code", async () => {
    const c = client(server.url);
    await c.rest(
      "POST",
      "/api/auth/register",
      { username: "resetme", password: "secret1", email: "resetme@example.com" },
      from("10.8.1.1"),
    );
    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "resetme" }, from("10.8.1.1"))).status).toBe(
      200,
    );
    const [mail] = await server.services.db.query(
      `SELECT body FROM email_outbox WHERE body LIKE '%resetme%' ORDER BY id DESC LIMIT 1`,
    );
    const code = /(\d{6})/.exec(mail.body)![1];
    for (let i = 0; i < 6; i++)
      await c.rest("POST", "/api/auth/forgot-password", { username: "resetme" }, from("10.8.2.1"));
    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "resetme" }, from("10.8.2.1"))).status).toBe(
      429,
    );
    const ok = await c.rest(
      "POST",
      "/api/auth/reset-password",
      { username: "resetme", code, newPassword: "secret9" },
      from("10.8.1.1"),
    );
    expect(ok.status).toBe(200);
  });
});

describe("reset-code attempts", () => {
  it("checks at most 5 of 10 concurrent wrong guesses against a code; the rest are refused unchecked, and so is the right code after", async () => {
    const c = client(server.url);
    await c.rest(
      "POST",
      "/api/auth/register",
      { username: "racer_1", password: "secret1", email: "racer_1@example.com" },
      from("10.8.5.1"),
    );
    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "racer_1" }, from("10.8.5.1"))).status).toBe(
      200,
    );
    const [mail] = await server.services.db.query(
      `SELECT body FROM email_outbox WHERE body LIKE '%racer_1%' ORDER BY id DESC LIMIT 1`,
    );
    const code = /(\d{6})/.exec(mail.body)![1];
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.rest("POST", "/api/auth/verify-reset-code", { username: "racer_1", code: wrong }, from(`10.8.6.${i + 1}`)),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((x) => x === "AUTH_RESET_CODE_WRONG").length).toBe(5);
    expect(codes.filter((x) => x === "AUTH_RESET_CODE_EXPIRED").length).toBe(5);
    const [{ attempts }] = await server.services.db.query(
      `SELECT r.attempts FROM password_reset_codes r JOIN users u ON u.id = r.user_id WHERE u.username = 'racer_1' ORDER BY r.id DESC LIMIT 1`,
    );
    expect(attempts).toBe(5);
    expect(
      (await c.rest("POST", "/api/auth/verify-reset-code", { username: "racer_1", code }, from("10.8.5.1"))).body.code,
    ).toBe("AUTH_RESET_CODE_EXPIRED");
  });

  it("does not count a right guess: verify then reset still works after 4 wrong ones", async () => {
    const c = client(server.url);
    await c.rest(
      "POST",
      "/api/auth/register",
      { username: "racer_2", password: "secret1", email: "racer_2@example.com" },
      from("10.8.7.1"),
    );
    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "racer_2" }, from("10.8.7.1"))).status).toBe(
      200,
    );
    const [mail] = await server.services.db.query(
      `SELECT body FROM email_outbox WHERE body LIKE '%racer_2%' ORDER BY id DESC LIMIT 1`,
    );
    const code = /(\d{6})/.exec(mail.body)![1];
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 4; i++)
      expect(
        (await c.rest("POST", "/api/auth/verify-reset-code", { username: "racer_2", code: wrong }, from("10.8.7.1")))
          .body.code,
      ).toBe("AUTH_RESET_CODE_WRONG");
    expect(
      (await c.rest("POST", "/api/auth/verify-reset-code", { username: "racer_2", code }, from("10.8.7.1"))).status,
    ).toBe(200);
    expect(
      (
        await c.rest(
          "POST",
          "/api/auth/reset-password",
          { username: "racer_2", code, newPassword: "secret8" },
          from("10.8.7.1"),
        )
      ).status,
    ).toBe(200);
  });
});

describe("password reset without an email", () => {
  it("says the account has no email (REST and GraphQL), after the limits, and issues no code", async () => {
    const c = client(server.url);
    await c.rest("POST", "/api/auth/register", { username: "no_mail_1", password: "secret1" }, from("10.9.0.1"));
    const res = await c.rest("POST", "/api/auth/forgot-password", { username: "no_mail_1" }, from("10.9.0.1"));
    expect([res.status, res.body.success, res.body.message]).toEqual([
      400,
      false,
      "该账号未绑定邮箱，无法通过邮箱找回密码，请联系客服",
    ]);
    const resend = await c.rest("POST", "/api/auth/resend-reset-code", { username: "no_mail_1" }, from("10.9.0.1"));
    expect(resend.status).toBe(400);
    const gql = await c.gql('mutation { forgotPassword(username: "no_mail_1") }');
    expect(gql.body.errors?.[0]?.message).toBe("该账号未绑定邮箱，无法通过邮箱找回密码，请联系客服");
    const db = server.services.db;
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM password_reset_codes r JOIN users u ON u.id = r.user_id WHERE u.username = 'no_mail_1'`,
    );
    expect(n).toBe(0);
    expect((await db.query(`SELECT 1 FROM email_outbox WHERE body LIKE '%no_mail_1%'`)).length).toBe(0);
    // an unknown name answers as before, and the per-address limit still comes first
    expect(
      (await c.rest("POST", "/api/auth/forgot-password", { username: "no_such_user_9" }, from("10.9.0.1"))).status,
    ).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await c.rest("POST", "/api/auth/forgot-password", { username: "no_mail_1" }, from("10.9.0.2"))).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe("sessions and passwords", () => {
  it("logout ends the session; refresh replaces the token", async () => {
    const c = client(server.url);
    await c.rest("POST", "/api/auth/register", { username: "dave_1", password: "secret1" }, from("10.4.0.1"));
    const { token } = await c.login("dave_1", "secret1");
    const refreshed = await c.rest("POST", "/api/auth/refresh");
    expect(refreshed.status).toBe(200);
    const newToken = refreshed.body.data.token as string;
    expect(newToken).not.toBe(token);
    c.setToken(token);
    expect((await c.rest("GET", "/api/auth/verify")).status).toBe(401);
    c.setToken(newToken);
    expect((await c.rest("GET", "/api/auth/verify")).body.data.valid).toBe(true);
    expect((await c.rest("POST", "/api/auth/logout")).status).toBe(200);
    expect((await c.rest("GET", "/api/auth/profile")).status).toBe(401);
  });

  it("changes the password and resets it with an emailed code", async () => {
    const c = client(server.url);
    const ip = from("10.5.0.1");
    await c.rest(
      "POST",
      "/api/auth/register",
      { username: "erin_1", password: "secret1", email: "erin@example.com" },
      ip,
    );
    await c.login("erin_1", "secret1");
    const bad = await c.rest("POST", "/api/auth/change-password", { oldPassword: "wrong11", newPassword: "secret2" });
    expect([bad.status, bad.body.message]).toEqual([400, "原密码错误"]);
    expect(
      (await c.rest("POST", "/api/auth/change-password", { oldPassword: "secret1", newPassword: "secret2" })).status,
    ).toBe(200);
    await c.login("erin_1", "secret2");

    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "erin_1" }, ip)).status).toBe(200);
    const [mail] = await server.services.db.query(
      `SELECT to_address, body FROM email_outbox WHERE kind = 'password-reset' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail.to_address).toBe("erin@example.com");
    const code = /(\d{6})/.exec(mail.body)![1];
    const wrongCode = code === "000000" ? "111111" : "000000";
    expect(
      (await c.rest("POST", "/api/auth/verify-reset-code", { username: "erin_1", code: wrongCode })).body.message,
    ).toBe("验证码错误");
    expect((await c.rest("POST", "/api/auth/verify-reset-code", { username: "erin_1", code })).status).toBe(200);
    expect(
      (await c.rest("POST", "/api/auth/reset-password", { username: "erin_1", code, newPassword: "secret3" })).status,
    ).toBe(200);
    // The old session was revoked by the reset, and the code cannot be used twice.
    expect((await c.rest("GET", "/api/auth/profile")).status).toBe(401);
    expect(
      (await c.rest("POST", "/api/auth/reset-password", { username: "erin_1", code, newPassword: "secret4" })).status,
    ).toBe(400);
    await c.login("erin_1", "secret3");
  });
});

describe("admin operations", () => {
  it("refuse guests with 401 and users with 403, over REST and GraphQL", async () => {
    const guest = client(server.url);
    expect((await guest.rest("GET", "/api/admin/users")).status).toBe(401);
    const g = await guest.gql("{ adminUsers { total } }");
    expect(g.body.errors?.[0].extensions).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });

    const user = client(server.url);
    await user.rest("POST", "/api/auth/register", { username: "frank_1", password: "secret1" }, from("10.6.0.1"));
    await user.login("frank_1", "secret1");
    expect((await user.rest("GET", "/api/admin/users")).status).toBe(403);
    const u = await user.gql(`mutation { adminSetUserRole(id: "1", role: "user") { id } }`);
    expect(u.body.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });
    const sub = await user.gql("{ adminDashboard { totalUsers } }");
    expect(sub.body.errors?.[0].extensions?.status).toBe(403);
  });

  it("finds an account by part of its name or of its address, never by a term that spans both", async () => {
    const admin = client(server.url);
    await admin.login("admin", server.adminPassword);
    const made = await admin.gql(
      `mutation { adminCreateUser(input: {username: "hank_2", password: "secret1", role: "user", email: "hank.box@example.org"}) { id } }`,
    );
    expect(made.body.errors).toBeUndefined();
    const names = async (term: string) =>
      (await admin.rest("GET", `/api/admin/users?search=${encodeURIComponent(term)}&pageSize=10`)).body.data.items.map(
        (u: { username: string }) => u.username,
      );
    expect(await names("hank_")).toEqual(["hank_2"]);
    expect(await names("BOX@EXAMPLE")).toEqual(["hank_2"]);
    expect(await names("2hank")).toEqual([]);
    // The name and the address are searched as one text with a newline between: a term holding one finds nothing.
    expect(await names("hank_2\nhank.box")).toEqual([]);
    expect(await names("_2\nh")).toEqual([]);
  });

  it("lets the admin search, create, disable and promote users", async () => {
    const admin = client(server.url);
    await admin.login("admin", server.adminPassword);
    const created = await admin.gql(
      `mutation { adminCreateUser(input: {username: "gina_1", password: "secret1", role: "user", permissions: ["orders"]}) { id username permissions } }`,
    );
    expect(created.body.data.adminCreateUser).toMatchObject({ username: "gina_1", permissions: ["orders"] });
    const id = created.body.data.adminCreateUser.id;
    const list = await admin.rest("GET", "/api/admin/users?search=gina&page=1&pageSize=10");
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0].username).toBe("gina_1");

    const disabled = await admin.gql(
      `mutation($id: ID!) { adminSetUserDisabled(id: $id, disabled: true) { disabled } }`,
      { id },
    );
    expect(disabled.body.data.adminSetUserDisabled.disabled).toBe(true);
    const gina = client(server.url);
    const refused = await gina.rest(
      "POST",
      "/api/auth/login",
      { username: "gina_1", password: "secret1" },
      from("10.7.0.1"),
    );
    expect(refused.status).toBe(403);
    await admin.gql(`mutation($id: ID!) { adminSetUserDisabled(id: $id, disabled: false) { disabled } }`, { id });
    await admin.rest("PATCH", `/api/admin/users/${id}/role`, { role: "admin" });
    const g = client(server.url);
    await g.login("gina_1", "secret1");
    expect((await g.rest("GET", "/api/admin/users")).status).toBe(200);

    expect((await admin.rest("PATCH", `/api/admin/users/${id}/role`, { role: "root" })).status).toBe(422);
    expect((await admin.rest("GET", "/api/admin/users?page=0")).status).toBe(400);
    expect((await admin.rest("GET", "/api/admin/users?pageSize=100000")).status).toBe(400);
    expect((await admin.rest("PATCH", `/api/admin/users/999999/status`, { disabled: true })).status).toBe(404);
    for (const bad of ["abc", "2abc", "99999999999", "0", "-1"])
      expect((await admin.rest("PATCH", `/api/admin/users/${bad}/status`, { disabled: true })).status, bad).toBe(400);
    expect((await admin.rest("PATCH", `/api/admin/users/${id}/status`, { disabled: "true" })).status).toBe(400);
    expect((await admin.rest("PATCH", `/api/admin/users/${id}/status`, {})).status).toBe(400);
    const badId = await admin.gql(`mutation { adminSetUserDisabled(id: "abc", disabled: true) { id } }`);
    expect(badId.body.errors?.[0].extensions).toMatchObject({ code: "BAD_REQUEST", status: 400 });
    for (const permissions of [{ a: 1 }, 5, "abc", ["orders.view"], ["root"]])
      expect(
        (
          await admin.rest("POST", "/api/admin/users", {
            username: "perm_x",
            password: "secret1",
            role: "user",
            permissions,
          })
        ).status,
      ).toBe(422);
    expect((await admin.rest("GET", "/api/admin/users?search=a&search=b")).status).toBe(400);
  });

  it("shows dashboard figures that match the accounts", async () => {
    const admin = client(server.url);
    await admin.login("admin", server.adminPassword);
    const [{ n }] = await server.services.db.query(`SELECT count(*)::int AS n FROM users`);
    const r = await admin.gql(
      `{ adminDashboard { totalUsers newUsersToday registrationsByDay(days: 7) { date count } } }`,
    );
    const d = r.body.data.adminDashboard;
    expect(d.totalUsers).toBe(n);
    expect(d.registrationsByDay).toHaveLength(7);
    expect(d.registrationsByDay.at(-1).count).toBe(d.newUsersToday);
    expect(d.newUsersToday).toBe(n);
  });
});

describe("GraphQL protections", () => {
  // A valid query exactly `depth` fields deep that stays small: __schema { queryType { fields { type { ... { name } } } } }
  const deepQuery = (depth: number) => {
    const path = ["__schema", "queryType"];
    while (path.length < depth - 1) path.push(path.length % 2 === 0 ? "fields" : "type");
    return `{ ${path.join(" { ")} { name }${" }".repeat(path.length - 1)} }`;
  };

  it("accepts a query exactly as deep as the limit and refuses one level more", async () => {
    const c = client(server.url);
    const atLimit = await c.gql(deepQuery(6));
    expect(atLimit.body.errors).toBeUndefined();
    const over = await c.gql(deepQuery(7));
    expect(over.body.errors?.[0].message).toMatch(/查询嵌套层级过深/);
    expect(over.body.errors?.[0].extensions).toMatchObject({ code: "BAD_REQUEST", status: 400 });
  });

  it("measures fragments once: a fragment bomb is refused quickly, and so are thousands of aliases", async () => {
    const c = client(server.url);
    // F0 spreads F1 twice, F1 spreads F2 twice...: 2^40 paths if fragments were walked again at every spread.
    const n = 40;
    const frags = Array.from(
      { length: n },
      (_, i) => `fragment F${i} on __Type { name ${i + 1 < n ? `...F${i + 1} ...F${i + 1}` : ""} }`,
    ).join("\n");
    const started = Date.now();
    const bomb = await c.gql(`{ __schema { types { ...F0 } } }\n${frags}`);
    // Walked again at every spread it would never end; measured once it is milliseconds. The bound leaves a loaded
    // machine its room.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(bomb.body.errors?.length).toBeGreaterThan(0);
    const aliases = Array.from({ length: 1000 }, (_, i) => `a${i}: healthy`).join(" ");
    const wide = await c.gql(`{ ${aliases} }`);
    expect(wide.body.errors?.[0].message).toMatch(/查询字段过多/);
  });

  it("answers the standard introspection query (GraphiQL, codegen) and refuses subscriptions over HTTP", async () => {
    const c = client(server.url);
    const intro = await c.gql(getIntrospectionQuery());
    expect(intro.body.errors).toBeUndefined();
    expect(intro.body.data.__schema.queryType.name).toBe("Query");
    const sub = await c.gql("subscription { userRegistered { id } }");
    expect(sub.status).toBe(400);
    expect(sub.body.errors?.[0].extensions).toMatchObject({ code: "BAD_REQUEST", status: 400 });
  });

  it("refuses cross-site simple requests (CSRF prevention)", async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent("{ healthy }")}`);
    expect(res.status).toBe(400);
    const ok = await fetch(`${server.url}/graphql?query=${encodeURIComponent("{ healthy }")}`, {
      headers: { "apollo-require-preflight": "1" },
    });
    expect(((await ok.json()) as { data: { healthy: boolean } }).data.healthy).toBe(true);
  });
});
