import { describe, expect, it } from "vitest";
import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import { errorCode, isUnauthenticated } from "./graphqlError";
import { RequestError, interpretResponse } from "./request";

const graphQLError = (extensions: Record<string, unknown>, message = "") =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });
const serverError = (status: number, body = "") =>
  new ServerError("Response not successful", { response: new Response(body, { status }), bodyText: body });
const restFailure = (status: number, body: string): RequestError => {
  try {
    interpretResponse(status, body);
  } catch (e) {
    return e as RequestError;
  }
  throw new Error("expected a failure");
};

describe("errorCode", () => {
  it("reads the code of GraphQL errors, HTTP failures and REST envelopes", () => {
    expect(errorCode(graphQLError({ code: "CATALOG_ITEM_NOT_FOUND", status: 404 }))).toBe("CATALOG_ITEM_NOT_FOUND");
    expect(
      errorCode(
        serverError(400, JSON.stringify({ errors: [{ message: "x", extensions: { code: "INVALID_CHARACTER" } }] })),
      ),
    ).toBe("INVALID_CHARACTER");
    expect(errorCode(serverError(429, JSON.stringify({ success: false, message: "x", code: "RATE_LIMITED" })))).toBe(
      "RATE_LIMITED",
    );
    const rest = restFailure(
      409,
      JSON.stringify({ success: false, message: "账号已存在，请更换用户名", code: "USER_USERNAME_TAKEN" }),
    );
    expect(rest.code).toBe("USER_USERNAME_TAKEN");
    expect(errorCode(rest)).toBe("USER_USERNAME_TAKEN");
    // The spec's fixed texts for 401/403/404 keep the code.
    expect(restFailure(404, JSON.stringify({ success: false, message: "x", code: "BANNER_NOT_FOUND" })).code).toBe(
      "BANNER_NOT_FOUND",
    );
  });

  it("answers undefined for values not shaped like our codes and for failures without one", () => {
    expect(errorCode(graphQLError({ code: "something-else" }))).toBeUndefined();
    expect(errorCode(graphQLError({ code: "Bad Request" }))).toBeUndefined();
    expect(errorCode(serverError(502, "<html>"))).toBeUndefined();
    expect(errorCode(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(restFailure(200, '{"success":false,"code":7}').code).toBeUndefined();
  });
});

describe("isUnauthenticated (the session ends)", () => {
  it("on UNAUTHENTICATED and on a bare 401, not on a wrong password", () => {
    expect(isUnauthenticated(graphQLError({ code: "UNAUTHENTICATED", status: 401 }))).toBe(true);
    expect(isUnauthenticated(serverError(401, "Unauthorized"))).toBe(true);
    expect(
      isUnauthenticated(
        restFailure(401, JSON.stringify({ success: false, message: "请先登录", code: "UNAUTHENTICATED" })),
      ),
    ).toBe(true);
    expect(isUnauthenticated(graphQLError({ code: "AUTH_BAD_CREDENTIALS", status: 401 }, "账号或密码错误"))).toBe(
      false,
    );
    expect(
      isUnauthenticated(
        restFailure(401, JSON.stringify({ success: false, message: "账号或密码错误", code: "AUTH_BAD_CREDENTIALS" })),
      ),
    ).toBe(false);
    expect(isUnauthenticated(graphQLError({ code: "FORBIDDEN", status: 403 }))).toBe(false);
  });
});
