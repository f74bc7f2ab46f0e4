import { describe, expect, it } from "vitest";
import { BYTES_PER_MB, trafficFee, trafficFeeForMB, type TrafficFeeSettings } from "./traffic-fee";

// The spec's defaults: threshold 512 MB, base ¥0.10, ¥0.20 per GB, min size 512 MB, min amount ¥0.10, round.
const DEFAULTS: TrafficFeeSettings = {
  flowFeeMinMB: 512,
  flowFeeThresholdMB: 512,
  flowFeeBaseFen: 10,
  flowFeeRatePerGBFen: 20,
  flowFeeRounding: "round",
  flowFeeMinAmountFen: 10,
};
const MB = BYTES_PER_MB;
const GB = 1024 * MB;

describe("trafficFee", () => {
  it("is free up to and including flowFeeMinMB, charged one byte above", () => {
    expect(trafficFee(0, DEFAULTS)).toEqual({ fen: 0, rule: "free" });
    expect(trafficFee(512 * MB, DEFAULTS)).toEqual({ fen: 0, rule: "free" });
    // One byte over: base + ~0 variable = ¥0.10.
    expect(trafficFee(512 * MB + 1, DEFAULTS)).toEqual({ fen: 10, rule: "size" });
  });

  it("adds the per-GB rate above the threshold", () => {
    expect(trafficFee(512 * MB + GB, DEFAULTS).fen).toBe(30); // 0.10 + 1 GB × 0.20
    expect(trafficFee(512 * MB + 10 * GB, DEFAULTS).fen).toBe(210);
    expect(trafficFeeForMB(2048, DEFAULTS).fen).toBe(40); // 1.5 GB over: 10 + 30
  });

  it("rounds the variable part to whole fen by the setting, exactly at the half fen", () => {
    // Rate 1 fen/GB, 1.5 GB over: 1.5 fen.
    const s = { ...DEFAULTS, flowFeeBaseFen: 100, flowFeeRatePerGBFen: 1 };
    const size = 512 * MB + 1.5 * GB;
    expect(trafficFee(size, { ...s, flowFeeRounding: "round" }).fen).toBe(102);
    expect(trafficFee(size, { ...s, flowFeeRounding: "ceil" }).fen).toBe(102);
    expect(trafficFee(size, { ...s, flowFeeRounding: "floor" }).fen).toBe(101);
    // Just under the half: round goes down, ceil up.
    expect(trafficFee(size - 1, { ...s, flowFeeRounding: "round" }).fen).toBe(101);
    expect(trafficFee(size - 1, { ...s, flowFeeRounding: "ceil" }).fen).toBe(102);
    // Exactly a whole fen: every mode agrees.
    for (const r of ["round", "ceil", "floor"] as const)
      expect(trafficFee(512 * MB + 2 * GB, { ...s, flowFeeRounding: r }).fen).toBe(102);
  });

  it("never charges less than flowFeeMinAmount", () => {
    const s = { ...DEFAULTS, flowFeeBaseFen: 0, flowFeeMinAmountFen: 50 };
    expect(trafficFee(512 * MB + GB, s).fen).toBe(50);
    expect(trafficFee(512 * MB + 10 * GB, s).fen).toBe(200);
  });

  it("a threshold below the minimum size counts the whole size above the threshold", () => {
    const s = {
      ...DEFAULTS,
      flowFeeThresholdMB: 0,
      flowFeeMinMB: 100,
      flowFeeBaseFen: 0,
      flowFeeMinAmountFen: 0,
      flowFeeRatePerGBFen: 1024,
    };
    expect(trafficFee(100 * MB, s).fen).toBe(0);
    expect(trafficFee(200 * MB, s).fen).toBe(200); // 200 MB × 1 fen/MB
  });

  it("all-zero settings make every download free", () => {
    const s = { ...DEFAULTS, flowFeeBaseFen: 0, flowFeeRatePerGBFen: 0, flowFeeMinAmountFen: 0 };
    expect(trafficFee(5 * GB, s)).toEqual({ fen: 0, rule: "free" });
  });

  it("an item's own traffic fee replaces the formula above the minimum size, and is free below it", () => {
    expect(trafficFee(600 * MB, DEFAULTS, 88)).toEqual({ fen: 88, rule: "item" });
    expect(trafficFee(100 * MB, DEFAULTS, 88)).toEqual({ fen: 0, rule: "free" });
  });

  it("is exact for large files (no floating-point drift)", () => {
    const s = {
      ...DEFAULTS,
      flowFeeBaseFen: 0,
      flowFeeMinAmountFen: 0,
      flowFeeThresholdMB: 0,
      flowFeeMinMB: 0,
      flowFeeRatePerGBFen: 99_999_999,
    };
    expect(trafficFee(1000 * GB, s).fen).toBe(99_999_999_000);
  });

  it("refuses a negative or fractional size", () => {
    expect(() => trafficFee(-1, DEFAULTS)).toThrow(RangeError);
    expect(() => trafficFee(1.5, DEFAULTS)).toThrow(RangeError);
  });
});
