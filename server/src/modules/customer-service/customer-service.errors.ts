import type { ErrorTable } from "../../common/error-table";

export const CUSTOMER_SERVICE_ERRORS = {
  CS_SESSION_NOT_FOUND: { status: 404, message: "会话不存在" },
  CS_DISABLED: { status: 403, message: "在线客服暂未开放" },
  CS_CONTENT_REQUIRED: { status: 400, message: "请输入消息内容" },
  CS_CONTENT_TOO_LONG: { status: 400, message: "消息内容不能超过2000个字符" },
  CS_MESSAGE_TYPE_INVALID: { status: 400, message: "消息类型无效" },
  CS_CARD_NOT_FOUND: { status: 404, message: "要发送的订单或证书不存在" },
  CS_STATUS_INVALID: { status: 400, message: "会话状态无效" },
  CS_SETTINGS_INVALID: { status: 400, message: "客服设置无效" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    customerService: keyof typeof CUSTOMER_SERVICE_ERRORS;
  }
}
