import { describe, expect, it } from "vitest";
import { MemoryStorage } from "./test-support/memoryStorage";
import { CACHE_TTL, createLocalCache } from "./cache";

describe("createLocalCache", () => {
  it("stores entries under the gryx_cache_ prefix until their TTL passes", () => {
    const storage = new MemoryStorage();
    let now = 1_000;
    const cache = createLocalCache(storage, () => now);
    cache.set("banners", [{ id: 1 }], CACHE_TTL.banners);
    expect(storage.getItem("gryx_cache_banners")).not.toBeNull();
    now += CACHE_TTL.banners - 1;
    expect(cache.get("banners")).toEqual([{ id: 1 }]);
    now += 1;
    expect(cache.get("banners")).toBeNull();
    expect(storage.getItem("gryx_cache_banners")).toBeNull();
  });

  it("drops corrupt entries and clears only its own keys", () => {
    const storage = new MemoryStorage();
    const cache = createLocalCache(storage, () => 0);
    storage.setItem("gryx_cache_bad", "{not json");
    expect(cache.get("bad")).toBeNull();
    storage.setItem("auth_token", "t");
    cache.set("a", 1, 10);
    cache.set("b", 2, 10);
    cache.clear();
    expect(storage.length).toBe(1);
    expect(storage.getItem("auth_token")).toBe("t");
  });

  it("has the spec's TTLs", () => {
    expect(CACHE_TTL).toEqual({ banners: 300_000, categories: 1_800_000, apps: 600_000, dylib: 900_000 });
  });

  it("works without storage", () => {
    const cache = createLocalCache(null);
    cache.set("x", 1, 10);
    expect(cache.get("x")).toBeNull();
  });
});
