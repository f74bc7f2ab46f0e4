import type { ErrorTable } from "../../common/error-table";

export const SETTINGS_ERRORS = {
  /** Fees: the throw names the field and the rule (e.g. 资源费不能为负数). */
  SETTINGS_AMOUNT_INVALID: { status: 400, message: "金额无效" },
  SETTINGS_ROUNDING_INVALID: { status: 400, message: "取整方式无效，可选 round、ceil、floor" },
  SETTINGS_QQ_INVALID: { status: 400, message: "QQ号无效，应为5到12位数字" },
  SETTINGS_EMAIL_INVALID: { status: 400, message: "邮箱格式不正确" },
  SETTINGS_LOGO_URL_INVALID: { status: 400, message: "站点Logo地址无效：仅支持 http(s) 链接或以 / 开头的站内路径" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    settings: keyof typeof SETTINGS_ERRORS;
  }
}
