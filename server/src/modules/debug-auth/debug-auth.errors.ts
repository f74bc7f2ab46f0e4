import type { ErrorTable } from "../../common/error-table";

/** /admin/debug-auth. */
export const DEBUG_AUTH_ERRORS = {
  DEBUG_AUTH_TARGET_REQUIRED: { status: 400, message: "请粘贴令牌或选择用户" },
  DEBUG_AUTH_SESSION_NOT_FOUND: { status: 404, message: "会话不存在" },
  DEBUG_AUTH_LIMIT_TARGET_INVALID: { status: 400, message: "请输入用户名或IP地址" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    "debug-auth": keyof typeof DEBUG_AUTH_ERRORS;
  }
}
