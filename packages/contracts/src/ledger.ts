/**
 * What a wallet ledger row records, and each kind's Chinese name: the server's ledger, its CSV export and the
 * client's wallet and consumption records read the one list (plain data, bundled into the client as source).
 */
export const LEDGER_TYPES = [
  "recharge",
  "purchase",
  "traffic",
  "refund",
  "card_key",
  "admin_adjust",
  "signing",
  "certificate",
  "withdraw",
  "withdraw_return",
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const LEDGER_TYPE_NAMES: Record<LedgerType, string> = {
  recharge: "充值",
  purchase: "购买",
  traffic: "流量费",
  refund: "退款",
  card_key: "卡密兑换",
  admin_adjust: "余额调整",
  signing: "签名",
  certificate: "证书",
  withdraw: "提现",
  withdraw_return: "提现退回",
};
