import { DomainError } from "../../common/errors";
import { OutboundError } from "@gryx/platform/outbound";
import type { ProviderGet } from "./oauth.service";

/**
 * QQ 互联 (OAuth 2.0), as graph.qq.com speaks it: the authorize URL, the code → access_token exchange
 * (`/oauth2.0/token`), the openid (`/oauth2.0/me`, JSONP `callback( {...} );`, with the unionid when `unionid=1`),
 * and the profile (`/user/get_user_info`: `ret`, `nickname`, `figureurl_qq_2`). `base` is the provider's address
 * (https://graph.qq.com, or a stand-in); the paths are appended to it.
 */
export const QQ_DEFAULT_BASE = "https://graph.qq.com";
export const QQ_DEFAULT_SCOPE = "get_user_info";

const join = (base: string, path: string, params: Record<string, string>) =>
  `${base.replace(/\/+$/, "")}${path}?${new URLSearchParams(params)}`;

export function qqAuthorizeUrl(
  base: string,
  p: { appId: string; redirectUri: string; state: string; scope: string },
): string {
  return join(base, "/oauth2.0/authorize", {
    response_type: "code",
    client_id: p.appId,
    redirect_uri: p.redirectUri,
    state: p.state,
    scope: p.scope,
  });
}

/**
 * A QQ answer as an object: JSON, JSONP (`callback( {...} );`, which /oauth2.0/me and the errors of the older
 * endpoints use) or form text (`access_token=…&expires_in=…`). Null when it is none of these.
 */
export function parseQqBody(text: string): Record<string, unknown> | null {
  const t = text.trim();
  const jsonp = /^callback\s*\(\s*([\s\S]*?)\s*\)\s*;?$/.exec(t);
  const json = jsonp ? jsonp[1] : t;
  if (json.startsWith("{")) {
    try {
      const v = JSON.parse(json) as unknown;
      return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  if (/^[\w.-]+=/.test(t) && !/\s/.test(t)) return Object.fromEntries(new URLSearchParams(t));
  return null;
}

async function call(get: ProviderGet, url: string): Promise<Record<string, unknown>> {
  let body: string;
  try {
    body = await get(url);
  } catch (e) {
    if (e instanceof OutboundError) throw new DomainError("OAUTH_QQ_UNAVAILABLE");
    throw e;
  }
  const parsed = parseQqBody(body);
  if (!parsed) throw new DomainError("OAUTH_QQ_UNAVAILABLE", "QQ登录失败，请稍后重试（QQ返回了无法识别的内容）");
  return parsed;
}

const text = (v: unknown): string | null => (typeof v === "string" && v ? v : typeof v === "number" ? String(v) : null);

/** code → access_token. An `error` answer means the code was refused (used, expired, foreign). */
export async function qqExchangeCode(
  get: ProviderGet,
  base: string,
  p: { appId: string; secret: string; code: string; redirectUri: string },
): Promise<string> {
  const r = await call(
    get,
    join(base, "/oauth2.0/token", {
      grant_type: "authorization_code",
      client_id: p.appId,
      client_secret: p.secret,
      code: p.code,
      redirect_uri: p.redirectUri,
      fmt: "json",
    }),
  );
  const token = text(r.access_token);
  if (token) return token;
  if (r.error !== undefined)
    throw new DomainError("OAUTH_QQ_CODE_REFUSED", `QQ登录失败（${String(r.error).slice(0, 16)}）`);
  throw new DomainError("OAUTH_QQ_UNAVAILABLE");
}

/** The openid (and unionid) of the token; the token must belong to our app (`client_id`). */
export async function qqOpenId(
  get: ProviderGet,
  base: string,
  p: { accessToken: string; appId: string },
): Promise<{ openid: string; unionid: string | null }> {
  const r = await call(get, join(base, "/oauth2.0/me", { access_token: p.accessToken, unionid: "1" }));
  if (r.error !== undefined)
    throw new DomainError("OAUTH_QQ_CODE_REFUSED", `QQ登录失败（${String(r.error).slice(0, 16)}）`);
  const openid = text(r.openid);
  if (!openid || openid.length > 255) throw new DomainError("OAUTH_QQ_UNAVAILABLE");
  if (text(r.client_id) !== p.appId) throw new DomainError("OAUTH_QQ_APP_MISMATCH");
  const unionid = text(r.unionid);
  return { openid, unionid: unionid && unionid.length <= 255 ? unionid : null };
}

/** Nickname and avatar (the 100×100 QQ avatar, else the 40×40 one). */
export async function qqUserInfo(
  get: ProviderGet,
  base: string,
  p: { accessToken: string; appId: string; openid: string },
): Promise<{ nickname: string; avatar: string | null }> {
  const r = await call(
    get,
    join(base, "/user/get_user_info", { access_token: p.accessToken, oauth_consumer_key: p.appId, openid: p.openid }),
  );
  if (Number(r.ret) !== 0)
    throw new DomainError("OAUTH_QQ_PROFILE_REFUSED", `QQ登录失败（${String(r.msg ?? r.ret).slice(0, 40)}）`);
  const nickname = (text(r.nickname) ?? "").trim().slice(0, 100);
  const avatar = text(r.figureurl_qq_2) ?? text(r.figureurl_qq_1) ?? text(r.figureurl_qq);
  return { nickname, avatar: avatar && /^https?:\/\//.test(avatar) && avatar.length <= 500 ? avatar : null };
}
