import type { ErrorTable } from "../../common/error-table";

export const CATEGORIES_ERRORS = {
  CATEGORY_NOT_FOUND: { status: 404, message: "分类不存在" },
  CATEGORY_HAS_APPS: { status: 409, message: "该分类下还有应用，无法删除" },
  CATEGORY_NAME_TAKEN: { status: 409, message: "分类名称已存在" },
  CATEGORY_NAME_RESERVED: { status: 400, message: "该分类名称为系统保留" },
  CATEGORY_WEIGHT_INVALID: { status: 400, message: "排序权重无效" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    categories: keyof typeof CATEGORIES_ERRORS;
  }
}
