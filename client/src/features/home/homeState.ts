import type { CatalogCategory, CatalogKind } from "../catalog/types";
import { DEFAULT_PAGE_SIZE } from "../catalog/pagination";
import { DYLIB_CATEGORY_ID, RESOURCE_SHARES_CATEGORY_ID } from "../catalog/target";
import type { ContentKind } from "../../shared/contentCache";

export type PriceValue = "ALL" | "FREE" | "PAID";

/** What the visible list depends on. */
export interface HomeFilters {
  categoryId: string | null;
  price: PriceValue;
  search: string;
  page: number;
  pageSize: number;
}

const DEFAULT_CATEGORY_NAME = "默认";

/** The fallback when the categories cannot be loaded: the two built-ins, 动态库 selected (spec section 4). */
export const BUILT_IN_CATEGORIES: readonly CatalogCategory[] = [
  { id: DYLIB_CATEGORY_ID, name: DYLIB_CATEGORY_ID, displayName: "动态库", weigh: 0, kind: "DYLIB", builtIn: true },
  {
    id: RESOURCE_SHARES_CATEGORY_ID,
    name: RESOURCE_SHARES_CATEGORY_ID,
    displayName: "资源分享",
    weigh: 0,
    kind: "RESOURCE_SHARE",
    builtIn: true,
  },
];
export const FALLBACK_CATEGORY_ID = DYLIB_CATEGORY_ID;

/** The category named 默认 if there is one, else the first. */
export function defaultCategoryId(categories: readonly CatalogCategory[]): string | null {
  const named = categories.find((c) => c.name === DEFAULT_CATEGORY_NAME || c.displayName === DEFAULT_CATEGORY_NAME);
  return (named ?? categories[0])?.id ?? null;
}

export function initialFilters(categoryId: string | null): HomeFilters {
  return { categoryId, price: "ALL", search: "", page: 1, pageSize: DEFAULT_PAGE_SIZE };
}

/** Which content version a list of this category follows. */
export function catalogContentKind(
  category: Pick<CatalogCategory, "kind"> | null | undefined,
  categoryId: string | null,
): ContentKind {
  const kind: CatalogKind | undefined = category?.kind;
  if (kind === "DYLIB" || categoryId === DYLIB_CATEGORY_ID) return "dylibs";
  if (kind === "RESOURCE_SHARE" || categoryId === RESOURCE_SHARES_CATEGORY_ID) return "resourceShares";
  return "apps";
}

/** The cache key of one page of one list. */
export function catalogKey(f: HomeFilters): string {
  return [f.categoryId ?? "", f.price, f.search, f.page, f.pageSize].join("|");
}

/** GraphQL variables of a page of search results (the whole catalogue: no category). */
export function searchVariables(f: HomeFilters) {
  return { search: f.search, price: f.price, page: f.page, pageSize: f.pageSize };
}

/** GraphQL variables of a list page. */
export function catalogVariables(f: HomeFilters) {
  return { categoryId: f.categoryId, price: f.price, search: f.search || null, page: f.page, pageSize: f.pageSize };
}
