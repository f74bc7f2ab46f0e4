/** Chinese names of the mall's package kinds, device types and order states. */
export const PACKAGE_KIND_LABELS: Record<string, string> = { shared: "共享版", stable: "稳定版", dedicated: "独立版" };
export const DEVICE_TYPE_LABELS: Record<string, string> = { iphone: "iPhone", ipad: "iPad", all: "iPhone / iPad" };
export const MALL_STATUS_LABELS: Record<string, string> = {
  pending: "待支付",
  paid: "已支付",
  fulfilling: "交付中",
  waiting: "等待人工交付",
  delivered: "已交付",
  failed: "交付失败",
  refunded: "已退款",
  closed: "已关闭",
};
export const MALL_KIND_LABELS: Record<string, string> = {
  purchase: "购买",
  renewal: "续费",
  warranty: "质保补发",
  card_key: "卡密兑换",
};

/** Where an order stands on the way paid → fulfilling → delivered (0, 1, 2), or -1 before payment. */
export function progressOf(status: string): number {
  if (status === "paid") return 0;
  if (status === "fulfilling" || status === "waiting" || status === "failed") return 1;
  if (status === "delivered") return 2;
  return -1;
}

/** Whether an order is still moving (the page follows it live). */
export const inFlight = (status: string): boolean => ["paid", "fulfilling", "waiting"].includes(status);

/** What the buyer has chosen, kept across the UDID capture and a top-up (session storage, and the URL). */
export interface MallChoice {
  packageId?: string;
  planId?: string;
  deviceId?: string;
  orderNo?: string;
}

const CHOICE_KEY = "gryx_mall_choice";

export function readChoice(search: string): MallChoice {
  const q = new URLSearchParams(search);
  let stored: MallChoice = {};
  try {
    stored = JSON.parse(globalThis.sessionStorage?.getItem(CHOICE_KEY) ?? "{}") as MallChoice;
  } catch {
    stored = {};
  }
  const pick = (k: string, s?: string) => q.get(k) ?? s ?? undefined;
  return {
    packageId: pick("package", stored.packageId),
    planId: pick("plan", stored.planId),
    deviceId: pick("device", stored.deviceId),
    orderNo: pick("order", stored.orderNo),
  };
}

export function saveChoice(c: MallChoice): void {
  try {
    globalThis.sessionStorage?.setItem(CHOICE_KEY, JSON.stringify(c));
  } catch {
    // storage disabled: the URL still carries the choice
  }
}

/** The page's URL for a choice (what the UDID capture and the login come back to). */
export function choicePath(pathname: string, c: MallChoice): string {
  const q = new URLSearchParams();
  if (c.packageId) q.set("package", c.packageId);
  if (c.planId) q.set("plan", c.planId);
  if (c.deviceId) q.set("device", c.deviceId);
  if (c.orderNo) q.set("order", c.orderNo);
  const s = q.toString();
  return s ? `${pathname}?${s}` : pathname;
}
