import { copyWithToast } from "../site/clipboard";
import { toast } from "../site/toast";

export const QQ_TEXTS = {
  empty: "暂无可加入的QQ群",
  loadFailed: "获取QQ群失败",
  invalidNumber: "无效的群号",
  copiedSearch: "已复制群号，请在QQ中搜索加入",
  copied: "已复制群号",
  notLaunched: "若未唤起QQ，请复制群号到QQ中搜索加入",
} as const;

/** Spec section 9: the mobile QQ deep link falls back to a hint after 1200 ms. */
export const QQ_FALLBACK_MS = 1200;

/** A group number is digits only; anything else (or nothing) is refused. */
export function cleanGroupNumber(number: string | null | undefined): string | null {
  const value = number?.trim() ?? "";
  return /^\d{4,15}$/.test(value) ? value : null;
}

/** The QQ app's link that opens a group's card. */
export function qqDeepLink(number: string): string {
  return `mqqapi://card/show_pslcard?src_type=internal&version=1&uin=${encodeURIComponent(number)}&card_type=group&source=qrcode`;
}

/** A phone or tablet (where the QQ app may be installed) by user agent or the 768 px breakpoint. */
export function isMobileDevice(userAgent = navigator.userAgent, width = window.innerWidth): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent) || width <= 768;
}

/** Copies a group number; `searchHint` adds the advice to search it in QQ. */
export async function copyGroupNumber(number: string, searchHint = false): Promise<boolean> {
  const value = cleanGroupNumber(number);
  if (!value) {
    toast({ content: QQ_TEXTS.invalidNumber });
    return false;
  }
  return copyWithToast(value, searchHint ? QQ_TEXTS.copiedSearch : QQ_TEXTS.copied);
}

/**
 * Join: on a phone, try to open the group in the QQ app and, if the page is still showing
 * 1200 ms later, say how to join by number; elsewhere copy the number to search in QQ.
 */
export function joinGroup(number: string): void {
  const value = cleanGroupNumber(number);
  if (!value) {
    toast({ content: QQ_TEXTS.invalidNumber });
    return;
  }
  if (!isMobileDevice()) {
    void copyGroupNumber(value, true);
    return;
  }
  let left = false;
  const onHide = () => {
    if (document.visibilityState === "hidden") left = true;
  };
  document.addEventListener("visibilitychange", onHide);
  window.setTimeout(() => {
    document.removeEventListener("visibilitychange", onHide);
    if (!left) toast({ content: QQ_TEXTS.notLaunched, duration: 3000 });
  }, QQ_FALLBACK_MS);
  window.location.href = qqDeepLink(value);
}
