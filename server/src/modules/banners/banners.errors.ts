import type { ErrorTable } from "../../common/error-table";

export const BANNERS_ERRORS = {
  BANNER_NOT_FOUND: { status: 404, message: "轮播图不存在" },
  BANNER_IMAGE_REQUIRED: { status: 400, message: "请上传轮播图图片" },
  BANNER_IMAGE_URL_INVALID: { status: 400, message: "图片地址无效：仅支持 http(s) 链接或以 / 开头的站内路径" },
  BANNER_LINK_INVALID: { status: 400, message: "链接地址无效：仅支持 http(s) 链接或以 / 开头的站内路径" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    banners: keyof typeof BANNERS_ERRORS;
  }
}
