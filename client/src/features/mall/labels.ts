import { MALL_ORDER_KIND_NAMES, MALL_ORDER_STATUS_NAMES } from "@gryx/contracts/orders";

/** Chinese names of the mall's package kinds, device types, order states and kinds (the last two: the server's lists). */
export const PACKAGE_KIND_LABELS: Record<string, string> = { shared: "共享版", stable: "稳定版", dedicated: "独立版" };
export const DEVICE_TYPE_LABELS: Record<string, string> = { iphone: "iPhone", ipad: "iPad", all: "iPhone / iPad" };
export const MALL_STATUS_LABELS: Record<string, string> = MALL_ORDER_STATUS_NAMES;
export const MALL_KIND_LABELS: Record<string, string> = MALL_ORDER_KIND_NAMES;

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
