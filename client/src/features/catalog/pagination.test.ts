import { describe, expect, it } from "vitest";
import {
  jumpInputFilter,
  pageCount,
  pageItems,
  pageSizeLabel,
  paginationTip,
  parseJump,
  showPagination,
  PAGE_SIZES,
} from "./pagination";

describe("home pagination", () => {
  it("offers the spec's page sizes with their labels", () => {
    expect(PAGE_SIZES).toEqual([10, 20, 50, 100]);
    expect(PAGE_SIZES.map(pageSizeLabel)).toEqual(["10条 / 页", "20条 / 页", "50条 / 页", "100条 / 页"]);
  });

  it("shows the pager only when the items exceed one page", () => {
    expect(showPagination(10, 10)).toBe(false);
    expect(showPagination(11, 10)).toBe(true);
    expect(showPagination(0, 10)).toBe(false);
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(201, 20)).toBe(11);
  });

  it("accepts only integers from 1 to the page count as a jump", () => {
    expect(parseJump("3", 5)).toBe(3);
    expect(parseJump(" 5 ", 5)).toBe(5);
    expect(parseJump("1", 1)).toBe(1);
    for (const bad of ["0", "6", "-1", "2.5", "abc", "", " ", "1e1", "3a", "99999999999999999999"]) {
      expect(parseJump(bad, 5)).toBeNull();
    }
  });

  it("keeps the jump input as typed, so 2.5 is refused rather than read as 25", () => {
    expect(jumpInputFilter("2.5")).toBe("2.5");
    expect(parseJump(jumpInputFilter("2.5"), 30)).toBeNull();
    expect(jumpInputFilter("123456789")).toBe("12345678");
  });

  it("has the spec's tip texts", () => {
    expect(paginationTip(0, 1, 10)).toBe("暂无数据");
    expect(paginationTip(7, 1, 10)).toBe("共 7 条数据");
    expect(paginationTip(10, 1, 10)).toBe("共 10 条数据");
    expect(paginationTip(25, 2, 10)).toBe("第 2 页，共 25 条数据");
  });

  it("windows the page buttons", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, "…", 4, 5, 6, "…", 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, "…", 10]);
    expect(pageItems(10, 10)).toEqual([1, "…", 9, 10]);
  });

  it("never hides a single page behind an ellipsis", () => {
    for (let p = 1; p <= 4; p++) expect(pageItems(p, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(1, 5)).toEqual([1, 2, "…", 5]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, "…", 10]);
    expect(pageItems(7, 10)).toEqual([1, "…", 6, 7, 8, 9, 10]);
  });
});
