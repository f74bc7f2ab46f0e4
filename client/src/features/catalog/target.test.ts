import { describe, expect, it } from "vitest";
import { cardTarget } from "./target";

const games = { id: "3", name: "games", displayName: "游戏" };

describe("card target", () => {
  it("sends dylibs to /dylib/{id}", () => {
    expect(cardTarget({ id: "7", kind: "DYLIB" }, { id: "dylib", name: "dylib", displayName: "动态库" })).toBe(
      "/dylib/7",
    );
  });

  it("sends resource shares and resource categories to /ziyuan/{id}", () => {
    expect(cardTarget({ id: "8", kind: "RESOURCE_SHARE" }, null)).toBe("/ziyuan/8");
    expect(cardTarget({ id: "9", kind: "APP" }, { id: "resource-shares", name: "resource-shares" })).toBe("/ziyuan/9");
    expect(cardTarget({ id: "9", kind: "APP" }, { id: "12", name: "资源分享" })).toBe("/ziyuan/9");
    expect(cardTarget({ id: "9", kind: "APP" }, { id: "13", name: "ziyuan", displayName: "资源分析" })).toBe(
      "/ziyuan/9",
    );
  });

  it("sends everything else to /resource/{id}", () => {
    expect(cardTarget({ id: "10", kind: "APP" }, games)).toBe("/resource/10");
    expect(cardTarget({ id: "10", kind: "APP" })).toBe("/resource/10");
  });

  it("keeps odd ids inside one path segment", () => {
    expect(cardTarget({ id: "a/b", kind: "APP" })).toBe("/resource/a%2Fb");
  });
});
