import { LEDGER_TYPE_NAMES } from "@gryx/contracts/ledger";
import {
  ORDER_KIND_NAMES,
  ORDER_STATUS_NAMES,
  PAYMENT_CHANNEL_NAMES,
  WITHDRAW_CHANNEL_NAMES,
  WITHDRAW_STATUS_NAMES,
} from "@gryx/contracts/orders";

/**
 * Chinese names of ledger types, order kinds and statuses, payment and withdrawal channels and withdrawal statuses:
 * the server's lists (@gryx/contracts), as plain string records for the pages to index.
 */
export const LEDGER_TYPE_LABELS: Record<string, string> = LEDGER_TYPE_NAMES;
export const ORDER_KIND_LABELS: Record<string, string> = ORDER_KIND_NAMES;
export const ORDER_STATUS_LABELS: Record<string, string> = ORDER_STATUS_NAMES;
export const PAYMENT_CHANNEL_LABELS: Record<string, string> = PAYMENT_CHANNEL_NAMES;
export const WITHDRAW_CHANNEL_LABELS: Record<string, string> = WITHDRAW_CHANNEL_NAMES;
export const WITHDRAW_STATUS_LABELS: Record<string, string> = WITHDRAW_STATUS_NAMES;

/** Signed yuan with 2 decimals: +10.00 / -2.50. */
export function signedYuan(v: number): string {
  return `${v > 0 ? "+" : v < 0 ? "-" : ""}${Math.abs(v).toFixed(2)}`;
}
