import type { ErrorTable } from "../../common/error-table";

/** Account fields (registration and the admin's user management). Password lengths: the throw names the limit. */
export const USERS_ERRORS = {
  USER_CREDENTIALS_REQUIRED: { status: 400, message: "请输入账号和密码" },
  USER_USERNAME_INVALID: { status: 400, message: "用户名需为3-32位字母、数字、下划线或中文" },
  USER_PASSWORD_TOO_SHORT: { status: 422, message: "密码太短" },
  USER_PASSWORD_TOO_LONG: { status: 422, message: "密码太长" },
  USER_EMAIL_INVALID: { status: 422, message: "邮箱格式不正确" },
  USER_ROLE_INVALID: { status: 422, message: "角色无效" },
  USER_ROLE_FILTER_INVALID: { status: 400, message: "角色无效" },
  USER_PERMISSIONS_INVALID: { status: 422, message: "权限必须是字符串列表" },
  USER_PERMISSIONS_TOO_MANY: { status: 422, message: "权限最多100项" },
  USER_PERMISSION_NAME_INVALID: { status: 422, message: "未知的权限" },
  USER_USERNAME_TAKEN: { status: 409, message: "账号已存在，请更换用户名" },
  USER_NOT_FOUND: { status: 404, message: "用户不存在" },
  USER_CANNOT_DISABLE_SELF: { status: 400, message: "不能禁用自己的账号" },
  USER_CANNOT_DEMOTE_SELF: { status: 400, message: "不能取消自己的管理员角色" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    users: keyof typeof USERS_ERRORS;
  }
}
