import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload, type CryptoKey } from "jose";

/**
 * Local stand-ins that speak the providers' protocols (docs: /work/shared/DESIGN.md), for tests that must not leave
 * the machine: QQ 互联 (authorize, token, me as JSONP, get_user_info) and Sign in with Apple (the JWKS at
 * /auth/keys, id_tokens signed with RS256 and ES256 keys, and a stand-in of the JS SDK's AppleID.auth whose popup
 * posts the authorization back to the page like Apple's does).
 */

async function listen(
  handler: http.RequestListener,
): Promise<{ server: http.Server; url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface QqUser {
  openid: string;
  unionid: string;
  nickname: string;
  avatar: string;
}

/** The QQ 互联 stand-in. `nextUser` is who "approves" the next authorize request. */
export async function startQqConnect(appId = "101000001", appKey = "qq-app-key-0123456789") {
  const codes = new Map<string, { user: QqUser; redirectUri: string }>();
  const tokens = new Map<string, QqUser>();
  const requests: { path: string; query: Record<string, string> }[] = [];
  let nextUser: QqUser = qqUser("默认用户");
  let broken = false;
  const jsonp = (o: unknown) => `callback( ${JSON.stringify(o)} );\n`;

  const srv = await listen((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    const q = Object.fromEntries(u.searchParams);
    requests.push({ path: u.pathname, query: q });
    const send = (status: number, body: string, type = "text/plain; charset=utf-8") => {
      res.writeHead(status, { "content-type": type });
      res.end(body);
    };
    if (broken) return send(503, "Service Unavailable");
    if (u.pathname === "/oauth2.0/authorize") {
      if (q.response_type !== "code" || q.client_id !== appId || !q.redirect_uri || !q.state)
        return send(400, "bad authorize request");
      const code = randomBytes(12).toString("hex");
      codes.set(code, { user: nextUser, redirectUri: q.redirect_uri });
      const to = new URL(q.redirect_uri);
      to.searchParams.set("code", code);
      to.searchParams.set("state", q.state);
      res.writeHead(302, { location: to.toString() });
      return res.end();
    }
    if (u.pathname === "/oauth2.0/token") {
      const entry = codes.get(q.code ?? "");
      const ok =
        q.grant_type === "authorization_code" &&
        q.client_id === appId &&
        q.client_secret === appKey &&
        entry &&
        entry.redirectUri === q.redirect_uri;
      if (!ok) {
        const err = { error: 100019, error_description: "code to access token error" };
        return q.fmt === "json" ? send(200, JSON.stringify(err), "application/json") : send(200, jsonp(err));
      }
      codes.delete(q.code);
      const access = randomBytes(16).toString("hex");
      tokens.set(access, entry.user);
      const answer = { access_token: access, expires_in: "7776000", refresh_token: randomBytes(16).toString("hex") };
      return q.fmt === "json"
        ? send(200, JSON.stringify(answer), "application/json")
        : send(200, new URLSearchParams(answer).toString());
    }
    if (u.pathname === "/oauth2.0/me") {
      const user = tokens.get(q.access_token ?? "");
      if (!user) return send(200, jsonp({ error: 100016, error_description: "access token check failed" }));
      return send(
        200,
        jsonp({ client_id: appId, openid: user.openid, ...(q.unionid === "1" ? { unionid: user.unionid } : {}) }),
      );
    }
    if (u.pathname === "/user/get_user_info") {
      const user = tokens.get(q.access_token ?? "");
      if (!user || q.oauth_consumer_key !== appId || q.openid !== user.openid)
        return send(200, JSON.stringify({ ret: 100030, msg: "user info check failed" }), "application/json");
      return send(
        200,
        JSON.stringify({
          ret: 0,
          msg: "",
          is_lost: 0,
          nickname: user.nickname,
          gender: "男",
          figureurl_qq_1: user.avatar.replace("/100", "/40"),
          figureurl_qq_2: user.avatar,
        }),
        "application/json",
      );
    }
    send(404, "not found");
  });
  return {
    url: srv.url,
    appId,
    appKey,
    requests,
    setNextUser(u: QqUser) {
      nextUser = u;
    },
    /** While broken, every endpoint answers 503 (QQ down). */
    setBroken(b: boolean) {
      broken = b;
    },
    close: srv.close,
  };
}

export function qqUser(nickname: string): QqUser {
  const id = randomBytes(16).toString("hex").toUpperCase();
  return { openid: id, unionid: "UID_" + id, nickname, avatar: `http://thirdqq.qlogo.cn/g?b=oidb&k=${id}&s=100` };
}

/**
 * Follows an authorize URL the way the browser would (the stand-in approves at once) and answers the code and
 * state it sent back to the redirect URI.
 */
export async function approveQq(authUrl: string): Promise<{ code: string; state: string; redirect: URL }> {
  const res = await fetch(authUrl, { redirect: "manual" });
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  const redirect = new URL(res.headers.get("location")!);
  return { code: redirect.searchParams.get("code")!, state: redirect.searchParams.get("state")!, redirect };
}

export interface AppleUser {
  sub: string;
  email?: string;
  isPrivateEmail?: boolean;
}

const APPLE_ISSUER = "https://appleid.apple.com";
const APPLE_SDK_PATH = "/appleauth/static/jsapi/appleid/1/zh_CN/appleid.auth.js";

/** The Sign in with Apple stand-in: JWKS, token signing, and the JS SDK with its popup. */
export async function startAppleId(clientId = "com.example.web") {
  const rsa = await generateKeyPair("RS256", { extractable: true });
  const ec = await generateKeyPair("ES256", { extractable: true });
  const keys: Record<string, { alg: "RS256" | "ES256"; privateKey: CryptoKey; jwk: JWK }> = {
    rsa1: {
      alg: "RS256",
      privateKey: rsa.privateKey,
      jwk: { ...(await exportJWK(rsa.publicKey)), kid: "rsa1", alg: "RS256", use: "sig" },
    },
    ec1: {
      alg: "ES256",
      privateKey: ec.privateKey,
      jwk: { ...(await exportJWK(ec.publicKey)), kid: "ec1", alg: "ES256", use: "sig" },
    },
  };
  let nextUser: AppleUser = appleUser();
  let keyFetches = 0;

  /** An id_token as Apple makes it; `claims` and `opts` override (for forged, expired or foreign tokens). */
  async function sign(
    user: AppleUser,
    nonce: string,
    claims: JWTPayload = {},
    opts: { kid?: string; alg?: "RS256" | "ES256"; key?: CryptoKey } = {},
  ): Promise<string> {
    const kid = opts.kid ?? "rsa1";
    const k = keys[kid] ?? keys.rsa1;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: APPLE_ISSUER,
      aud: clientId,
      iat: now,
      exp: now + 600,
      sub: user.sub,
      nonce,
      nonce_supported: true,
      auth_time: now,
      ...(user.email
        ? { email: user.email, email_verified: "true", is_private_email: user.isPrivateEmail ? "true" : "false" }
        : {}),
      ...claims,
    })
      .setProtectedHeader({ alg: opts.alg ?? k.alg, kid })
      .sign(opts.key ?? k.privateKey);
  }

  const srv = await listen(async (req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    if (u.pathname === "/auth/keys") {
      keyFetches++;
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ keys: Object.values(keys).map((k) => k.jwk) }));
    }
    if (u.pathname === APPLE_SDK_PATH) {
      res.writeHead(200, {
        "content-type": "application/javascript; charset=utf-8",
        "access-control-allow-origin": "*",
      });
      return res.end(sdkScript(srv.url));
    }
    if (u.pathname === "/auth/authorize") {
      // The popup: "approves" for nextUser and posts the authorization to the page that opened it, as Apple's does.
      const q = Object.fromEntries(u.searchParams);
      if (q.client_id !== clientId || !q.redirect_uri || !q.nonce) {
        res.writeHead(400, { "content-type": "text/plain" });
        return res.end("invalid_request");
      }
      const idToken = await sign(nextUser, q.nonce);
      const data = {
        authorization: { code: randomBytes(8).toString("hex"), id_token: idToken, state: q.state },
        ...(nextUser.email ? { user: { email: nextUser.email } } : {}),
      };
      const target = new URL(q.redirect_uri).origin;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(
        `<!doctype html><title>Sign in with Apple</title><script>window.opener.postMessage(${JSON.stringify({ type: "appleid-auth", data })}, ${JSON.stringify(target)});window.close();</script>`,
      );
    }
    res.writeHead(404);
    res.end();
  });
  return {
    url: srv.url,
    sdkUrl: srv.url + APPLE_SDK_PATH,
    clientId,
    sign,
    keyFetches: () => keyFetches,
    setNextUser(u: AppleUser) {
      nextUser = u;
    },
    close: srv.close,
  };
}

