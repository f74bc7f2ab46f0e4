import { describe, expect, it } from "vitest";
import { labelEvery, niceMax, shortDate } from "./chartScale";

describe("chart scale", () => {
  it("rounds the axis up to 1, 2 or 5 steps", () => {
    expect(niceMax(0)).toBe(4);
    expect(niceMax(3)).toBe(4);
    expect(niceMax(7)).toBe(8);
    expect(niceMax(9)).toBe(20);
    expect(niceMax(37)).toBe(40);
    expect(niceMax(123)).toBe(200);
  });
  it("shortens dates to month-day", () => {
    expect(shortDate("2026-11-21")).toBe("11-21");
    expect(shortDate("x")).toBe("x");
  });
});

describe("labelEvery", () => {
  it("skips labels when slots are narrower than a label", () => {
    expect(labelEvery(44, 36)).toBe(1);
    expect(labelEvery(24, 36)).toBe(2);
    expect(labelEvery(10, 36)).toBe(4);
  });
});
