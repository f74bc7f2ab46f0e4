import { describe, expect, it } from "vitest";
import { purchaseLabel } from "./PurchaseStatusCard";

describe("purchase status label", () => {
  it("says 免费, 已购买 or 未购买 with the price", () => {
    expect(purchaseLabel({ isFree: true, purchased: true, price: 0 }).text).toBe("免费");
    expect(purchaseLabel({ isFree: false, purchased: true, price: 5 }).text).toBe("已购买");
    expect(purchaseLabel({ isFree: false, purchased: false, price: 5 }).text).toBe("未购买 · ¥5.00");
    expect(purchaseLabel({ isFree: false, purchased: false, price: 0.1 }).text).toBe("未购买 · ¥0.10");
  });
});
