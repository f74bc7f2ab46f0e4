import { describe, expect, it } from "vitest";
import { DEFAULT_APP_ICON, normalizeImagePath } from "./image";

describe("normalizeImagePath", () => {
  it("keeps absolute, protocol-relative and /uploads paths", () => {
    expect(normalizeImagePath("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(normalizeImagePath("http://x/a.png")).toBe("http://x/a.png");
    expect(normalizeImagePath("//cdn.example.com/a.png")).toBe("//cdn.example.com/a.png");
    expect(normalizeImagePath("/uploads/icons/a.png")).toBe("/uploads/icons/a.png");
  });
  it("adds the slash to uploads/ and the /uploads/ prefix to the rest", () => {
    expect(normalizeImagePath("uploads/icons/a.png")).toBe("/uploads/icons/a.png");
    expect(normalizeImagePath("icons/a.png")).toBe("/uploads/icons/a.png");
    expect(normalizeImagePath("/icons/a.png")).toBe("/uploads/icons/a.png");
  });
  it("falls back to the default icon", () => {
    expect(normalizeImagePath("")).toBe(DEFAULT_APP_ICON);
    expect(normalizeImagePath(null)).toBe("/uploads/default-app-icon.png");
    expect(normalizeImagePath(undefined, "/x.png")).toBe("/x.png");
  });
});
