import type { ErrorTable } from "../../common/error-table";

/** An app's own fields (a missing app is CATALOG_ITEM_NOT_FOUND). */
export const APPS_ERRORS = {
  APP_NAME_REQUIRED: { status: 400, message: "应用名称不能为空" },
  APP_BUNDLE_ID_INVALID: { status: 400, message: "Bundle ID 格式无效" },
  APP_SIZE_INVALID: { status: 400, message: "应用大小无效" },
  APP_MIN_OS_INVALID: { status: 400, message: "最低系统版本格式无效" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    apps: keyof typeof APPS_ERRORS;
  }
}
