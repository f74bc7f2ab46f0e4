import type { ErrorCode } from "../../../shared/errorCode";
import { describeError } from "../../../shared/graphqlError";
import { RequestError } from "../../../shared/request";
import type { Provider } from "./api";

/** Spec section 8: QQ登录失败 / QQ登录失败，请稍后重试; Apple登录失败, Apple Sign In SDK not loaded, … */
export const OAUTH_TEXTS = {
  qqFailed: "QQ登录失败",
  qqRetry: "QQ登录失败，请稍后重试",
  appleFailed: "Apple登录失败",
  sdkNotLoaded: "Apple Sign In SDK not loaded",
  appleNotConfigured: "Apple Sign In not configured",
  noAuthorization: "No authorization data received",
} as const;

/** What each server code means to the person (the client branches on codes, never on the server's sentence). */
const BY_CODE: Partial<Record<ErrorCode, string>> = {
  OAUTH_QQ_NOT_CONFIGURED: "QQ登录失败：QQ登录未开启",
  OAUTH_APPLE_NOT_CONFIGURED: OAUTH_TEXTS.appleNotConfigured,
  OAUTH_STATE_MISSING: "登录请求缺少 state，请重新登录",
  OAUTH_STATE_INVALID: "登录请求无效，请重新登录",
  OAUTH_STATE_EXPIRED: "登录请求已过期，请重新登录",
  OAUTH_STATE_USED: "登录请求已使用，请重新登录",
  OAUTH_STATE_FOREIGN: "登录请求不是从此浏览器发起的，请重新登录",
  OAUTH_BIND_LOGIN_REQUIRED: "请先登录再绑定",
  OAUTH_BIND_ACCOUNT_MISMATCH: "请使用发起绑定的账号完成绑定",
  OAUTH_QQ_CODE_REQUIRED: "QQ登录失败：未收到授权码",
  OAUTH_QQ_CODE_REFUSED: OAUTH_TEXTS.qqFailed,
  OAUTH_QQ_APP_MISMATCH: "QQ登录失败：授权不属于本站应用",
  OAUTH_QQ_PROFILE_REFUSED: OAUTH_TEXTS.qqFailed,
  OAUTH_QQ_UNAVAILABLE: OAUTH_TEXTS.qqRetry,
  OAUTH_APPLE_TOKEN_REQUIRED: OAUTH_TEXTS.noAuthorization,
  OAUTH_APPLE_TOKEN_INVALID: OAUTH_TEXTS.appleFailed,
  OAUTH_APPLE_TOKEN_EXPIRED: "Apple登录失败：授权已过期，请重新登录",
  OAUTH_APPLE_ISSUER: OAUTH_TEXTS.appleFailed,
  OAUTH_APPLE_AUDIENCE: "Apple登录失败：授权不属于本站应用",
  OAUTH_APPLE_NONCE: OAUTH_TEXTS.appleFailed,
  OAUTH_APPLE_UNAVAILABLE: "Apple登录失败，请稍后重试",
  OAUTH_ALREADY_BOUND: "您已绑定该登录方式，请先解绑",
  OAUTH_NOT_BOUND: "尚未绑定该登录方式",
  OAUTH_LAST_LOGIN_METHOD: "这是账号唯一的登录方式，请先设置密码或绑定其他方式再解绑",
  OAUTH_PASSWORD_ALREADY_SET: "账号已设置密码，请使用修改密码",
  USER_PASSWORD_TOO_SHORT: "密码至少6位",
  USER_PASSWORD_TOO_LONG: "密码最多128位",
  AUTH_ACCOUNT_DISABLED: "账号已被禁用，请联系管理员",
  RATE_LIMITED: "请求过于频繁，请稍后再试",
};

const LABEL: Record<Provider, string> = { qq: "QQ", apple: "Apple" };

const OWN_TEXTS: readonly string[] = Object.values(OAUTH_TEXTS);

export function oauthErrorText(error: unknown, provider: Provider): string {
  // Failures of the browser side (the SDK did not load, Apple answered nothing) carry the spec's text.
  if (error instanceof Error && OWN_TEXTS.includes(error.message)) return error.message;
  const info = describeError(error);
  if (info.code === "OAUTH_IDENTITY_TAKEN") return `该${LABEL[provider]}已绑定其他账号`;
  const byCode = info.code && BY_CODE[info.code];
  if (byCode) return byCode;
  // No answer at all (network, timeout) or a server failure: worth trying again.
  const unanswered = error instanceof RequestError && error.status === undefined;
  if (info.network || unanswered || (info.status ?? 0) >= 500)
    return provider === "qq" ? OAUTH_TEXTS.qqRetry : "Apple登录失败，请稍后重试";
  return provider === "qq" ? OAUTH_TEXTS.qqFailed : OAUTH_TEXTS.appleFailed;
}
