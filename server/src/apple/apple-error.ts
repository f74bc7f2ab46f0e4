/**
 * Errors for unusable Apple input files (p12, provisioning profile). The codes are the same
 * strings as the signer's SignError codes (server/src/apple/sign-error.ts), so the worker can
 * rethrow them as `new SignError(e.code, e.message)` and the server can show its own message.
 */
export type AppleInputErrorCode = "WRONG_P12_PASSWORD" | "P12_NO_PRIVATE_KEY" | "P12_INVALID" | "PROFILE_INVALID";

export class AppleInputError extends Error {
  readonly code: AppleInputErrorCode;
  constructor(code: AppleInputErrorCode, detail: string) {
    super(detail);
    this.name = "AppleInputError";
    this.code = code;
  }
}

export function isAppleInputError(e: unknown): e is AppleInputError {
  return e instanceof AppleInputError;
}
