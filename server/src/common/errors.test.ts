import { describe, expect, it } from "vitest";
import { ERROR_CODE_GROUPS, ERROR_CODES as CONTRACT_CODES } from "@gryx/contracts/error-codes";
import { DomainError, ERROR_CODES } from "./errors";
// The domains register their error tables when they are listed.
import "../modules";

describe("the error code registry", () => {
  it("has exactly the codes of @gryx/contracts/error-codes (the client's list), each in one group", () => {
    expect(Object.keys(ERROR_CODES).sort()).toEqual([...CONTRACT_CODES].sort());
    expect(new Set(CONTRACT_CODES).size).toBe(CONTRACT_CODES.length);
    expect(Object.values(ERROR_CODE_GROUPS).reduce((n, g) => n + g.length, 0)).toBe(CONTRACT_CODES.length);
  });

  // The spec writes these two of Sign in with Apple's errors in English; they are shown exactly as written.
  const SPEC_ENGLISH: Record<string, string> = {
    OAUTH_APPLE_NOT_CONFIGURED: "Apple Sign In not configured",
    OAUTH_APPLE_TOKEN_REQUIRED: "No authorization data received",
  };

  it("gives every code an error status and a Chinese message (or the spec's own English text)", () => {
    for (const [code, spec] of Object.entries(ERROR_CODES)) {
      expect(spec.status, code).toBeGreaterThanOrEqual(400);
      expect(spec.status, code).toBeLessThan(600);
      if (code in SPEC_ENGLISH) expect(spec.message, code).toBe(SPEC_ENGLISH[code]);
      else expect(spec.message, code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("a DomainError takes its status and default message from its code", () => {
    const e = new DomainError("AUTH_BAD_CREDENTIALS");
    expect([e.code, e.status, e.message]).toEqual(["AUTH_BAD_CREDENTIALS", 401, "账号或密码错误"]);
    expect(new DomainError("USER_PASSWORD_TOO_SHORT", "密码至少6位").message).toBe("密码至少6位");
  });
});
