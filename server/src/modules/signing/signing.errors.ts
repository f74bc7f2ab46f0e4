import type { ErrorTable } from "../../common/error-table";

export const SIGNING_ERRORS = {
  SIGN_TASK_NOT_FOUND: { status: 404, message: "签名任务不存在" },
  SIGN_UPLOAD_NOT_FOUND: { status: 404, message: "上传的 IPA 不存在或已过期，请重新上传" },
  SIGN_IPA_INVALID: { status: 400, message: "文件不是可签名的 IPA" },
  SIGN_SOURCE_REQUIRED: { status: 400, message: "请上传 IPA 或选择一个应用（二选一）" },
  SIGN_CERT_REQUIRED: { status: 400, message: "请选择签名证书" },
  SIGN_CERT_NOT_FOUND: { status: 404, message: "证书不存在" },
  SIGN_CERT_EXPIRED: { status: 400, message: "证书已过期，请更换证书" },
  SIGN_CERT_REVOKED: { status: 400, message: "证书已被吊销，请更换证书" },
  SIGN_BUNDLE_ID_INVALID: { status: 400, message: "Bundle ID 格式无效（如 com.example.app）" },
  SIGN_BUNDLE_ID_NOT_ALLOWED: { status: 400, message: "Bundle ID 与证书描述文件的 App ID 不匹配" },
  SIGN_DISPLAY_NAME_INVALID: { status: 400, message: "应用名称须为1到50个字符" },
  SIGN_VERSION_INVALID: { status: 400, message: "版本号格式无效（如 1.2.3）" },
  SIGN_APP_NOT_FOUND: { status: 404, message: "应用不存在或没有可签名的安装包" },
  SIGN_APP_NOT_PURCHASED: { status: 403, message: "请先购买该应用" },
  SIGN_DYLIB_NOT_FOUND: { status: 404, message: "插件不存在或不能注入（只支持 .dylib）" },
  SIGN_DYLIB_NOT_PURCHASED: { status: 403, message: "请先购买要注入的插件" },
  SIGN_DYLIB_TOO_MANY: { status: 400, message: "最多注入10个插件" },
  SIGN_TOO_MANY_ACTIVE: { status: 429, message: "进行中的签名任务过多，请等待完成后再提交" },
  SIGN_QUOTA_EXHAUSTED: { status: 429, message: "今日签名次数已用完，请明天再来" },
  SIGN_TASK_STATE: { status: 409, message: "任务当前状态不能执行该操作" },
  SIGN_NOT_DONE: { status: 409, message: "签名尚未完成" },
  SIGN_ARTIFACT_EXPIRED: { status: 410, message: "签名包已过期，请重新签名" },
  SIGN_DOWNLOADS_EXHAUSTED: { status: 403, message: "下载次数已用完，请联系客服增加次数" },
  SIGN_LINK_INVALID: { status: 404, message: "下载链接无效或已过期" },
  SIGN_RANGE_INVALID: { status: 416, message: "请求的下载范围无效" },
  SIGN_COUNT_INVALID: { status: 400, message: "次数须为1到1000之间的整数" },
  SIGN_SETTINGS_INVALID: { status: 400, message: "签名设置有误" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    signing: keyof typeof SIGNING_ERRORS;
  }
}
