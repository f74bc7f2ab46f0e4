import type { ErrorTable } from "../../common/error-table";

export const PAYMENTS_ERRORS = {
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: "支付方式不存在" },
  PAYMENT_METHOD_DISABLED: { status: 400, message: "该支付方式已停用，请选择其他支付方式" },
  PAYMENT_METHOD_INVALID: { status: 400, message: "支付方式配置无效" },
  PAYMENT_AMOUNT_INVALID: { status: 400, message: "充值金额无效，请输入数字" },
  PAYMENT_AMOUNT_TOO_SMALL: { status: 400, message: "充值金额低于该支付方式的最低金额" },
  PAYMENT_AMOUNT_TOO_LARGE: { status: 400, message: "充值金额超过该支付方式的最高金额" },
} as const satisfies ErrorTable<"payments">;
