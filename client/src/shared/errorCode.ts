import { isErrorCode, type ErrorCode } from "@gryx/contracts/error-codes";

export type { ErrorCode } from "@gryx/contracts/error-codes";

/**
 * The server's error code of an answer (REST envelope `code`, GraphQL `extensions.code`), when it is one of ours.
 * Codes come from @gryx/contracts/error-codes, the list the server's registry is checked against.
 */
export function asErrorCode(value: unknown): ErrorCode | undefined {
  return isErrorCode(value) ? value : undefined;
}

/**
 * Whether an answer ends the session: the server's UNAUTHENTICATED, or a bare 401 with no code of ours (a proxy or
 * an older server). A 401 with another code (AUTH_BAD_CREDENTIALS on a login form) leaves the session alone.
 */
export function endsSession(status: number | undefined, code: ErrorCode | undefined): boolean {
  return code === "UNAUTHENTICATED" || (status === 401 && code === undefined);
}
