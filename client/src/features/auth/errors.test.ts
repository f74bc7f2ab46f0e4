import { describe, expect, it } from "vitest";
import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import { loginErrorMessage, registerErrorMessage, validateRegistration, VALIDATION } from "./errors";

const graphQLError = (extensions: Record<string, unknown>, message = "") =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

const serverError = (status: number, body = "") =>
  new ServerError("Response not successful", { response: new Response(body, { status }), bodyText: body });

describe("login error catalogue", () => {
  it("prefers the server's message", () => {
    expect(loginErrorMessage(graphQLError({ code: "AUTH_BAD_CREDENTIALS", status: 401 }, "账号或密码错误"))).toBe(
      "账号或密码错误",
    );
  });
  it("maps codes without a message onto the spec's texts", () => {
    expect(loginErrorMessage(graphQLError({ code: "AUTH_ACCOUNT_NOT_FOUND" }))).toBe("账号不存在");
    expect(loginErrorMessage(graphQLError({ code: "AUTH_BAD_CREDENTIALS", status: 401 }))).toBe("账号或密码错误");
    expect(loginErrorMessage(graphQLError({ code: "AUTH_ACCOUNT_DISABLED", status: 403 }))).toBe(
      "账号已被禁用，请联系管理员",
    );
    expect(loginErrorMessage(graphQLError({ code: "RATE_LIMITED" }))).toBe("请求过于频繁，请稍后再试");
    expect(loginErrorMessage(serverError(401, JSON.stringify({ success: false, code: "AUTH_BAD_CREDENTIALS" })))).toBe(
      "账号或密码错误",
    );
  });
  it("maps statuses without a code or message onto the spec's texts", () => {
    expect(loginErrorMessage(graphQLError({ status: 400 }))).toBe("请求参数有误，请检查账号与密码");
    expect(loginErrorMessage(graphQLError({ status: 401 }))).toBe("账号或密码错误");
    expect(loginErrorMessage(graphQLError({ status: 404 }))).toBe("账号不存在");
    expect(loginErrorMessage(graphQLError({ status: 503 }))).toBe("服务器开小差了，请稍后重试");
    expect(loginErrorMessage(graphQLError({ status: 418 }))).toBe("登录失败");
  });
  it("shows the catalogue's 5xx text instead of the server's masked INTERNAL message", () => {
    expect(loginErrorMessage(graphQLError({ code: "INTERNAL", status: 500 }, "服务器内部错误，请稍后重试"))).toBe(
      "服务器开小差了，请稍后重试",
    );
    expect(registerErrorMessage(graphQLError({ code: "INTERNAL", status: 500 }, "服务器内部错误，请稍后重试"))).toBe(
      "服务器开小差了，请稍后重试",
    );
  });
  it("reads HTTP failures and network errors", () => {
    expect(loginErrorMessage(serverError(429, "Too Many Requests"))).toBe("请求过于频繁，请稍后再试");
    expect(loginErrorMessage(serverError(502, "<html>"))).toBe("服务器开小差了，请稍后重试");
    expect(loginErrorMessage(serverError(429, JSON.stringify({ success: false, message: "稍后再试" })))).toBe(
      "稍后再试",
    );
    expect(loginErrorMessage(new TypeError("Failed to fetch"))).toBe("网络错误，请检查服务器连接");
    expect(loginErrorMessage(new Error("unexpected"))).toBe("登录失败");
  });
});

describe("register error catalogue", () => {
  it("maps 400, 409, 422, 429 and 5xx", () => {
    expect(registerErrorMessage(graphQLError({ status: 400 }))).toBe("请求参数有误，请检查账号与密码格式");
    expect(registerErrorMessage(graphQLError({ code: "USER_USERNAME_TAKEN", status: 409 }))).toBe(
      "账号已存在，请更换用户名",
    );
    expect(registerErrorMessage(graphQLError({ status: 409 }))).toBe("账号已存在，请更换用户名");
    expect(registerErrorMessage(graphQLError({ status: 422 }))).toBe("表单校验失败，请检查输入");
    expect(registerErrorMessage(graphQLError({ status: 429 }))).toBe("请求过于频繁，请稍后再试");
    expect(registerErrorMessage(graphQLError({ status: 500 }))).toBe("服务器开小差了，请稍后重试");
    expect(registerErrorMessage(graphQLError({}))).toBe("注册失败");
  });
});

describe("registration validation", () => {
  const ok = { username: "alice", password: "secret1", confirm: "secret1", agreed: true };
  it("accepts a complete form", () => {
    expect(validateRegistration(ok)).toBeNull();
  });
  it("rejects an empty name, a short or unconfirmed password and unchecked terms", () => {
    for (const bad of [
      { ...ok, username: "  " },
      { ...ok, password: "12345", confirm: "12345" },
      { ...ok, confirm: "secret2" },
      { ...ok, agreed: false },
    ]) {
      expect(validateRegistration(bad)).toBe(VALIDATION.registerInvalid);
    }
    expect(VALIDATION.registerInvalid).toBe("请完整填写并确认协议（密码至少6位，两次一致）");
    expect(VALIDATION.loginEmpty).toBe("请输入账号和密码");
  });
});
