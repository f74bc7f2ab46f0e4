import { describe, expect, it } from "vitest";
import { SITE_NAME } from "../../shared/site";
import { copyrightText, DEFAULT_SITE, siteTitle, withDefaults } from "./siteInfo";

describe("site info", () => {
  it("uses the built-in name when none is set", () => {
    expect(withDefaults(null).siteName).toBe(SITE_NAME);
    expect(withDefaults({ siteName: "  " }).siteName).toBe(SITE_NAME);
    expect(withDefaults({ siteName: "苹果签名站", icpNumber: "京ICP备1号" })).toEqual({
      ...DEFAULT_SITE,
      siteName: "苹果签名站",
      icpNumber: "京ICP备1号",
    });
  });

  it("titles the page with the site name and the subtitle if present", () => {
    expect(siteTitle({ siteName: "果仁", seoSubtitle: "" })).toBe("果仁");
    expect(siteTitle({ siteName: "果仁", seoSubtitle: "iOS 应用分发" })).toBe("果仁 - iOS 应用分发");
  });

  it("keeps the configured copyright, else makes one", () => {
    expect(copyrightText({ siteName: "果仁", copyrightInfo: "© 果仁科技" })).toBe("© 果仁科技");
    expect(copyrightText({ siteName: "果仁", copyrightInfo: "" }, 2026)).toBe("© 2026 果仁 版权所有");
  });
});