export function appleUser(email?: string, isPrivateEmail = false): AppleUser {
  return {
    sub: `001234.${randomBytes(16).toString("hex")}.0${Math.floor(Math.random() * 900 + 100)}`,
    email,
    isPrivateEmail,
  };
}

/** The stand-in of Apple's JS SDK: AppleID.auth.init(config) and signIn() → Promise of {authorization, user?}. */
function sdkScript(origin: string): string {
  return `(function () {
  var config = null;
  window.AppleID = { auth: {
    init: function (c) { config = c; },
    signIn: function () {
      if (!config) return Promise.reject({ error: "not_initialized" });
      var q = new URLSearchParams({ client_id: config.clientId, redirect_uri: config.redirectURI, scope: config.scope || "", state: config.state || "", nonce: config.nonce || "", response_mode: "web_message" });
      var popup = window.open(${JSON.stringify(origin)} + "/auth/authorize?" + q.toString(), "AppleAuthentication", "width=500,height=600");
      return new Promise(function (resolve, reject) {
        function onMessage(e) {
          if (e.origin !== ${JSON.stringify(origin)} || !e.data || e.data.type !== "appleid-auth") return;
          window.removeEventListener("message", onMessage);
          resolve(e.data.data);
        }
        window.addEventListener("message", onMessage);
        if (!popup) reject({ error: "popup_blocked_by_browser" });
      });
    }
  } };
})();`;
}
