import type { CatalogKind } from "./types";

/** Where an item's detail page lives. */
export const DETAIL_PATH: Record<CatalogKind, string> = { APP: "/app/", DYLIB: "/dylib/", RESOURCE_SHARE: "/ziyuan/" };

/** A purchase kind of the wallet's orders ("app", "dylib", "resource-share") as a catalogue kind; null for others. */
export function catalogKindOf(orderKind: string): CatalogKind | null {
  return orderKind === "app"
    ? "APP"
    : orderKind === "dylib"
      ? "DYLIB"
      : orderKind === "resource-share"
        ? "RESOURCE_SHARE"
        : null;
}

export interface NextStep {
  label: string;
  to: string;
  testId: string;
}

/**
 * What a user does with an item they may use (free or bought): 签名安装 an app (straight into /signature with it
 * chosen), 注入到应用 a dylib (into /signature with the plugin ticked) or 下载 it, 下载 a resource share (its page,
 * where the traffic fee is shown before any charge). `onDetail` leaves out the link to the page the user is on.
 */
export function nextSteps(kind: CatalogKind, id: string, onDetail = false): NextStep[] {
  const item = encodeURIComponent(id);
  const download = { label: "下载", to: `${DETAIL_PATH[kind]}${item}`, testId: "next-download" };
  if (kind === "APP") return [{ label: "签名安装", to: `/signature?app=${item}`, testId: "next-sign" }];
  if (kind === "DYLIB")
    return [
      { label: "注入到应用", to: `/signature?dylib=${item}`, testId: "next-inject" },
      ...(onDetail ? [] : [download]),
    ];
  return onDetail ? [] : [download];
}
