import type { ErrorTable } from "../../common/error-table";

export const PAYMENTS_ERRORS = {
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: "支付方式不存在" },
  PAYMENT_METHOD_DISABLED: { status: 400, message: "该支付方式已停用，请选择其他支付方式" },
  PAYMENT_METHOD_INVALID: { status: 400, message: "支付方式配置无效" },
  PAYMENT_AMOUNT_INVALID: { status: 400, message: "充值金额无效，请输入数字" },
  PAYMENT_AMOUNT_TOO_SMALL: { status: 400, message: "充值金额低于该支付方式的最低金额" },
  PAYMENT_AMOUNT_TOO_LARGE: { status: 400, message: "充值金额超过该支付方式的最高金额" },
  PAYMENT_ORDER_NOT_FOUND: { status: 404, message: "订单不存在" },
  PAYMENT_ORDER_STATUS_INVALID: { status: 400, message: "订单状态无效" },
  PAYMENT_KEY_UNREADABLE: { status: 503, message: "商户密钥无法解密，请管理员重新填写该支付方式的密钥" },
  WITHDRAW_AMOUNT_INVALID: { status: 400, message: "提现金额无效" },
  WITHDRAW_ACCOUNT_INVALID: { status: 400, message: "请填写正确的收款账号和真实姓名" },
  WITHDRAW_CHANNEL_INVALID: { status: 400, message: "收款方式无效，可选 支付宝、微信、银行卡" },
  WITHDRAW_TOO_MANY_PENDING: { status: 409, message: "您已有待审核的提现申请，请等待处理后再申请" },
  WITHDRAW_NOT_FOUND: { status: 404, message: "提现申请不存在" },
  WITHDRAW_NOT_PENDING: { status: 409, message: "该提现申请已处理" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    payments: keyof typeof PAYMENTS_ERRORS;
  }
}
