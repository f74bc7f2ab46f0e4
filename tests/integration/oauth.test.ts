import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateKeyPair } from "jose";
import { client, startInProcess } from "../support/inprocess";
import { appleUser, approveQq, qqUser, startAppleId, startQqConnect } from "../support/oauth-providers";
import { REST_ROUTES } from "../../server/src/rest/routes";
import { DOMAINS } from "../../server/src/modules";
import { rotateSecrets } from "../../server/src/db/rotate-secrets";
import { Keyring } from "@gryx/platform/secrets";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let qq: Awaited<ReturnType<typeof startQqConnect>>;
let apple: Awaited<ReturnType<typeof startAppleId>>;
let admin: Client;
let qqConfigId: number;
let appleConfigId: number;

const userCount = async () => Number((await server.services.db.query(`SELECT count(*) AS n FROM users`))[0].n);
const identityCount = async () =>
  Number((await server.services.db.query(`SELECT count(*) AS n FROM oauth_identities`))[0].n);

/** A browser: its own cookie jar (the OAuth browser cookie) and, once logged in, its token. */
function browser() {
  const c = client(server.url);
  const jar = new Map<string, string>();
  const withCookie = async (method: string, path: string, body?: unknown) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const r = await c.rest(method, path, body, cookie ? { cookie } : {});
    for (const set of r.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return r;
  };
  return {
    ...c,
    rest: withCookie,
    /** The OAuth browser cookie (to hand to another "browser"). */
    get cookie() {
      return jar.get("gryx_oauth") ?? "";
    },
    set cookie(v: string) {
      jar.set("gryx_oauth", v);
    },
  };
}
type Browser = ReturnType<typeof browser>;

/** Starts a QQ login in `b` and lets the stand-in approve it for `user`: the code and state QQ sends back. */
async function qqRoundTrip(b: Browser, user = qqUser("小明"), bind = false) {
  qq.setNextUser(user);
  const start = await b.rest("GET", `/api/auth/qq${bind ? "?bind=1" : ""}`);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  return { ...(await approveQq(start.body.data.auth_url)), user, authUrl: new URL(start.body.data.auth_url) };
}

