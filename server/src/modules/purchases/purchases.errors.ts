import type { ErrorTable } from "../../common/error-table";

export const PURCHASES_ERRORS = {
  PURCHASE_KIND_INVALID: { status: 400, message: "类型无效，可选 app、dylib、resource-share" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    purchases: keyof typeof PURCHASES_ERRORS;
  }
}
