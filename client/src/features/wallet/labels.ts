import { LEDGER_TYPE_NAMES } from "@gryx/contracts/ledger";

/** Chinese names of ledger types (the server's list), order kinds and order statuses. */
export const LEDGER_TYPE_LABELS: Record<string, string> = LEDGER_TYPE_NAMES;

export const ORDER_KIND_LABELS: Record<string, string> = {
  recharge: "充值",
  app: "应用",
  dylib: "动态库",
  "resource-share": "资源",
  traffic: "流量费",
  certificate: "证书",
  signing: "签名",
};

export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: "待支付",
  paid: "已支付",
  fulfilled: "已完成",
  closed: "已关闭",
  refunded: "已退款",
};

/** Signed yuan with 2 decimals: +10.00 / -2.50. */
export function signedYuan(v: number): string {
  return `${v > 0 ? "+" : v < 0 ? "-" : ""}${Math.abs(v).toFixed(2)}`;
}

/** Where a withdrawal is paid to (the server's channels). */
export const WITHDRAW_CHANNEL_LABELS: Record<string, string> = {
  alipay: "支付宝",
  wxpay: "微信",
  bank: "银行卡",
};

export const WITHDRAW_STATUS_LABELS: Record<string, string> = {
  pending: "待审核",
  approved: "已通过",
  rejected: "已驳回",
};
