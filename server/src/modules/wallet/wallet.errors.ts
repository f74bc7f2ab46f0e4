import type { ErrorTable } from "../../common/error-table";

export const WALLET_ERRORS = {
  WALLET_INSUFFICIENT_BALANCE: { status: 400, message: "余额不足" },
  WALLET_AMOUNT_INVALID: { status: 400, message: "金额无效" },
  WALLET_LEDGER_TYPE_INVALID: { status: 400, message: "交易类型无效" },
  WALLET_REASON_REQUIRED: { status: 400, message: "请填写调整原因" },
  ORDER_NOT_FOUND: { status: 404, message: "订单不存在" },
  ORDER_KIND_INVALID: { status: 400, message: "订单类型无效" },
  ORDER_STATUS_INVALID: { status: 400, message: "订单状态无效" },
  ORDER_TRANSITION_INVALID: { status: 409, message: "订单当前状态不允许此操作" },
  ORDER_ALREADY_PURCHASED: { status: 409, message: "您已购买过该商品" },
  ORDER_ITEM_FREE: { status: 400, message: "免费商品无需购买" },
  ORDER_REFUND_KIND: { status: 400, message: "充值订单不能退款到余额，请通过支付渠道原路退回" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    wallet: keyof typeof WALLET_ERRORS;
  }
}
