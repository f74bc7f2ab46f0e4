import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { privateCache, publicCache, route, withMessage, type RouteDef } from "../../rest/router";
import { userJson } from "../../rest/serializers";
import { readCookie } from "../auth/device-trust";
import type { CallbackResult } from "./oauth.service";
import { parseProvider, type OAuthConfigInput } from "./oauth-configs.service";
import type { OAuthConfigRow, OAuthIdentityRow } from "@gryx/store";

/**
 * The browser a login was started in: an HttpOnly cookie (random, only its hash is stored with the state) sent
 * back with the callback, so a state carried to another browser (a link an attacker sends) is refused.
 */
const OAUTH_BROWSER_COOKIE = "gryx_oauth";
const COOKIE_MAX_AGE_MS = 30 * 60 * 1000;

function browserOf(req: Request): string | undefined {
  const v = readCookie(req.get("cookie"), OAUTH_BROWSER_COOKIE);
  return v && /^[A-Za-z0-9_-]{32,64}$/.test(v) ? v : undefined;
}

function ensureBrowser(req: Request, res: Response): string {
  const id = browserOf(req) ?? randomBytes(32).toString("base64url");
  res.cookie(OAUTH_BROWSER_COOKIE, id, {
    httpOnly: true,
    sameSite: "lax",
    secure: req.secure,
    path: "/api/auth",
    maxAge: COOKIE_MAX_AGE_MS,
  });
  return id;
}

const wantsBind = (q: Record<string, unknown>) => q.bind === "1" || q.bind === "true";

function callbackJson(r: CallbackResult) {
  if (r.kind === "login") return withMessage("登录成功", { token: r.result.token, user: userJson(r.result.user) });
  return withMessage("绑定成功", { bound: r.provider, user: userJson(r.user) });
}

function oauthConfigJson(c: OAuthConfigRow) {
  return {
    id: c.id,
    provider: c.provider,
    enabled: c.enabled,
    app_id: c.app_id,
    has_secret: !!c.app_secret_sealed,
    scope: c.scope,
    redirect_uri: c.redirect_uri,
    base_url: c.base_url,
    sdk_url: c.sdk_url,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

function bindingJson(i: OAuthIdentityRow) {
  return {
    provider: i.provider,
    nickname: i.nickname,
    avatar_url: i.avatar_url,
    email: i.email,
    is_private_email: i.is_private_email,
    created_at: i.created_at,
    last_login_at: i.last_login_at,
  };
}

const configInput = (b: Record<string, unknown>): OAuthConfigInput => ({
  provider: b.provider,
  enabled: b.enabled,
  app_id: b.app_id,
  app_secret: b.app_secret,
  scope: b.scope,
  redirect_uri: b.redirect_uri,
  base_url: b.base_url,
  sdk_url: b.sdk_url,
});

export const oauthRoutes: RouteDef[] = [
  // Logging in (guests; `?bind=1` with a token binds to that account instead).
  route("get", "/auth/qq", "guest", async ({ req, res, query, auth, meta, services }) => {
    privateCache(res);
    return services.oauth.qqStart(ensureBrowser(req, res), meta, { auth, wanted: wantsBind(query) });
  }),
  route("post", "/auth/qq/callback", "guest", async ({ req, body, auth, meta, services }) =>
    callbackJson(await services.oauth.qqCallback({ code: body.code, state: body.state }, browserOf(req), auth, meta)),
  ),
  route("get", "/auth/apple", "guest", async ({ req, res, query, auth, meta, services }) => {
    privateCache(res);
    return services.oauth.appleStart(ensureBrowser(req, res), meta, { auth, wanted: wantsBind(query) });
  }),
  route("post", "/auth/apple/js-callback", "guest", async ({ req, body, auth, meta, services }) =>
    callbackJson(
      await services.oauth.appleCallback({ id_token: body.id_token, state: body.state }, browserOf(req), auth, meta),
    ),
  ),

  // The account's bindings (/profile).
  route("get", "/auth/oauth/bindings", "user", async ({ auth, res, services }) => {
    privateCache(res);
    const b = await services.oauth.bindings(auth!.user.id);
    return { has_password: b.hasPassword, bindings: b.items.map(bindingJson) };
  }),
  route("delete", "/auth/oauth/bindings/:provider", "user", async ({ auth, params, services }) => {
    await services.oauth.unbind(auth!.user.id, parseProvider(params.provider));
    return withMessage("已解绑");
  }),
  route("post", "/auth/oauth/password", "user", async ({ auth, body, services }) => {
    await services.oauth.setFirstPassword(auth!.user.id, body.password);
    return withMessage("密码已设置");
  }),

  // The login buttons: enabled providers only, never a secret.
  route("get", "/oauth/configs/public", "guest", async ({ res, meta, services }) => {
    publicCache(res);
    return services.oauthConfigs.listPublic(meta.origin);
  }),
  route("get", "/oauth/configs", "guest", async ({ res, meta, services }) => {
    publicCache(res);
    return services.oauthConfigs.listPublic(meta.origin);
  }),

  // /admin/oauth-config.
  route("get", "/admin/oauth-configs", "admin", async ({ res, services }) => {
    privateCache(res);
    return (await services.oauthConfigs.list()).map(oauthConfigJson);
  }),
  route("post", "/admin/oauth-configs", "admin", async ({ body, services }) => {
    const c = await services.oauthConfigs.create(configInput(body));
    return withMessage("创建成功", oauthConfigJson(c));
  }),
  route("put", "/admin/oauth-configs/:id", "admin", async ({ params, body, services }) =>
    withMessage("更新成功", oauthConfigJson(await services.oauthConfigs.update(params.id, configInput(body)))),
  ),
  route("delete", "/admin/oauth-configs/:id", "admin", async ({ params, services }) => {
    await services.oauthConfigs.remove(params.id);
    return withMessage("删除成功");
  }),
];
