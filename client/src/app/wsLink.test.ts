import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./wsLink";

describe("WebSocket reconnect back-off", () => {
  it("doubles from about a second up to thirty, with jitter between half and one and a half times", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => retryDelayMs(n, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(retryDelayMs(2, () => 0)).toBe(2000);
    expect(retryDelayMs(2, () => 0.999)).toBeCloseTo(5996);
    const spread = new Set(Array.from({ length: 50 }, () => Math.round(retryDelayMs(3))));
    expect(spread.size).toBeGreaterThan(10);
    for (const d of spread) expect(d >= 4000 && d <= 12000).toBe(true);
  });
});
