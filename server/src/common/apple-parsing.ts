import { isAppleError } from "@gryx/apple/errors";
import { DomainError } from "./errors";

/**
 * The parsing budgets' refusals (packages/apple/src/offload.ts) as the server's codes, the same for every upload that
 * carries a p12, a profile, a plist or an IPA: too many PBKDF iterations, over the time budget, over the size budget.
 * Null for anything else (each caller maps the format's own errors).
 */
export function parsingRefusal(e: unknown): DomainError | null {
  if (!isAppleError(e)) return null;
  if (e.code === "APPLE_P12_ITERATIONS") return new DomainError("CERT_P12_ITERATIONS");
  if (e.code === "APPLE_PARSE_TIMEOUT") return new DomainError("FILE_PARSE_TIMEOUT");
  if (e.code === "APPLE_INPUT_TOO_LARGE") return new DomainError("PAYLOAD_TOO_LARGE");
  return null;
}
