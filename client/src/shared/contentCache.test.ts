import { describe, expect, it } from "vitest";
import { MemoryStorage } from "./test-support/memoryStorage";
import { createContentCache, KIND_TTL } from "./contentCache";

describe("content cache", () => {
  it("keeps entries under gryx_cache_ with the version they were fetched under", () => {
    const storage = new MemoryStorage();
    const cache = createContentCache(storage, () => 0);
    cache.write("banners", [{ id: "1" }], "4");
    const raw = JSON.parse(storage.getItem("gryx_cache_banners")!);
    expect(raw.value).toEqual({ kind: "banners", version: "4", data: [{ id: "1" }] });
    expect(raw.expiresAt).toBe(KIND_TTL.banners);
    expect(cache.read("banners")).toEqual([{ id: "1" }]);
  });

  it("serves what an earlier visit cached before the server has answered", () => {
    const storage = new MemoryStorage();
    createContentCache(storage, () => 0).write("apps", { total: 3 }, "2", "c1|ALL||1|10");
    const later = createContentCache(storage, () => 1000);
    expect(later.read("apps", "c1|ALL||1|10")).toEqual({ total: 3 });
  });

  it("drops only the kinds whose version moved", () => {
    const storage = new MemoryStorage();
    const cache = createContentCache(storage, () => 0);
    cache.write("apps", "page 1", "2", "a");
    cache.write("apps", "page 2", "2", "b");
    cache.write("dylibs", "dylib page", "5", "a");
    cache.write("categories", ["c"], "1");
    storage.setItem("auth_token", "keep");
    expect(cache.sync({ apps: "3", dylibs: "5", categories: "1", banners: "0" })).toEqual(["apps"]);
    expect(cache.read("apps", "a")).toBeNull();
    expect(cache.read("apps", "b")).toBeNull();
    expect(cache.read("dylibs", "a")).toBe("dylib page");
    expect(cache.read("categories")).toEqual(["c"]);
    expect(storage.getItem("auth_token")).toBe("keep");
    expect(storage.getItem("gryx_cache_apps:a")).toBeNull();
  });

  it("refuses an entry written under an older version than the known one", () => {
    const storage = new MemoryStorage();
    const cache = createContentCache(storage, () => 0);
    cache.sync({ banners: "7" });
    cache.write("banners", ["old"], "6");
    expect(cache.read("banners")).toBeNull();
    cache.write("banners", ["new"], undefined); // stamped with the known version
    expect(cache.read("banners")).toEqual(["new"]);
  });

  it("expires entries after the kind's TTL", () => {
    const storage = new MemoryStorage();
    let now = 0;
    const cache = createContentCache(storage, () => now);
    cache.write("dylibs", "x", "1", "p");
    now = KIND_TTL.dylibs - 1;
    expect(cache.read("dylibs", "p")).toBe("x");
    now = KIND_TTL.dylibs;
    expect(cache.read("dylibs", "p")).toBeNull();
    expect(KIND_TTL.dylibs).toBe(15 * 60_000);
    expect(KIND_TTL.apps).toBe(10 * 60_000);
  });

  it("works without storage", () => {
    const cache = createContentCache(null);
    cache.write("apps", 1, "1");
    expect(cache.read("apps")).toBeNull();
    expect(cache.sync({ apps: "2" })).toEqual([]);
  });
});
