import { errorMessage, type ErrorCatalogue } from "../../shared/graphqlError";

const TOO_MANY = "请求过于频繁，请稍后再试";
const SERVER_ERROR = "服务器开小差了，请稍后重试";
const NETWORK = "网络错误，请检查服务器连接";

/** Login error catalogue (spec section 8); a server message takes priority. */
export const LOGIN_ERRORS: ErrorCatalogue = {
  byCode: {
    AUTH_CREDENTIALS_REQUIRED: "请输入账号和密码",
    AUTH_CREDENTIALS_TOO_LONG: "请求参数有误，请检查账号与密码",
    AUTH_BAD_CREDENTIALS: "账号或密码错误",
    AUTH_ACCOUNT_NOT_FOUND: "账号不存在",
    AUTH_ACCOUNT_DISABLED: "账号已被禁用，请联系管理员",
    RATE_LIMITED: TOO_MANY,
  },
  // Answers without a code of ours (a proxy's page, an older server).
  byStatus: {
    400: "请求参数有误，请检查账号与密码",
    401: "账号或密码错误",
    404: "账号不存在",
    429: TOO_MANY,
  },
  serverError: SERVER_ERROR,
  fallback: "登录失败",
  network: NETWORK,
};

/** Register error catalogue (spec section 8). */
const REGISTER_ERRORS: ErrorCatalogue = {
  byCode: {
    USER_USERNAME_TAKEN: "账号已存在，请更换用户名",
    VALIDATION: "表单校验失败，请检查输入",
    RATE_LIMITED: TOO_MANY,
  },
  byStatus: {
    400: "请求参数有误，请检查账号与密码格式",
    409: "账号已存在，请更换用户名",
    422: "表单校验失败，请检查输入",
    429: TOO_MANY,
  },
  serverError: SERVER_ERROR,
  fallback: "注册失败",
  network: NETWORK,
};

/** Account operations without a catalogue of their own (password reset and change). */
const ACCOUNT_ERRORS: ErrorCatalogue = {
  byCode: { RATE_LIMITED: TOO_MANY },
  byStatus: { 429: TOO_MANY },
  serverError: SERVER_ERROR,
  fallback: "操作失败，请稍后重试",
  network: NETWORK,
};

export const loginErrorMessage = (error: unknown) => errorMessage(error, LOGIN_ERRORS);
export const registerErrorMessage = (error: unknown) => errorMessage(error, REGISTER_ERRORS);
export const accountErrorMessage = (error: unknown) => errorMessage(error, ACCOUNT_ERRORS);

/** Validation texts (spec section 5). */
export const VALIDATION = {
  loginEmpty: "请输入账号和密码",
  registerInvalid: "请完整填写并确认协议（密码至少6位，两次一致）",
} as const;

export const PASSWORD_MIN_LENGTH = 6;

export function validateRegistration(form: {
  username: string;
  password: string;
  confirm: string;
  agreed: boolean;
}): string | null {
  const ok =
    form.username.trim() !== "" &&
    form.password.length >= PASSWORD_MIN_LENGTH &&
    form.password === form.confirm &&
    form.agreed;
  return ok ? null : VALIDATION.registerInvalid;
}