async function appleStart(b: Browser, bind = false) {
  const r = await b.rest("GET", `/api/auth/apple${bind ? "?bind=1" : ""}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as {
    client_id: string;
    scope: string;
    redirect_uri: string;
    state: string;
    nonce: string;
    sdk_url: string;
  };
}

beforeAll(async () => {
  [qq, apple] = await Promise.all([startQqConnect(), startAppleId()]);
  server = await startInProcess({ OAUTH_ALLOW_PRIVATE: "1", SECRETS_KEY: "o".repeat(40) });
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
});

afterAll(async () => {
  await server?.stopAll();
  await Promise.all([qq?.close(), apple?.close()]);
});

describe("provider configuration (/api/admin/oauth-configs)", () => {
  it("creates, lists without secrets, updates and publishes only enabled providers", async () => {
    // QQ cannot be switched on without its APP Key.
    const noKey = await admin.rest("POST", "/api/admin/oauth-configs", {
      provider: "qq",
      enabled: true,
      app_id: qq.appId,
    });
    expect([noKey.status, noKey.body.code, noKey.body.message]).toEqual([
      400,
      "OAUTH_CONFIG_FIELD_INVALID",
      "启用 QQ 登录需要填写 APP Key（密钥）",
    ]);
    const created = await admin.rest("POST", "/api/admin/oauth-configs", {
      provider: "qq",
      enabled: true,
      app_id: qq.appId,
      app_secret: qq.appKey,
      scope: "get_user_info",
      redirect_uri: "http://127.0.0.1:5173/oauth/callback",
      base_url: qq.url,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    qqConfigId = created.body.data.id;
    expect(qqConfigId).toBeGreaterThan(0);

    const a = await admin.rest("POST", "/api/admin/oauth-configs", {
      provider: "apple",
      enabled: false,
      app_id: apple.clientId,
      scope: "name email",
      base_url: apple.url,
      sdk_url: apple.sdkUrl,
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    appleConfigId = a.body.data.id;

    // The secret is sealed at rest and never answered.
    const [row] = await server.services.db.query(`SELECT app_secret_sealed FROM oauth_configs WHERE id = $1`, [
      qqConfigId,
    ]);
    expect(row.app_secret_sealed).toMatch(/^v2:/);
    expect(row.app_secret_sealed).not.toContain(qq.appKey);
    const list = await admin.rest("GET", "/api/admin/oauth-configs");
    expect(JSON.stringify(list.body)).not.toContain(qq.appKey);
    expect(list.body.data.map((c: { provider: string; has_secret: boolean }) => [c.provider, c.has_secret])).toEqual([
      ["qq", true],
      ["apple", false],
    ]);

    // Only enabled providers, exactly the spec's fields.
    let pub = await client(server.url).rest("GET", "/api/oauth/configs/public");
    expect(pub.body.data).toEqual([
      {
        provider: "qq",
        app_id: qq.appId,
        scope: "get_user_info",
        redirect_uri: "http://127.0.0.1:5173/oauth/callback",
      },
    ]);

    // An update without a secret keeps it; the redirect URI falls back to this site's /oauth/callback.
    const upd = await admin.rest("PUT", `/api/admin/oauth-configs/${qqConfigId}`, { redirect_uri: "" });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data.has_secret).toBe(true);
    expect((await admin.rest("PUT", `/api/admin/oauth-configs/${appleConfigId}`, { enabled: true })).status).toBe(200);
    pub = await client(server.url).rest("GET", "/api/oauth/configs/public");
    expect(pub.body.data).toEqual([
      { provider: "qq", app_id: qq.appId, scope: "get_user_info", redirect_uri: `${server.url}/oauth/callback` },
      { provider: "apple", app_id: apple.clientId, scope: "name email", redirect_uri: `${server.url}/oauth/callback` },
    ]);
    // Apple's SDK origin is allowed to run scripts on our pages while Apple login is on.
    const page = await fetch(server.url + "/");
    expect(page.headers.get("content-security-policy")).toContain(`script-src 'self' ${apple.url}`);
  });

  it("refuses bad input with a code and a clear message", async () => {
    const bad = async (
      body: Record<string, unknown>,
      code: string,
      method = "POST",
      path = "/api/admin/oauth-configs",
    ) => {
      const r = await admin.rest(method, path, body);
      expect(r.body.code, JSON.stringify(r.body)).toBe(code);
      return r;
    };
    await bad({ provider: "wechat", app_id: "x" }, "OAUTH_PROVIDER_INVALID");
    await bad({ provider: "qq", app_id: "1", app_secret: "k" }, "OAUTH_CONFIG_EXISTS");
    const r = await bad(
      { provider: "qq", app_id: "1", app_secret: "k", base_url: "ftp://graph.qq.com" },
      "OAUTH_CONFIG_FIELD_INVALID",
    );
    expect(r.body.message).toBe("接口地址只支持 http 和 https");
    await bad({ app_id: "" }, "OAUTH_CONFIG_FIELD_INVALID", "PUT", `/api/admin/oauth-configs/${qqConfigId}`);
    await bad({ provider: "apple" }, "OAUTH_CONFIG_FIELD_INVALID", "PUT", `/api/admin/oauth-configs/${qqConfigId}`);
    await bad({}, "OAUTH_CONFIG_NOT_FOUND", "DELETE", `/api/admin/oauth-configs/999999`);
    await bad({}, "NOTHING_TO_UPDATE", "PUT", `/api/admin/oauth-configs/${qqConfigId}`);
    await bad({ enabled: "yes" }, "OAUTH_CONFIG_FIELD_INVALID", "PUT", `/api/admin/oauth-configs/${qqConfigId}`);
  });

  it("every admin route needs the settings permission (admins have it), and the authorization walk reads them", async () => {
    const mine = REST_ROUTES.filter((r) => r.path.startsWith("/admin/oauth-configs"));
    expect(mine.map((r) => `${r.method} ${r.path} ${r.access}`)).toEqual([
      "get /admin/oauth-configs perm:settings",
      "post /admin/oauth-configs perm:settings",
      "put /admin/oauth-configs/:id perm:settings",
      "delete /admin/oauth-configs/:id perm:settings",
    ]);
    const user = client(server.url);
    await user.rest("POST", "/api/auth/register", { username: "cfg_snoop", password: "secret1" });
    await user.login("cfg_snoop", "secret1");
    for (const r of mine) {
      const p = "/api" + r.path.replace(":id", String(qqConfigId));
      const body = r.method === "get" ? undefined : {};
      expect((await client(server.url).rest(r.method.toUpperCase(), p, body)).status).toBe(401);
      expect((await user.rest(r.method.toUpperCase(), p, body)).status).toBe(403);
    }
  });
});

describe("QQ login", () => {
  it("a first login creates an account named after the nickname; the next one logs into it", async () => {
    const b = browser();
    const before = await userCount();
    const rt = await qqRoundTrip(b, qqUser("小明 Ming!"));
    expect(Object.fromEntries(rt.authUrl.searchParams)).toMatchObject({
      response_type: "code",
      client_id: qq.appId,
      redirect_uri: `${server.url}/oauth/callback`,
      scope: "get_user_info",
    });
    expect(rt.redirect.pathname).toBe("/oauth/callback");
    // Only the state's hash is stored, with the browser's hash beside it.
    const stored = await server.services.db.query(
      `SELECT state_hash, browser_hash FROM oauth_states WHERE state_hash = encode(sha256($1::bytea), 'hex')`,
      [rt.state],
    );
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(await server.services.db.query(`SELECT * FROM oauth_states`))).not.toContain(rt.state);
    const r = await b.rest("POST", "/api/auth/qq/callback", { code: rt.code, state: rt.state });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.user.username).toBe("小明Ming");
    expect(await userCount()).toBe(before + 1);
    // The token works like a password login's.
    b.setToken(r.body.data.token);
    expect((await b.rest("GET", "/api/auth/profile")).body.data.username).toBe("小明Ming");
    const [identity] = await server.services.db.query(`SELECT * FROM oauth_identities WHERE subject = $1`, [
      rt.user.openid,
    ]);
    expect(identity).toMatchObject({
      provider: "qq",
      unionid: rt.user.unionid,
      nickname: "小明 Ming!",
      avatar_url: rt.user.avatar,
    });
    // /oauth2.0/me was asked for the unionid and answered JSONP.
    expect(qq.requests.some((q) => q.path === "/oauth2.0/me" && q.query.unionid === "1")).toBe(true);

    const again = browser();
    const rt2 = await qqRoundTrip(again, rt.user);
    const r2 = await again.rest("POST", "/api/auth/qq/callback", { code: rt2.code, state: rt2.state });
    expect(r2.body.data.user.id).toBe(r.body.data.user.id);
    expect(await userCount()).toBe(before + 1);

    // The same nickname for someone else gives a free variant of the name.
    const other = browser();
    const rt3 = await qqRoundTrip(other, qqUser("小明 Ming!"));
    const r3 = await other.rest("POST", "/api/auth/qq/callback", { code: rt3.code, state: rt3.state });
    expect(r3.body.data.user.username).toMatch(/^小明Ming_\d{4,}$/);
  });

  it("refuses a reused, foreign, expired or unknown state, a refused code and a provider that is down, creating no account", async () => {
    const users = await userCount();
    const identities = await identityCount();
    const expectCode = async (b: Browser, body: Record<string, unknown>, code: string, status: number) => {
      const r = await b.rest("POST", "/api/auth/qq/callback", body);
      expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([status, code]);
    };

    // Reused: the first use logs in, the second is refused.
    const b = browser();
    const rt = await qqRoundTrip(b);
    expect((await b.rest("POST", "/api/auth/qq/callback", { code: rt.code, state: rt.state })).status).toBe(200);
    expect(await userCount()).toBe(users + 1);
    await expectCode(b, { code: rt.code, state: rt.state }, "OAUTH_STATE_USED", 400);
    // Two callbacks racing with one state: one answer.
    const race = await qqRoundTrip(b, qqUser("并发"));
    const both = await Promise.all(
      [1, 2].map(() => b.rest("POST", "/api/auth/qq/callback", { code: race.code, state: race.state })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await userCount()).toBe(users + 2);

    // Foreign: a state started in another browser (an attacker's link) — no cookie, or another browser's cookie.
    const victim = browser();
    const attacker = browser();
    const rtA = await qqRoundTrip(attacker);
    await expectCode(victim, { code: rtA.code, state: rtA.state }, "OAUTH_STATE_FOREIGN", 400);
    await victim.rest("GET", "/api/auth/qq"); // the victim's own cookie
    await expectCode(victim, { code: rtA.code, state: rtA.state }, "OAUTH_STATE_FOREIGN", 400);

    // Expired: ten minutes passed.
    const rtE = await qqRoundTrip(b);
    await server.services.db.query(
      `UPDATE oauth_states SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    await expectCode(b, { code: rtE.code, state: rtE.state }, "OAUTH_STATE_EXPIRED", 400);

    // Unknown or missing state, missing code.
    await expectCode(b, { code: "x", state: "not-a-state" }, "OAUTH_STATE_INVALID", 400);
    await expectCode(b, { code: "x" }, "OAUTH_STATE_MISSING", 400);
    const rtC = await qqRoundTrip(b);
    await expectCode(b, { state: rtC.state }, "OAUTH_QQ_CODE_REQUIRED", 400);

    // A code QQ refuses (forged, or already exchanged).
    const rtF = await qqRoundTrip(b);
    await expectCode(b, { code: "forged-code", state: rtF.state }, "OAUTH_QQ_CODE_REFUSED", 400);
    // A state of the other provider.
    const ap = await appleStart(b);
    await expectCode(b, { code: "x", state: ap.state }, "OAUTH_STATE_INVALID", 400);

    // QQ down: 503 from every endpoint, then not listening at all.
    const rtD = await qqRoundTrip(b);
    qq.setBroken(true);
    await expectCode(b, { code: rtD.code, state: rtD.state }, "OAUTH_QQ_UNAVAILABLE", 502);
    qq.setBroken(false);
    const rtG = await qqRoundTrip(b);
    await admin.rest("PUT", `/api/admin/oauth-configs/${qqConfigId}`, { base_url: "http://127.0.0.1:9" });
    await expectCode(b, { code: rtG.code, state: rtG.state }, "OAUTH_QQ_UNAVAILABLE", 502);
    await admin.rest("PUT", `/api/admin/oauth-configs/${qqConfigId}`, { base_url: qq.url });

    expect(await userCount()).toBe(users + 2);
    expect(await identityCount()).toBe(identities + 2);
  });

  it("a disabled account cannot log in with QQ", async () => {
    const b = browser();
    const rt = await qqRoundTrip(b);
    const r = await b.rest("POST", "/api/auth/qq/callback", { code: rt.code, state: rt.state });
    await server.services.db.query(`UPDATE users SET disabled = true WHERE id = $1`, [r.body.data.user.id]);
    const rt2 = await qqRoundTrip(b, rt.user);
    const r2 = await b.rest("POST", "/api/auth/qq/callback", { code: rt2.code, state: rt2.state });
    expect([r2.status, r2.body.code]).toEqual([403, "AUTH_ACCOUNT_DISABLED"]);
  });
});

