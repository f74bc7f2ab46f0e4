import type { CatalogKind } from "./types";

export interface TargetCategory {
  id: string;
  name: string;
  displayName?: string | null;
}

/** The ids of the two built-in pseudo-categories. */
export const RESOURCE_SHARES_CATEGORY_ID = "resource-shares";
export const DYLIB_CATEGORY_ID = "dylib";
const RESOURCE_CATEGORY_NAMES = ["资源分享", "资源分析"];

function isResourceCategory(category: TargetCategory | null | undefined): boolean {
  if (!category) return false;
  if (category.id === RESOURCE_SHARES_CATEGORY_ID) return true;
  return (
    RESOURCE_CATEGORY_NAMES.includes(category.name) || RESOURCE_CATEGORY_NAMES.includes(category.displayName ?? "")
  );
}

/**
 * Where a card leads (spec section 4): dylibs to /dylib/{id}; resource shares, or any card of a
 * category named 资源分享 / 资源分析 or of the resource-shares category, to /ziyuan/{id};
 * everything else to /resource/{id}.
 */
export function cardTarget(item: { id: string; kind: CatalogKind }, category?: TargetCategory | null): string {
  const id = encodeURIComponent(item.id);
  if (item.kind === "DYLIB") return `/dylib/${id}`;
  if (item.kind === "RESOURCE_SHARE" || isResourceCategory(category)) return `/ziyuan/${id}`;
  return `/resource/${id}`;
}
