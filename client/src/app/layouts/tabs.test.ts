import { describe, expect, it } from "vitest";
import { activeTab, TABS } from "./tabs";

describe("bottom navigation", () => {
  it("has the six tabs of the spec", () => {
    expect(TABS.map((t) => `${t.path} ${t.title}`)).toEqual([
      "/ 应用库",
      "/software-source 软件源",
      "/signature 签名IPA",
      "/certificate 证书商城",
      "/management 证书管理",
      "/profile 个人主页",
    ]);
  });
  it("activates the tab owning the path", () => {
    expect(activeTab("/", null)).toBe("/");
    expect(activeTab("/software-source/12/apps", null)).toBe("/software-source");
    expect(activeTab("/certificate/3", null)).toBe("/management");
    expect(activeTab("/temp-certificates", null)).toBe("/management");
    expect(activeTab("/certificate-mall", null)).toBeNull();
    expect(activeTab("/register", null)).toBeNull();
  });
  it("on /login uses the page saved as redirectFrom", () => {
    expect(activeTab("/login", "/management?tab=2")).toBe("/management");
    expect(activeTab("/login", null)).toBeNull();
  });
});
