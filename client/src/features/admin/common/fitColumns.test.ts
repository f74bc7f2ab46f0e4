import { describe, expect, it } from "vitest";
import { fitColumns, minWidthOf } from "./fitColumns";

const cols = [
  { title: "名称", width: 220, minWidth: 120 },
  { title: "描述", width: 200, ellipsis: true },
  { title: "数量", width: 100 },
  { title: "操作", width: 90, minWidth: 80, fixed: "right" as const },
];

describe("fitColumns", () => {
  it("keeps the preferred widths when they fit, without sideways scrolling", () => {
    const fit = fitColumns(cols, 700, 32);
    expect(fit.x).toBeUndefined();
    expect(fit.columns.map((c) => c.width)).toEqual([220, 200, 100, 90]);
  });

  it("shrinks every column by the same share of its slack so the table fits, never below the minimums", () => {
    const fit = fitColumns(cols, 500, 32);
    expect(fit.x).toBeUndefined();
    const widths = fit.columns.map((c) => c.width as number);
    expect(widths.reduce((a, b) => a + b, 32)).toBeLessThanOrEqual(500);
    expect(widths.reduce((a, b) => a + b, 32)).toBeGreaterThan(495);
    widths.forEach((w, i) => expect(w).toBeGreaterThanOrEqual(minWidthOf(cols[i]!)));
    expect(fit.columns[3]!.fixed).toBe("right");
  });

  it("scrolls sideways at the minimum widths only when even those do not fit", () => {
    const fit = fitColumns(cols, 300, 32);
    expect(fit.columns.map((c) => c.width)).toEqual([120, 110, 60, 80]);
    expect(fit.x).toBe(32 + 120 + 110 + 60 + 80);
  });

  it("uses the preferred widths until the table is measured", () => {
    expect(fitColumns(cols, 0).x).toBe(610);
  });

  it("derives a minimum: ellipsis text gives more, a column never grows", () => {
    expect(minWidthOf({ width: 200, ellipsis: true })).toBe(110);
    expect(minWidthOf({ width: 100 })).toBe(60);
    expect(minWidthOf({ width: 70 })).toBe(48);
    expect(minWidthOf({ width: 40 })).toBe(40);
    expect(minWidthOf({ width: 90, minWidth: 120 })).toBe(90);
  });
});
