import { describe, expect, it } from "vitest";
import { validateAltStoreSource, validateEsignSource } from "../../../../tests/support/feed-validator";
import {
  altstoreCategory,
  altstoreFeed,
  esignFeed,
  installableFreeApps,
  isoSeconds,
  sourceIdentifier,
  type FeedApp,
  type FeedLinks,
} from "./feeds";

const app = (over: Partial<FeedApp>): FeedApp => ({
  id: 1,
  name: "应用",
  iconPath: "",
  version: "1.0",
  versionDate: new Date("2026-11-27T06:05:44.600Z"),
  sizeBytes: 1000,
  description: "",
  bundleId: "com.a",
  priceFen: 0,
  developer: "",
  categoryName: null,
  categoryDisplay: null,
  minOsVersion: null,
  hasPackage: true,
  ...over,
});
const site = { origin: "https://apps.example.com", name: "果仁应用", logo: "", description: "" };
const links: FeedLinks = {
  abs: (p) => (p ? new URL(p, site.origin).toString() : ""),
  sourceIcon: `${site.origin}/sources/icon.png`,
  defaultAppIcon: `${site.origin}/uploads/default-app-icon.png`,
  ipa: (id, user) => `${site.origin}/sources/ipa/${id}/${user ?? 0}.x.ipa`,
};

describe("feed documents", () => {
  it("maps our categories onto AltStore's fixed set by their words", () => {
    expect(
      [
        ["游戏", "游戏"],
        ["工具", "实用工具"],
        ["影音", "影音娱乐"],
        ["社交", "社交通讯"],
        ["摄影", "摄影美化"],
        ["学习", "学习教育"],
        ["效率", "效率办公"],
        ["默认", "精选推荐"],
        [null, null],
        ["dev-tools", "开发调试"],
      ].map(([n, d]) => altstoreCategory(n, d)),
    ).toEqual([
      "games",
      "utilities",
      "entertainment",
      "social",
      "photo-video",
      "lifestyle",
      "utilities",
      "other",
      "other",
      "developer",
    ]);
  });

  it("writes whole-second UTC dates and a reversed-host identifier", () => {
    expect(isoSeconds(new Date("2026-11-27T06:05:44.600Z"))).toBe("2026-11-27T06:05:44Z");
    expect(sourceIdentifier("https://apps.example.com", "source")).toBe("com.example.apps.source");
    expect(sourceIdentifier("http://[::1]:3000", "esign")).toBe("--1.esign");
  });

  it("offers AltStore only free apps with a package, first of each bundle id; sizes above 32 bits stay in versions", () => {
    const apps = [
      app({ id: 1, bundleId: "com.a", sizeBytes: 3 * 1024 ** 3 }),
      app({ id: 2, bundleId: "com.a" }),
      app({ id: 3, bundleId: "com.paid", priceFen: 100 }),
      app({ id: 4, bundleId: "com.nopkg", hasPackage: false }),
      app({ id: 5, bundleId: "" }),
    ];
    expect(installableFreeApps(apps).map((a) => a.id)).toEqual([1]);
    const doc = altstoreFeed(site, apps, links) as any;
    expect(validateAltStoreSource(doc)).toEqual([]);
    expect(doc.apps[0]).toMatchObject({
      size: 2 ** 31 - 1,
      versions: [{ size: 3 * 1024 ** 3 }],
      developerName: "果仁应用",
      iconURL: links.defaultAppIcon,
      localizedDescription: "应用",
    });
  });

  it("locks a paid app in ESign unless the device is unlocked for an account that bought it", () => {
    const apps = [app({ id: 1 }), app({ id: 2, bundleId: "com.paid", priceFen: 100, categoryName: "游戏" })];
    const locked = esignFeed(site, apps, links, null) as any;
    expect(validateEsignSource(locked)).toEqual([]);
    expect(locked.apps[1]).toMatchObject({
      lock: "1",
      type: 1,
      downloadURL: `${site.origin}/app/2`,
      payURL: `${site.origin}/app/2`,
    });
    const open = esignFeed(site, apps, links, { userId: 7, appIds: new Set([2]) }) as any;
    expect(validateEsignSource(open)).toEqual([]);
    expect(open.apps[1]).toMatchObject({ lock: "0", downloadURL: `${site.origin}/sources/ipa/2/7.x.ipa` });
    expect(open.apps[1].payURL).toBeUndefined();
  });
});