describe("Apple login", () => {
  it("verifies the id_token (RS256 and ES256) and creates the account once, by sub", async () => {
    const before = await userCount();
    const b = browser();
    const s = await appleStart(b);
    expect(s).toMatchObject({
      client_id: apple.clientId,
      scope: "name email",
      redirect_uri: `${server.url}/oauth/callback`,
      sdk_url: apple.sdkUrl,
    });
    const u = appleUser("jane.doe@example.com");
    const r = await b.rest("POST", "/api/auth/apple/js-callback", {
      id_token: await apple.sign(u, s.nonce),
      state: s.state,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // A verified, non-relay email becomes the account's; the name comes from its local part.
    expect(r.body.data.user).toMatchObject({ username: "janedoe", email: "jane.doe@example.com" });
    expect(await userCount()).toBe(before + 1);

    const s2 = await appleStart(b);
    const r2 = await b.rest("POST", "/api/auth/apple/js-callback", {
      id_token: await apple.sign(u, s2.nonce, {}, { kid: "ec1" }),
      state: s2.state,
    });
    expect(r2.body.data.user.id).toBe(r.body.data.user.id);
    expect(await userCount()).toBe(before + 1);
  });

  it("keeps a private relay address off the account, on the binding only", async () => {
    const b = browser();
    const s = await appleStart(b);
    const u = appleUser("x7k2m9q4zz@privaterelay.appleid.com", true);
    const r = await b.rest("POST", "/api/auth/apple/js-callback", {
      id_token: await apple.sign(u, s.nonce),
      state: s.state,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.user.email).toBeNull();
    expect(r.body.data.user.username).toMatch(/^apple_[0-9a-f]{6}$/);
    b.setToken(r.body.data.token);
    const bindings = await b.rest("GET", "/api/auth/oauth/bindings");
    expect(bindings.body.data).toMatchObject({
      has_password: false,
      bindings: [{ provider: "apple", email: u.email, is_private_email: true }],
    });
  });

  it("refuses forged, expired, wrong-audience, wrong-issuer, wrong-nonce and replayed tokens, creating no account", async () => {
    const users = await userCount();
    const b = browser();
    const u = appleUser("mallory@example.com");
    const refused = async (makeToken: (nonce: string) => Promise<string> | string, code: string, status = 401) => {
      const s = await appleStart(b);
      const r = await b.rest("POST", "/api/auth/apple/js-callback", {
        id_token: await makeToken(s.nonce),
        state: s.state,
      });
      expect([r.status, r.body.code], `${code}: ${JSON.stringify(r.body)}`).toEqual([status, code]);
    };
    const stranger = await generateKeyPair("RS256");
    await refused((n) => apple.sign(u, n, {}, { key: stranger.privateKey }), "OAUTH_APPLE_TOKEN_INVALID"); // forged: right kid, wrong key
    await refused(
      (n) => apple.sign(u, n, {}, { kid: "made-up", key: stranger.privateKey }),
      "OAUTH_APPLE_TOKEN_INVALID",
    );
    await refused(async (n) => (await apple.sign(u, n)).replace(/\.[^.]+$/, ".AAAA"), "OAUTH_APPLE_TOKEN_INVALID"); // tampered signature
    await refused(
      (n) => apple.sign(u, n, { exp: Math.floor(Date.now() / 1000) - 120, iat: Math.floor(Date.now() / 1000) - 720 }),
      "OAUTH_APPLE_TOKEN_EXPIRED",
    );
    await refused((n) => apple.sign(u, n, { aud: "com.someone.else" }), "OAUTH_APPLE_AUDIENCE");
    await refused((n) => apple.sign(u, n, { iss: "https://evil.example.com" }), "OAUTH_APPLE_ISSUER");
    await refused(() => apple.sign(u, "another-nonce"), "OAUTH_APPLE_NONCE");
    await refused(() => "", "OAUTH_APPLE_TOKEN_REQUIRED", 400);
    await refused(() => "not.a.jwt", "OAUTH_APPLE_TOKEN_INVALID");

    // Replayed: a token that logged in once, sent again with its state, or with a fresh state.
    const s = await appleStart(b);
    const good = await apple.sign(appleUser(), s.nonce);
    expect((await b.rest("POST", "/api/auth/apple/js-callback", { id_token: good, state: s.state })).status).toBe(200);
    const replay = await b.rest("POST", "/api/auth/apple/js-callback", { id_token: good, state: s.state });
    expect(replay.body.code).toBe("OAUTH_STATE_USED");
    await refused(() => good, "OAUTH_APPLE_NONCE");
    expect(await userCount()).toBe(users + 1);

    // A foreign state (another browser's).
    const other = browser();
    const so = await appleStart(other);
    const foreign = await b.rest("POST", "/api/auth/apple/js-callback", {
      id_token: await apple.sign(u, so.nonce),
      state: so.state,
    });
    expect(foreign.body.code).toBe("OAUTH_STATE_FOREIGN");

    // Apple down: the key set cannot be fetched.
    await admin.rest("PUT", `/api/admin/oauth-configs/${appleConfigId}`, { base_url: "http://127.0.0.1:9" });
    await refused((n) => apple.sign(u, n), "OAUTH_APPLE_UNAVAILABLE", 502);
    await admin.rest("PUT", `/api/admin/oauth-configs/${appleConfigId}`, { base_url: apple.url });
    expect(await userCount()).toBe(users + 1);
  });

  it("fetches the key set once and keeps the keys by kid", async () => {
    const fetched = apple.keyFetches();
    const b = browser();
    for (const kid of ["rsa1", "ec1"]) {
      const s = await appleStart(b);
      expect(
        (
          await b.rest("POST", "/api/auth/apple/js-callback", {
            id_token: await apple.sign(appleUser(), s.nonce, {}, { kid }),
            state: s.state,
          })
        ).status,
      ).toBe(200);
    }
    expect(apple.keyFetches()).toBe(fetched);
  });

  it("is refused with its spec text when Apple login is off", async () => {
    await admin.rest("PUT", `/api/admin/oauth-configs/${appleConfigId}`, { enabled: false });
    const r = await browser().rest("GET", "/api/auth/apple");
    expect([r.status, r.body.code, r.body.message]).toEqual([
      503,
      "OAUTH_APPLE_NOT_CONFIGURED",
      "Apple Sign In not configured",
    ]);
    // Its SDK may no longer run on our pages either.
    expect((await fetch(server.url + "/")).headers.get("content-security-policy")).toContain("script-src 'self';");
    await admin.rest("PUT", `/api/admin/oauth-configs/${appleConfigId}`, { enabled: true });
  });
});

describe("binding in /profile", () => {
  it("a password account binds QQ and Apple, then logs in with either; nobody else can take them", async () => {
    const b = browser();
    await b.rest("POST", "/api/auth/register", { username: "binder", password: "secret1" });
    await b.login("binder", "secret1");
    const me = (await b.rest("GET", "/api/auth/profile")).body.data;

    const rt = await qqRoundTrip(b, qqUser("绑定者"), true);
    const bound = await b.rest("POST", "/api/auth/qq/callback", { code: rt.code, state: rt.state });
    expect([bound.status, bound.body.data?.bound], JSON.stringify(bound.body)).toEqual([200, "qq"]);

    const s = await appleStart(b, true);
    const au = appleUser("binder@example.com");
    const ab = await b.rest("POST", "/api/auth/apple/js-callback", {
      id_token: await apple.sign(au, s.nonce),
      state: s.state,
    });
    expect([ab.status, ab.body.data?.bound], JSON.stringify(ab.body)).toEqual([200, "apple"]);

    const list = await b.rest("GET", "/api/auth/oauth/bindings");
    expect(list.body.data.has_password).toBe(true);
    expect(
      list.body.data.bindings.map((x: { provider: string; nickname: string | null }) => [x.provider, x.nickname]),
    ).toEqual([
      ["qq", "绑定者"],
      ["apple", null],
    ]);

    // QQ login now opens this account.
    const g = browser();
    const rt2 = await qqRoundTrip(g, rt.user);
    expect(
      (await g.rest("POST", "/api/auth/qq/callback", { code: rt2.code, state: rt2.state })).body.data.user.id,
    ).toBe(me.id);

    // Another account cannot bind the same QQ, and binding twice is refused.
    const o = browser();
    await o.rest("POST", "/api/auth/register", { username: "binder2", password: "secret1" });
    await o.login("binder2", "secret1");
    const rt3 = await qqRoundTrip(o, rt.user, true);
    const taken = await o.rest("POST", "/api/auth/qq/callback", { code: rt3.code, state: rt3.state });
    expect([taken.status, taken.body.code, taken.body.message]).toEqual([
      409,
      "OAUTH_IDENTITY_TAKEN",
      "该QQ已绑定其他账号",
    ]);
    const rt4 = await qqRoundTrip(b, qqUser("另一个"), true);
    expect((await b.rest("POST", "/api/auth/qq/callback", { code: rt4.code, state: rt4.state })).body.code).toBe(
      "OAUTH_ALREADY_BOUND",
    );

    // A binding's callback must come from the account that started it.
    const rt5 = await qqRoundTrip(b, qqUser("x"), true);
    const stolen = browser();
    stolen.cookie = b.cookie;
    expect((await stolen.rest("POST", "/api/auth/qq/callback", { code: rt5.code, state: rt5.state })).body.code).toBe(
      "OAUTH_BIND_LOGIN_REQUIRED",
    );
    const rt6 = await qqRoundTrip(b, qqUser("y"), true);
    stolen.setToken((await client(server.url).login("binder2", "secret1")).token);
    expect((await stolen.rest("POST", "/api/auth/qq/callback", { code: rt6.code, state: rt6.state })).body.code).toBe(
      "OAUTH_BIND_ACCOUNT_MISMATCH",
    );
    // Binding needs a login to start.
    expect((await browser().rest("GET", "/api/auth/qq?bind=1")).body.code).toBe("OAUTH_BIND_LOGIN_REQUIRED");

    // Unbinding with a password left is fine.
    expect((await b.rest("DELETE", "/api/auth/oauth/bindings/qq")).status).toBe(200);
    expect((await b.rest("DELETE", "/api/auth/oauth/bindings/qq")).body.code).toBe("OAUTH_NOT_BOUND");
    expect((await b.rest("DELETE", "/api/auth/oauth/bindings/wechat")).body.code).toBe("OAUTH_PROVIDER_INVALID");
  });

  it("never unbinds the last way to log in; a first password makes it possible", async () => {
    const b = browser();
    const rt = await qqRoundTrip(b, qqUser("唯一方式"));
    const login = await b.rest("POST", "/api/auth/qq/callback", { code: rt.code, state: rt.state });
    b.setToken(login.body.data.token);
    const username = login.body.data.user.username;

    // No password yet: a password login cannot get in.
    expect(
      (await client(server.url).rest("POST", "/api/auth/login", { username, password: "anything1" })).body.code,
    ).toBe("AUTH_BAD_CREDENTIALS");
    const last = await b.rest("DELETE", "/api/auth/oauth/bindings/qq");
    expect([last.status, last.body.code]).toEqual([400, "OAUTH_LAST_LOGIN_METHOD"]);

    expect((await b.rest("POST", "/api/auth/oauth/password", { password: "123" })).body.code).toBe(
      "USER_PASSWORD_TOO_SHORT",
    );
    expect((await b.rest("POST", "/api/auth/oauth/password", { password: "first-pass1" })).status).toBe(200);
    expect((await b.rest("POST", "/api/auth/oauth/password", { password: "second-pass1" })).body.code).toBe(
      "OAUTH_PASSWORD_ALREADY_SET",
    );
    expect((await b.rest("DELETE", "/api/auth/oauth/bindings/qq")).status).toBe(200);
    expect(
      (await client(server.url).rest("POST", "/api/auth/login", { username, password: "first-pass1" })).status,
    ).toBe(200);
  });
});

describe("secrets:rotate", () => {
  it("re-seals the providers' secrets under the new key", async () => {
    const ring = new Keyring([
      { id: "k2", secret: "n".repeat(40) },
      { id: "k1", secret: "o".repeat(40) },
    ]);
    const report = await rotateSecrets(
      server.services.db,
      ring,
      DOMAINS.flatMap((d) => d.sealed ?? []),
    );
    expect(report.find((r) => r.table === "oauth_configs")).toMatchObject({ resealed: 1, unreadable: [] });
    const [row] = await server.services.db.query(`SELECT app_secret_sealed FROM oauth_configs WHERE provider = 'qq'`);
    expect(row.app_secret_sealed).toMatch(/^v2:k2:/);
    expect(
      new Keyring([{ id: "k2", secret: "n".repeat(40) }]).openText("oauth_configs.app_secret", row.app_secret_sealed),
    ).toBe(qq.appKey);
  });
});
