export { LEDGER_TYPE_LABELS, ORDER_KIND_LABELS, ORDER_STATUS_LABELS, signedYuan } from "../../wallet/labels";

export const ORDER_STATUS_COLORS: Record<string, string> = {
  pending: "gold",
  paid: "blue",
  fulfilled: "green",
  closed: "default",
  refunded: "red",
};

export const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
