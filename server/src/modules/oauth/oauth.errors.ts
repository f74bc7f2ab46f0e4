import type { ErrorTable } from "../../common/error-table";

/**
 * QQ 互联 and Sign in with Apple (spec section 8: QQ登录失败 / QQ登录失败，请稍后重试; Apple登录失败, Apple Sign In not
 * configured, No authorization data received). One code per cause, so the client and the tests can tell them apart;
 * the provider being down is the "请稍后重试" kind (502), everything the provider or the browser got wrong is a 4xx.
 */
export const OAUTH_ERRORS = {
  OAUTH_PROVIDER_INVALID: { status: 400, message: "登录方式只能是 qq 或 apple" },
  OAUTH_CONFIG_NOT_FOUND: { status: 404, message: "登录配置不存在" },
  OAUTH_CONFIG_EXISTS: { status: 409, message: "该登录方式已有配置，请编辑原配置" },
  OAUTH_CONFIG_FIELD_INVALID: { status: 400, message: "登录配置填写有误" },
  OAUTH_QQ_NOT_CONFIGURED: { status: 503, message: "QQ登录失败：QQ登录未开启" },
  OAUTH_APPLE_NOT_CONFIGURED: { status: 503, message: "Apple Sign In not configured" },
  OAUTH_STATE_MISSING: { status: 400, message: "登录请求缺少 state，请重新登录" },
  OAUTH_STATE_INVALID: { status: 400, message: "登录请求无效，请重新登录" },
  OAUTH_STATE_EXPIRED: { status: 400, message: "登录请求已过期，请重新登录" },
  OAUTH_STATE_USED: { status: 400, message: "登录请求已使用，请重新登录" },
  OAUTH_STATE_FOREIGN: { status: 400, message: "登录请求不是从此浏览器发起的，请重新登录" },
  OAUTH_BIND_LOGIN_REQUIRED: { status: 401, message: "请先登录再绑定" },
  OAUTH_BIND_ACCOUNT_MISMATCH: { status: 403, message: "请使用发起绑定的账号完成绑定" },
  OAUTH_QQ_CODE_REQUIRED: { status: 400, message: "QQ登录失败：未收到授权码" },
  OAUTH_QQ_CODE_REFUSED: { status: 400, message: "QQ登录失败" },
  OAUTH_QQ_APP_MISMATCH: { status: 400, message: "QQ登录失败：授权不属于本站应用" },
  OAUTH_QQ_PROFILE_REFUSED: { status: 400, message: "QQ登录失败" },
  OAUTH_QQ_UNAVAILABLE: { status: 502, message: "QQ登录失败，请稍后重试" },
  OAUTH_APPLE_TOKEN_REQUIRED: { status: 400, message: "No authorization data received" },
  OAUTH_APPLE_TOKEN_INVALID: { status: 401, message: "Apple登录失败" },
  OAUTH_APPLE_TOKEN_EXPIRED: { status: 401, message: "Apple登录失败：授权已过期，请重新登录" },
  OAUTH_APPLE_ISSUER: { status: 401, message: "Apple登录失败" },
  OAUTH_APPLE_AUDIENCE: { status: 401, message: "Apple登录失败：授权不属于本站应用" },
  OAUTH_APPLE_NONCE: { status: 401, message: "Apple登录失败" },
  OAUTH_APPLE_UNAVAILABLE: { status: 502, message: "Apple登录失败，请稍后重试" },
  OAUTH_IDENTITY_TAKEN: { status: 409, message: "该账号已绑定其他用户" },
  OAUTH_ALREADY_BOUND: { status: 409, message: "您已绑定该登录方式，请先解绑" },
  OAUTH_NOT_BOUND: { status: 404, message: "尚未绑定该登录方式" },
  OAUTH_LAST_LOGIN_METHOD: { status: 400, message: "这是账号唯一的登录方式，请先设置密码或绑定其他方式再解绑" },
  OAUTH_PASSWORD_ALREADY_SET: { status: 400, message: "账号已设置密码，请使用修改密码" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    oauth: keyof typeof OAUTH_ERRORS;
  }
}
