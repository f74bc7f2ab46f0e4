/**
 * Orders, payments and withdrawals: their kinds, states and channels, and each one's Chinese name. The server's
 * checks and the client's labels read these lists (plain data, bundled into the client as source), so a state added
 * on one side cannot go unnamed on the other.
 */

/** What a wallet order buys (or, for recharge, tops up). */
export const ORDER_KINDS = ["recharge", "app", "dylib", "resource-share", "traffic", "certificate", "signing"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_KIND_NAMES: Record<OrderKind, string> = {
  recharge: "充值",
  app: "应用",
  dylib: "动态库",
  "resource-share": "资源",
  traffic: "流量费",
  certificate: "证书",
  signing: "签名",
};

/** A wallet order's states (the status machine is the server's orders model). */
export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "closed", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  pending: "待支付",
  paid: "已支付",
  fulfilled: "已完成",
  closed: "已关闭",
  refunded: "已退款",
};

/** A gateway payment's (recharge order's) states: a wallet order's, less fulfilled. */
export const PAYMENT_ORDER_STATUSES = [
  "pending",
  "paid",
  "closed",
  "refunded",
] as const satisfies readonly OrderStatus[];
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number];

/** The payment gateways' channels. */
export const PAYMENT_CHANNELS = ["alipay", "wxpay", "qqpay"] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
export const PAYMENT_CHANNEL_NAMES: Record<PaymentChannel, string> = {
  alipay: "支付宝",
  wxpay: "微信支付",
  qqpay: "QQ钱包",
};

/** Where a withdrawal is paid to. */
export const WITHDRAW_CHANNELS = ["alipay", "wxpay", "bank"] as const;
export type WithdrawChannel = (typeof WITHDRAW_CHANNELS)[number];
export const WITHDRAW_CHANNEL_NAMES: Record<WithdrawChannel, string> = {
  alipay: "支付宝",
  wxpay: "微信",
  bank: "银行卡",
};

export const WITHDRAW_STATUSES = ["pending", "approved", "rejected"] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
export const WITHDRAW_STATUS_NAMES: Record<WithdrawStatus, string> = {
  pending: "待审核",
  approved: "已通过",
  rejected: "已驳回",
};

/** A certificate-mall order's states: paid → fulfilling (or waiting for an admin) → delivered, or failed and refunded. */
export const MALL_ORDER_STATUSES = [
  "pending",
  "paid",
  "fulfilling",
  "waiting",
  "delivered",
  "failed",
  "refunded",
  "closed",
] as const;
export type MallOrderStatus = (typeof MALL_ORDER_STATUSES)[number];
export const MALL_ORDER_STATUS_NAMES: Record<MallOrderStatus, string> = {
  pending: "待支付",
  paid: "已支付",
  fulfilling: "交付中",
  waiting: "等待人工交付",
  delivered: "已交付",
  failed: "交付失败",
  refunded: "已退款",
  closed: "已关闭",
};

/** How a certificate-mall order came about. */
export const MALL_ORDER_KINDS = ["purchase", "renewal", "warranty", "card_key"] as const;
export type MallOrderKind = (typeof MALL_ORDER_KINDS)[number];
export const MALL_ORDER_KIND_NAMES: Record<MallOrderKind, string> = {
  purchase: "购买",
  renewal: "续费",
  warranty: "质保补发",
  card_key: "卡密兑换",
};
