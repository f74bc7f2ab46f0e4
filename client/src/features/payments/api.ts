import { api } from "../../shared/request";

export interface PublicMethod {
  id: number;
  name: string;
  channel: string;
}

export type RechargeStatus = "pending" | "paid" | "closed" | "refunded";

export const paymentsApi = {
  methods: async () => (await api.get<PublicMethod[]>("/api/payments/methods")).data,
  recharge: async (amount: number, method: number) =>
    (await api.post<{ order_no: string; pay_url: string }>("/api/payments/recharge", { amount, method })).data,
  status: async (orderNo: string) =>
    (
      await api.get<{ order_no: string; status: RechargeStatus; amount: number }>(
        `/api/payments/status/${encodeURIComponent(orderNo)}`,
      )
    ).data,
};

/** A typed amount in yuan: a positive number with at most two decimals, else the reason in Chinese. */
export function checkAmount(text: string): { ok: true; amount: number } | { ok: false; error: string } {
  const s = text.trim();
  if (!s) return { ok: false, error: "请输入充值金额" };
  if (!/^\d+(\.\d+)?$/.test(s)) return { ok: false, error: "充值金额无效，请输入数字" };
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return { ok: false, error: "充值金额最多保留两位小数" };
  const amount = Number(s);
  if (!(amount > 0)) return { ok: false, error: "充值金额必须大于0" };
  return { ok: true, amount };
}

export const STATUS_TEXT: Record<RechargeStatus, string> = {
  pending: "等待支付结果…",
  paid: "充值成功",
  closed: "订单已关闭（超时未支付）",
  refunded: "已退款",
};
