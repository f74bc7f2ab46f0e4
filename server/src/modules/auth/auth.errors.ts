import type { ErrorTable } from "../../common/error-table";

/** Login, registration limits, password change and reset (spec section 8's login catalogue). */
export const AUTH_ERRORS = {
  AUTH_CREDENTIALS_REQUIRED: { status: 400, message: "请输入账号和密码" },
  AUTH_CREDENTIALS_TOO_LONG: { status: 400, message: "请求参数有误，请检查账号与密码" },
  AUTH_ACCOUNT_NOT_FOUND: { status: 404, message: "账号不存在" },
  AUTH_ACCOUNT_DISABLED: { status: 403, message: "账号已被禁用，请联系管理员" },
  AUTH_BAD_CREDENTIALS: { status: 401, message: "账号或密码错误" },
  AUTH_PASSWORDS_REQUIRED: { status: 400, message: "请输入原密码和新密码" },
  AUTH_WRONG_OLD_PASSWORD: { status: 400, message: "原密码错误" },
  AUTH_USERNAME_REQUIRED: { status: 400, message: "请输入账号" },
  AUTH_NO_EMAIL_FOR_RESET: { status: 400, message: "该账号未绑定邮箱，无法通过邮箱找回密码，请联系客服" },
  AUTH_RESET_CODE_MALFORMED: { status: 400, message: "验证码格式不正确" },
  AUTH_RESET_CODE_EXPIRED: { status: 400, message: "验证码已失效，请重新获取" },
  AUTH_RESET_CODE_WRONG: { status: 400, message: "验证码错误" },
  AUTH_NEW_PASSWORD_REQUIRED: { status: 400, message: "请输入新密码" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    auth: keyof typeof AUTH_ERRORS;
  }
}
