import type { ErrorTable } from "../../common/error-table";

export const SOFTWARE_SOURCES_ERRORS = {
  SOFTWARE_SOURCE_NOT_FOUND: { status: 404, message: "软件源不存在" },
  SOFTWARE_SOURCE_NAME_INVALID: { status: 400, message: "请填写软件源名称（最多100个字符）" },
  SOFTWARE_SOURCE_INPUT_REQUIRED: { status: 400, message: "请填写软件源地址，或上传软件源的 JSON 内容" },
  SOFTWARE_SOURCE_FIELD_INVALID: { status: 400, message: "软件源设置有误" },
  SOFTWARE_SOURCE_DUPLICATE: { status: 409, message: "已添加过这个软件源地址" },
  SOFTWARE_SOURCE_LIMIT: { status: 409, message: "最多可添加 10 个私有软件源" },
  SOFTWARE_SOURCE_REFRESH_TOO_SOON: { status: 429, message: "刚刚刷新过，请稍后再试" },
  SOFTWARE_SOURCE_NO_URL: { status: 400, message: "该软件源是上传的内容，没有可刷新的地址" },
  SOFTWARE_SOURCE_APP_NOT_DOWNLOADABLE: { status: 400, message: "该应用没有可直接下载的 IPA（需在软件源解锁或购买）" },
  SOFTWARE_SOURCE_APP_NOT_FOUND: { status: 404, message: "软件源中没有这个应用" },
  SOURCE_LINK_INVALID: { status: 404, message: "下载链接无效或已失效，请刷新软件源后重试" },
  SOURCE_NOT_JSON: { status: 422, message: "软件源内容不是有效的 JSON" },
  SOURCE_FORMAT_UNKNOWN: { status: 422, message: "无法识别的软件源格式（支持 AltStore、ESign、Scarlet）" },
  SOURCE_TOO_MANY_APPS: { status: 422, message: "软件源包含的应用过多" },
  SOURCE_URL_INVALID: { status: 400, message: "软件源地址无效，只支持 http 和 https" },
  SOURCE_ADDRESS_BLOCKED: { status: 400, message: "软件源地址指向内网或本机地址，已拒绝" },
  SOURCE_TOO_LARGE: { status: 413, message: "软件源内容过大" },
  SOURCE_TIMEOUT: { status: 504, message: "获取软件源超时" },
  SOURCE_TOO_MANY_REDIRECTS: { status: 502, message: "软件源重定向次数过多" },
  SOURCE_HTTP_STATUS: { status: 502, message: "软件源服务器返回错误状态" },
  SOURCE_NETWORK: { status: 502, message: "无法连接软件源服务器" },
  SOURCE_PROCESSING_FAILED: { status: 422, message: "软件源内容无法处理" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    softwareSources: keyof typeof SOFTWARE_SOURCES_ERRORS;
  }
}
