import type { ErrorTable } from "../../common/error-table";

export const PAYMENTS_ERRORS = {
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: "支付方式不存在" },
  PAYMENT_METHOD_DISABLED: { status: 400, message: "该支付方式已停用，请选择其他支付方式" },
  PAYMENT_METHOD_REQUIRED: { status: 400, message: "请选择支付方式" },
  PAYMENT_CHANNEL_INVALID: { status: 400, message: "支付渠道无效，可选 alipay、wxpay、qqpay" },
  PAYMENT_GATEWAY_URL_INVALID: { status: 400, message: "网关地址无效，须为 http(s) 地址" },
  PAYMENT_MERCHANT_INVALID: { status: 400, message: "商户号或商户密钥无效" },
  PAYMENT_LIMITS_INVALID: { status: 400, message: "金额限制无效：最低金额须大于0且不高于最高金额" },
  PAYMENT_AMOUNT_INVALID: { status: 400, message: "充值金额无效，请输入数字" },
  PAYMENT_AMOUNT_NOT_POSITIVE: { status: 400, message: "充值金额必须大于0" },
  PAYMENT_AMOUNT_PRECISION: { status: 400, message: "充值金额最多保留两位小数" },
  PAYMENT_AMOUNT_TOO_SMALL: { status: 400, message: "充值金额低于该支付方式的最低金额" },
  PAYMENT_AMOUNT_TOO_LARGE: { status: 400, message: "充值金额超过该支付方式的最高金额" },
  PAYMENT_ORDER_NOT_FOUND: { status: 404, message: "订单不存在" },
  PAYMENT_KEY_UNREADABLE: { status: 500, message: "商户密钥无法解密，请管理员重新填写该支付方式的密钥" },
} as const satisfies ErrorTable<"payments">;
