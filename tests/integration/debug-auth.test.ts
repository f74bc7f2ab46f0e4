import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { client, startInProcess } from "../support/inprocess";
import { pollUntil } from "../support/wait";

/**
 * /api/admin/debug-auth/*: a token's claims and why it is valid, expired, revoked or invalid; its session; the user's
 * role, permissions and admin routes; listing and revoking sessions; the login rate-limit state and 解除限制; and
 * the audit log of all of it. Full admins only: staff of any permission are refused.
 */
let server: Awaited<ReturnType<typeof startInProcess>>;
let admin: ReturnType<typeof client>;
const JWT_SECRET = "debug-auth-test-secret-0123456789abcdef0123456789";
const from = (ip: string) => ({ "x-forwarded-for": ip });

beforeAll(async () => {
  server = await startInProcess({ JWT_SECRET, TRUST_PROXY: "1" });
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
}, 120_000);
afterAll(async () => server?.stopAll());

const inspect = async (body: Record<string, unknown>) =>
  (await admin.rest("POST", "/api/admin/debug-auth/inspect", body)).body;

async function staff(username: string, permissions: string[]) {
  const made = await admin.rest("POST", "/api/admin/users", {
    username,
    password: "secret1",
    role: "user",
    permissions,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const c = client(server.url);
  const { token, user } = await c.login(username, "secret1");
  return { c, token: token as string, id: String(user.id) };
}

describe("/admin/debug-auth", () => {
  it("explains a valid token: claims, session (created, last seen, IP, user agent), role, permissions and routes", async () => {
    const s = await staff("dbg_cs", ["customer-service"]);
    await s.c.rest("GET", "/api/auth/profile");
    // "Last seen" is written beside the request, not in it: wait for it.
    const r = await pollUntil(async () => {
      const x = await inspect({ token: `Bearer ${s.token}` });
      return x.data.token.session?.last_seen_at ? x : undefined;
    });
    expect(r.success).toBe(true);
    expect(r.data.token).toMatchObject({ verdict: "valid", claims: { sub: s.id }, header: { alg: "HS256" } });
    expect(r.data.token.session).toMatchObject({ state: "active", ip: expect.any(String) });
    expect(r.data.token.session.created_at).toBeTruthy();
    expect(r.data.token.session.last_seen_at).toBeTruthy();
    expect(r.data.user).toMatchObject({
      username: "dbg_cs",
      role: "user",
      permissions: ["customer-service"],
      permission_labels: ["在线客服"],
    });
    const routes = r.data.user.routes as { path: string; access: string }[];
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.every((x) => x.access === "perm:customer-service")).toBe(true);
    expect(routes.some((x) => x.path.startsWith("/api/admin/customer-service/"))).toBe(true);
    expect(r.data.user.routes_denied).toBeGreaterThan(50);
    // A full admin may call every admin route.
    const a = await inspect({ token: (await client(server.url).login("admin", server.adminPassword)).token });
    expect(a.data.user.routes_denied).toBe(0);
  });

  it("says why a token is refused: forged, expired, revoked, malformed; and shows nothing of a forged token's user", async () => {
    const s = await staff("dbg_victim", []);
    const sid = JSON.parse(Buffer.from(s.token.split(".")[1], "base64url").toString()).sid;
    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(s.id)
      .setIssuer("gryx")
      .setAudience("gryx")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    const f = await inspect({ token: forged });
    expect(f.data.token.verdict).toBe("invalid");
    expect(f.data.token.reasons.join()).toMatch(/签名无效/);
    expect([f.data.user, f.data.token.session]).toEqual([null, null]);

    const cfg = server.services.config;
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(s.id)
      .setIssuer(cfg.jwtIssuer)
      .setAudience(cfg.jwtAudience)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const e = await inspect({ token: expired });
    expect(e.data.token.verdict).toBe("expired");
    expect(e.data.token.reasons[0]).toMatch(/^令牌已于 .* 过期$/);

    const m = await inspect({ token: "not.a.jwt" });
    expect(m.data.token).toMatchObject({ verdict: "invalid", claims: null });

    await s.c.rest("POST", "/api/auth/logout");
    const rv = await inspect({ token: s.token });
    expect(rv.data.token.verdict).toBe("revoked");
    expect(rv.data.token.reasons.join()).toMatch(/会话已于 .* 被撤销/);
    expect(rv.data.token.session.state).toBe("revoked");

    expect((await admin.rest("POST", "/api/admin/debug-auth/inspect", {})).body.code).toBe(
      "DEBUG_AUTH_TARGET_REQUIRED",
    );
  });

  it("picks a user, lists their sessions and revokes one or all: the tokens stop working at once", async () => {
    const s = await staff("dbg_multi", ["orders"]);
    const second = client(server.url);
    const t2 = (await second.login("dbg_multi", "secret1")).token;
    const picked = await inspect({ user_id: s.id });
    expect(picked.data.token).toBeNull();
    expect(picked.data.user).toMatchObject({ username: "dbg_multi", permissions: ["orders"] });
    expect(picked.data.sessions.filter((x: { state: string }) => x.state === "active")).toHaveLength(2);

    const list = (await admin.rest("GET", `/api/admin/debug-auth/users/${s.id}/sessions`)).body.data as {
      id: string;
      state: string;
    }[];
    const sid2 = JSON.parse(Buffer.from(t2.split(".")[1], "base64url").toString()).sid;
    const one = await admin.rest("POST", `/api/admin/debug-auth/sessions/${sid2}/revoke`);
    expect([one.body.message, one.body.data.state]).toEqual(["会话已撤销", "revoked"]);
    expect((await second.rest("GET", "/api/auth/profile")).status).toBe(401);
    expect((await s.c.rest("GET", "/api/auth/profile")).status).toBe(200);
    expect(list.map((x) => x.id)).toContain(sid2);

    const all = await admin.rest("POST", `/api/admin/debug-auth/users/${s.id}/revoke-sessions`);
    expect(all.body.data.revoked).toBe(1);
    expect((await s.c.rest("GET", "/api/auth/profile")).status).toBe(401);
    expect(
      (await admin.rest("POST", "/api/admin/debug-auth/sessions/00000000-0000-0000-0000-000000000000/revoke")).body
        .code,
    ).toBe("DEBUG_AUTH_SESSION_NOT_FOUND");
    // Revoking all of one's own sessions keeps the one in use.
    const me = (await admin.rest("GET", "/api/auth/profile")).body.data;
    await admin.rest("POST", `/api/admin/debug-auth/users/${me.id ?? me.user?.id}/revoke-sessions`);
    expect((await admin.rest("GET", "/api/auth/profile")).status).toBe(200);
  });

  it("shows a username's and an address's login limits and 解除限制 lets them in again", async () => {
    await staff("dbg_locked", []);
    const c = client(server.url);
    let last = 0;
    for (let i = 0; i < 12; i++)
      last = (
        await c.rest("POST", "/api/auth/login", { username: "dbg_locked", password: "wrong-pass" }, from("10.9.9.9"))
      ).status;
    expect(last).toBe(429);
    const state = await admin.rest("POST", "/api/admin/debug-auth/rate-limits", { username: "dbg_locked" });
    const byKey = Object.fromEntries(
      (state.body.data as { key: string; blocked: boolean; count: number; limit: number }[]).map((r) => [r.key, r]),
    );
    expect(byKey["login:pair:dbg_locked:10.9.9.9"]).toMatchObject({ blocked: true, limit: 10 });
    expect(byKey["login:acct:dbg_locked"]).toMatchObject({ blocked: true });
    const byIp = await admin.rest("POST", "/api/admin/debug-auth/rate-limits", { ip: "10.9.9.9" });
    expect((byIp.body.data as { key: string }[]).map((r) => r.key).sort()).toEqual([
      "login:ip:10.9.9.9",
      "login:pair:dbg_locked:10.9.9.9",
    ]);

    const cleared = await admin.rest("POST", "/api/admin/debug-auth/rate-limits/clear", {
      username: "dbg_locked",
      ip: "10.9.9.9",
    });
    expect([cleared.body.message, cleared.body.data.cleared]).toEqual(["已解除限制", 3]);
    expect(
      (await c.rest("POST", "/api/auth/login", { username: "dbg_locked", password: "secret1" }, from("10.9.9.9")))
        .status,
    ).toBe(200);
    for (const bad of [{}, { ip: "not-an-ip" }, { username: "x y" }])
      expect((await admin.rest("POST", "/api/admin/debug-auth/rate-limits", bad)).body.code).toBe(
        "DEBUG_AUTH_LIMIT_TARGET_INVALID",
      );
  });

  it("writes every action to the audit log it shows, and is closed to staff of every permission", async () => {
    const log = (await admin.rest("GET", "/api/admin/debug-auth/audit?page=1&pageSize=100")).body.data as {
      items: { action: string; actor_username: string; target: string }[];
      total: number;
    };
    const actions = new Set(log.items.map((x) => x.action));
    for (const a of [
      "inspect-token",
      "inspect-user",
      "list-sessions",
      "revoke-session",
      "revoke-user-sessions",
      "view-rate-limits",
      "clear-rate-limits",
    ])
      expect(actions, a).toContain(a);
    expect(log.items.every((x) => x.actor_username === "admin")).toBe(true);
    expect(log.items.find((x) => x.action === "clear-rate-limits")!.target).toBe("user:dbg_locked ip:10.9.9.9");
    // No token is ever stored, only its session.
    expect(JSON.stringify(log)).not.toMatch(/eyJ/);

    const s = await staff("dbg_settings", [
      "settings",
      "customer-service",
      "orders",
      "finance",
      "signing",
      "catalogue",
      "dashboard",
    ]);
    expect((await s.c.rest("GET", "/api/admin/debug-auth/audit")).status).toBe(403);
    expect((await s.c.rest("POST", "/api/admin/debug-auth/inspect", { token: s.token })).status).toBe(403);
    expect((await admin.rest("GET", "/api/admin/debug-auth/audit")).body.data.total).toBe(log.total);
  });
});
