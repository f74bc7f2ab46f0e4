import { describe, expect, it } from "vitest";
import { interpretResponse, RequestError } from "../../../shared/request";
import { OAUTH_TEXTS, oauthErrorText } from "./errors";

/** The RequestError the shared helper makes of an envelope answer. */
function refusal(status: number, code: string, message = "whatever the server says"): unknown {
  try {
    interpretResponse(status, JSON.stringify({ success: false, code, message, data: null }));
  } catch (e) {
    return e;
  }
  throw new Error("not refused");
}

describe("OAuth error texts", () => {
  it("go by the server's code, whatever the status's fixed text", () => {
    expect(oauthErrorText(refusal(502, "OAUTH_QQ_UNAVAILABLE"), "qq")).toBe("QQ登录失败，请稍后重试");
    expect(oauthErrorText(refusal(400, "OAUTH_QQ_CODE_REFUSED"), "qq")).toBe("QQ登录失败");
    expect(oauthErrorText(refusal(401, "OAUTH_APPLE_AUDIENCE"), "apple")).toBe("Apple登录失败：授权不属于本站应用");
    expect(oauthErrorText(refusal(503, "OAUTH_APPLE_NOT_CONFIGURED"), "apple")).toBe("Apple Sign In not configured");
    expect(oauthErrorText(refusal(400, "OAUTH_APPLE_TOKEN_REQUIRED"), "apple")).toBe("No authorization data received");
    expect(oauthErrorText(refusal(409, "OAUTH_IDENTITY_TAKEN"), "apple")).toBe("该Apple已绑定其他账号");
  });

  it("fall back to the provider's spec text; the browser side's own failures keep theirs", () => {
    expect(oauthErrorText(new RequestError("网络连接失败，请检查网络设置"), "qq")).toBe("QQ登录失败，请稍后重试");
    expect(oauthErrorText(refusal(400, "BAD_REQUEST"), "qq")).toBe("QQ登录失败");
    expect(oauthErrorText(refusal(500, "INTERNAL"), "qq")).toBe("QQ登录失败，请稍后重试");
    expect(oauthErrorText(new Error(OAUTH_TEXTS.sdkNotLoaded), "apple")).toBe("Apple Sign In SDK not loaded");
    expect(oauthErrorText(new Error("something else"), "apple")).toBe("Apple登录失败");
  });
});
