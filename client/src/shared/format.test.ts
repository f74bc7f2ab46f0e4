import { describe, expect, it } from "vitest";
import { formatDateTime, formatFileSize, formatPrice, formatRelativeTime, toDate } from "./format";

describe("formatFileSize", () => {
  it("shows 未知 or 0 Bytes for zero and missing sizes", () => {
    expect(formatFileSize(0)).toBe("未知");
    expect(formatFileSize(undefined)).toBe("未知");
    expect(formatFileSize(null, "0 Bytes")).toBe("0 Bytes");
    expect(formatFileSize("abc", "0 Bytes")).toBe("0 Bytes");
  });
  it("uses Bytes, KB, MB, GB with 2 decimals", () => {
    expect(formatFileSize(512)).toBe("512 Bytes");
    expect(formatFileSize(1024)).toBe("1.00 KB");
    expect(formatFileSize(1536)).toBe("1.50 KB");
    expect(formatFileSize(5 * 1024 * 1024 + 1024 * 300)).toBe("5.29 MB");
    expect(formatFileSize("2147483648")).toBe("2.00 GB");
    expect(formatFileSize(3 * 1024 ** 4)).toBe("3072.00 GB");
  });
});

describe("formatPrice", () => {
  it("always shows 2 decimals", () => {
    expect(formatPrice(3)).toBe("3.00");
    expect(formatPrice("9.9")).toBe("9.90");
    expect(formatPrice(0.125)).toBe("0.13");
    expect(formatPrice(undefined)).toBe("0.00");
  });
});

describe("toDate", () => {
  it("reads unix seconds, milliseconds and ISO strings", () => {
    expect(toDate(1_700_000_000).getTime()).toBe(1_700_000_000_000);
    expect(toDate(1_700_000_000_000).getTime()).toBe(1_700_000_000_000);
    expect(toDate("1700000000").getTime()).toBe(1_700_000_000_000);
    expect(toDate("2024-01-02T03:04:05.000Z").toISOString()).toBe("2024-01-02T03:04:05.000Z");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date(2026, 10, 21, 15, 30, 0);
  it("says 刚刚 under a minute and N分钟前 under an hour", () => {
    expect(formatRelativeTime(new Date(2026, 10, 21, 15, 29, 30), now)).toBe("刚刚");
    expect(formatRelativeTime(new Date(2026, 10, 21, 15, 5, 0), now)).toBe("25分钟前");
  });
  it("shows the time when today and date and time otherwise", () => {
    expect(formatRelativeTime(new Date(2026, 10, 21, 9, 7, 0), now)).toBe("09:07");
    expect(formatRelativeTime(new Date(2026, 10, 20, 23, 59, 0), now)).toBe("2026/11/20 23:59");
  });
});

describe("formatDateTime", () => {
  it("formats local date and time, dash when missing", () => {
    expect(formatDateTime(new Date(2026, 0, 5, 8, 3))).toBe("2026-01-05 08:03");
    expect(formatDateTime(null)).toBe("-");
  });
  it("formats in a given time zone around midnight", () => {
    // 16:30 UTC is half past midnight of the next day in Shanghai
    expect(formatDateTime("2026-01-01T16:30:00Z", "Asia/Shanghai")).toBe("2026-01-02 00:30");
    expect(formatDateTime("2026-01-01T16:30:00Z", "UTC")).toBe("2026-01-01 16:30");
    expect(formatDateTime("2026-01-01T00:05:00Z", "America/New_York")).toBe("2025-12-31 19:05");
  });
});
