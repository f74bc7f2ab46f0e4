import type { ErrorTable } from "../../common/error-table";

/**
 * The catalogue's items (apps, dylibs, resource shares). A throw names the kind in its message
 * (应用不存在 / 动态库不存在 / 资源不存在); the client only needs the code.
 */
export const CATALOG_ERRORS = {
  CATALOG_ITEM_NOT_FOUND: { status: 404, message: "内容不存在" },
  CATALOG_PRICE_FILTER_INVALID: { status: 400, message: "价格筛选无效" },
  CATALOG_SEARCH_EMPTY: { status: 400, message: "请输入搜索关键词" },
  CATALOG_IPA_INVALID: { status: 400, message: "IPA 文件无效" },
  CATALOG_SELECTION_EMPTY: { status: 400, message: "请选择要操作的项目" },
  CATALOG_SELECTION_TOO_MANY: { status: 400, message: "一次选择的项目过多" },
  CATALOG_UPLOAD_INVALID: { status: 400, message: "上传的文件无效，请重新上传" },
  CATALOG_UPLOAD_EXPIRED: { status: 400, message: "上传的文件已失效，请重新上传" },
  CATALOG_FILE_TYPE_INVALID: { status: 400, message: "仅支持 .dylib 或 .deb 文件" },
  CATALOG_NO_DOWNLOADABLE_FILE: { status: 404, message: "该动态库暂无可下载的文件" },
  CATALOG_NOT_PURCHASED: { status: 403, message: "该动态库为付费资源，请先购买后再下载" },
  CATALOG_ITEM_NO_PACKAGE: { status: 409, message: "暂无安装包，暂不能购买" },
  CATALOG_TAGS_INVALID: { status: 400, message: "标签无效" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    catalog: keyof typeof CATALOG_ERRORS;
  }
}
