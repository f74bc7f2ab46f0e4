import type { OrderStatus } from "@gryx/contracts/orders";

export { LEDGER_TYPE_LABELS, ORDER_KIND_LABELS, ORDER_STATUS_LABELS, signedYuan } from "../../wallet/labels";

/** Each wallet order state's tag colour. */
export const ORDER_STATUS_COLORS: Record<string, string> = {
  pending: "gold",
  paid: "blue",
  fulfilled: "green",
  closed: "default",
  refunded: "red",
} satisfies Record<OrderStatus, string>;

export const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
