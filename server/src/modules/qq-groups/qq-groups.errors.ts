import type { ErrorTable } from "../../common/error-table";

export const QQ_GROUPS_ERRORS = {
  QQ_GROUP_NOT_FOUND: { status: 404, message: "QQ群不存在" },
  QQ_GROUP_NUMBER_INVALID: { status: 400, message: "无效的群号" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    qqGroups: keyof typeof QQ_GROUPS_ERRORS;
  }
}
