import { describe, expect, it } from "vitest";
import { badgeText, chatTime } from "./time";

describe("chat times", () => {
  const now = new Date(2026, 10, 24, 15, 30, 0);
  const at = (d: Date) => d.toISOString();
  it("says 刚刚, N分钟前, the time today, the date and time before", () => {
    expect(chatTime(at(new Date(2026, 10, 24, 15, 29, 30)), now)).toBe("刚刚");
    expect(chatTime(at(new Date(2026, 10, 24, 15, 25, 0)), now)).toBe("5分钟前");
    expect(chatTime(at(new Date(2026, 10, 24, 14, 30, 1)), now)).toBe("59分钟前");
    expect(chatTime(at(new Date(2026, 10, 24, 9, 5, 0)), now)).toBe("09:05");
    expect(chatTime(at(new Date(2026, 10, 23, 23, 59, 0)), now)).toBe("11-23 23:59");
    expect(chatTime(at(new Date(2025, 0, 2, 8, 0, 0)), now)).toBe("2025-01-02 08:00");
  });
  it("caps the badge at 99+", () => {
    expect(badgeText(0)).toBe("");
    expect(badgeText(7)).toBe("7");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });
});
