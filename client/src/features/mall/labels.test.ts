import { describe, expect, it } from "vitest";
import { choicePath, inFlight, progressOf, readChoice, saveChoice } from "./labels";

describe("mall choice and progress", () => {
  it("the URL wins over what the session kept; both survive a round trip", () => {
    const store = new Map<string, string>();
    Object.defineProperty(globalThis, "sessionStorage", {
      configurable: true,
      value: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    });
    saveChoice({ packageId: "1", planId: "2", deviceId: "3" });
    expect(readChoice("")).toEqual({ packageId: "1", planId: "2", deviceId: "3", orderNo: undefined });
    expect(readChoice("?plan=9&order=20261124000001")).toEqual({
      packageId: "1",
      planId: "9",
      deviceId: "3",
      orderNo: "20261124000001",
    });
    expect(choicePath("/certificate-mall", { packageId: "1", planId: "2" })).toBe("/certificate-mall?package=1&plan=2");
  });

  it("paid → fulfilling → delivered", () => {
    expect(["pending", "paid", "fulfilling", "waiting", "delivered", "refunded"].map(progressOf)).toEqual([
      -1, 0, 1, 1, 2, -1,
    ]);
    expect(inFlight("fulfilling")).toBe(true);
    expect(inFlight("delivered")).toBe(false);
  });
});
