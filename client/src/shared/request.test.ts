import { describe, expect, it } from "vitest";
import { REQUEST_TIMEOUT_MS, RequestError, buildUrl, interpretResponse } from "./request";
import { REQUEST_ERROR_TEXTS } from "./errorTexts";

function failure(status: number, body: string): RequestError {
  try {
    interpretResponse(status, body);
  } catch (error) {
    return error as RequestError;
  }
  throw new Error("expected a failure");
}

describe("interpretResponse", () => {
  it("returns the envelope on success true or code 0", () => {
    expect(interpretResponse(200, '{"success":true,"message":"ok","data":{"a":1}}').data).toEqual({ a: 1 });
    expect(interpretResponse(200, '{"code":0,"data":[1]}').data).toEqual([1]);
  });
  it("uses the server message or 请求失败 when success is false", () => {
    expect(failure(200, '{"success":false,"message":"余额不足"}').message).toBe("余额不足");
    expect(failure(400, '{"success":false}').message).toBe("请求失败");
    expect(failure(409, '{"success":false,"message":"已存在"}').status).toBe(409);
  });
  it("maps 401, 403, 404 and 5xx to the spec's texts", () => {
    expect(failure(401, '{"success":false,"message":"x"}').message).toBe("登录已过期，请重新登录");
    expect(failure(403, "").message).toBe("权限不足，无法执行此操作");
    expect(failure(404, "").message).toBe("请求的资源不存在");
    expect(failure(502, "<html>").message).toBe("服务器内部错误，请稍后重试");
  });
  it("rejects a body that is not JSON", () => {
    expect(failure(200, "<html></html>").message).toBe("响应格式错误");
    expect(failure(200, "null").message).toBe("响应格式错误");
  });
});

describe("request constants", () => {
  it("times out after 1,800,000 ms with the spec's text", () => {
    expect(REQUEST_TIMEOUT_MS).toBe(1_800_000);
    expect(REQUEST_ERROR_TEXTS.timeout(REQUEST_TIMEOUT_MS)).toBe("请求超时 (1800000 ms)");
    expect(REQUEST_ERROR_TEXTS.network).toBe("网络连接失败，请检查网络设置");
  });
  it("builds query strings without empty values", () => {
    expect(buildUrl("/api/admin/users", { search: "", page: 2, pageSize: 20 })).toBe(
      "/api/admin/users?page=2&pageSize=20",
    );
    expect(buildUrl("/api/x?a=1", { b: "c d" })).toBe("/api/x?a=1&b=c+d");
    expect(buildUrl("/api/x")).toBe("/api/x");
  });
});
