import { describe, expect, it } from "vitest";
import type { CatalogCategory } from "../catalog/types";
import {
  BUILT_IN_CATEGORIES,
  catalogContentKind,
  catalogKey,
  catalogVariables,
  defaultCategoryId,
  initialFilters,
} from "./homeState";

const cat = (id: string, displayName: string, name = displayName): CatalogCategory => ({
  id,
  name,
  displayName,
  weigh: 0,
  kind: "APP",
  builtIn: false,
});

describe("home state", () => {
  it("selects the category named 默认, else the first", () => {
    expect(defaultCategoryId([cat("1", "游戏"), cat("2", "默认")])).toBe("2");
    expect(defaultCategoryId([cat("1", "游戏"), cat("2", "工具")])).toBe("1");
    expect(defaultCategoryId([cat("5", "Default", "默认")])).toBe("5");
    expect(defaultCategoryId([])).toBeNull();
  });

  it("falls back to the two built-ins", () => {
    expect(BUILT_IN_CATEGORIES.map((c) => [c.id, c.displayName])).toEqual([
      ["dylib", "动态库"],
      ["resource-shares", "资源分享"],
    ]);
  });

  it("starts at page 1 with 10 per page and no filter", () => {
    expect(initialFilters("3")).toEqual({ categoryId: "3", price: "ALL", search: "", page: 1, pageSize: 10 });
  });

  it("follows the content version of the list's kind", () => {
    expect(catalogContentKind(BUILT_IN_CATEGORIES[0], "dylib")).toBe("dylibs");
    expect(catalogContentKind(null, "resource-shares")).toBe("resourceShares");
    expect(catalogContentKind(cat("1", "游戏"), "1")).toBe("apps");
  });

  it("keys and queries a page by every filter", () => {
    const f = { categoryId: "1", price: "FREE" as const, search: "微信", page: 2, pageSize: 20 };
    expect(catalogKey(f)).toBe("1|FREE|微信|2|20");
    expect(catalogKey({ ...f, page: 3 })).not.toBe(catalogKey(f));
    expect(catalogVariables({ ...f, search: "" })).toEqual({
      categoryId: "1",
      price: "FREE",
      search: null,
      page: 2,
      pageSize: 20,
    });
  });
});
