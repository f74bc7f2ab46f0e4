import { describe, expect, it } from "vitest";
import { cleanGroupNumber, isMobileDevice, qqDeepLink, QQ_FALLBACK_MS, QQ_TEXTS } from "./copyGroupNumber";

describe("QQ group join", () => {
  it("builds the QQ deep link of a group", () => {
    expect(qqDeepLink("123456789")).toBe(
      "mqqapi://card/show_pslcard?src_type=internal&version=1&uin=123456789&card_type=group&source=qrcode",
    );
    expect(QQ_FALLBACK_MS).toBe(1200);
  });

  it("refuses an empty or non-numeric group number", () => {
    expect(cleanGroupNumber(" 123456 ")).toBe("123456");
    expect(cleanGroupNumber("")).toBeNull();
    expect(cleanGroupNumber(null)).toBeNull();
    expect(cleanGroupNumber("12ab34")).toBeNull();
    expect(QQ_TEXTS.invalidNumber).toBe("无效的群号");
  });

  it("treats phones and narrow screens as mobile", () => {
    expect(isMobileDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", 1200)).toBe(true);
    expect(isMobileDevice("Mozilla/5.0 (X11; Linux x86_64)", 1280)).toBe(false);
    expect(isMobileDevice("Mozilla/5.0 (X11; Linux x86_64)", 390)).toBe(true);
  });
});
