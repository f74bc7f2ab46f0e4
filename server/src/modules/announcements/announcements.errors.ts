import type { ErrorTable } from "../../common/error-table";

export const ANNOUNCEMENTS_ERRORS = {
  ANNOUNCEMENT_NOT_FOUND: { status: 404, message: "公告不存在" },
  ANNOUNCEMENT_STATUS_INVALID: { status: 400, message: "公告状态无效，可选 published、draft" },
  ANNOUNCEMENT_BULK_ACTION_INVALID: { status: 400, message: "批量操作无效，可选 delete、publish、unpublish" },
  ANNOUNCEMENT_BULK_EMPTY: { status: 400, message: "请选择要操作的公告" },
  ANNOUNCEMENT_BULK_TOO_MANY: { status: 400, message: "一次最多操作1000条公告" },
  CATEGORY_ANNOUNCEMENT_NOT_FOUND: { status: 404, message: "该分类没有公告" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    announcements: keyof typeof ANNOUNCEMENTS_ERRORS;
  }
}
