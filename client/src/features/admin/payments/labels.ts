import { PAYMENT_ORDER_STATUSES, WITHDRAW_STATUSES } from "@gryx/contracts/orders";
import { ORDER_STATUS_LABELS as ORDER_NAMES, WITHDRAW_STATUS_LABELS as WITHDRAW_NAMES } from "../../wallet/labels";
import { statusTags } from "../common/statusTags";

/** Words of the payments admin page: the shared names (wallet/labels), each state with its tag colour. */
export { PAYMENT_CHANNEL_LABELS as CHANNEL_LABELS, WITHDRAW_CHANNEL_LABELS } from "../../wallet/labels";

const ORDER_COLORS: Record<(typeof PAYMENT_ORDER_STATUSES)[number], string> = {
  pending: "processing",
  paid: "success",
  closed: "default",
  refunded: "warning",
};

/** A recharge (gateway payment) order's states. */
export const ORDER_STATUS_LABELS = statusTags(PAYMENT_ORDER_STATUSES, ORDER_NAMES, ORDER_COLORS);

const WITHDRAW_COLORS: Record<(typeof WITHDRAW_STATUSES)[number], string> = {
  pending: "processing",
  approved: "success",
  rejected: "error",
};

export const WITHDRAW_STATUS_LABELS = statusTags(WITHDRAW_STATUSES, WITHDRAW_NAMES, WITHDRAW_COLORS);
