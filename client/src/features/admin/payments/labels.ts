/** Words of the payments admin page. */
export const CHANNEL_LABELS: Record<string, string> = { alipay: "支付宝", wxpay: "微信支付", qqpay: "QQ钱包" };

export const ORDER_STATUS_LABELS: Record<string, { text: string; color: string }> = {
  pending: { text: "待支付", color: "processing" },
  paid: { text: "已支付", color: "success" },
  closed: { text: "已关闭", color: "default" },
  refunded: { text: "已退款", color: "warning" },
};

/** Where a withdrawal is paid to. */
export const WITHDRAW_CHANNEL_LABELS: Record<string, string> = { alipay: "支付宝", wxpay: "微信", bank: "银行卡" };

export const WITHDRAW_STATUS_LABELS: Record<string, { text: string; color: string }> = {
  pending: { text: "待审核", color: "processing" },
  approved: { text: "已通过", color: "success" },
  rejected: { text: "已驳回", color: "error" },
};
