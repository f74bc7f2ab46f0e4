import type { ErrorCode } from "@gryx/contracts/error-codes";

export type { ErrorCode } from "@gryx/contracts/error-codes";

/** The shape of our codes: upper-case words joined by "_" (AUTH_BAD_CREDENTIALS). */
const CODE_SHAPE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/**
 * The server's error code of an answer (REST envelope `code`, GraphQL `extensions.code`), when it has the shape of
 * ours. The type is the contract's list (@gryx/contracts/error-codes), so every code the client compares against
 * is checked at compile time; the list itself stays out of the bundle, where it would grow the home page's critical
 * path with every domain. A code the client names nowhere simply falls through to its status and message.
 */
export function asErrorCode(value: unknown): ErrorCode | undefined {
  return typeof value === "string" && CODE_SHAPE.test(value) ? (value as ErrorCode) : undefined;
}

/**
 * Whether an answer ends the session: the server's UNAUTHENTICATED, or a bare 401 with no code of ours (a proxy or
 * an older server). A 401 with another code (AUTH_BAD_CREDENTIALS on a login form) leaves the session alone.
 */
export function endsSession(status: number | undefined, code: ErrorCode | undefined): boolean {
  return code === "UNAUTHENTICATED" || (status === 401 && code === undefined);
}
