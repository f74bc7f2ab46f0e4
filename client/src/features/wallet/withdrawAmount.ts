import { formatPrice } from "../../shared/format";

/** The server's limits on one request (WithdrawalsService): yuan, and requests waiting for review at once. */
export const WITHDRAW_MIN = 1;
export const WITHDRAW_MAX = 50_000;
export const WITHDRAW_MAX_PENDING = 3;

/** A typed amount in yuan checked against the limits and the balance: the amount, or the reason in Chinese. */
export function checkWithdrawAmount(text: string, balance: number | null): { amount: number } | { error: string } {
  const s = text.trim();
  if (!s) return { error: "请输入提现金额" };
  if (!/^\d+(\.\d+)?$/.test(s)) return { error: "提现金额无效，请输入数字" };
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return { error: "提现金额最多保留两位小数" };
  const amount = Number(s);
  if (amount < WITHDRAW_MIN) return { error: `提现金额不能低于${WITHDRAW_MIN}元` };
  if (amount > WITHDRAW_MAX) return { error: `单次提现不能超过${WITHDRAW_MAX.toLocaleString("en-US")}元` };
  if (balance !== null && amount > balance) return { error: `余额不足，最多可提现 ¥${formatPrice(balance)}` };
  return { amount };
}
