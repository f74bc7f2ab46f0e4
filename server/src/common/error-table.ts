import type { ErrorCodeGroup, ErrorCodeOf } from "@gryx/contracts/error-codes";

/** What a code means on the wire: its HTTP status and the Chinese message shown unless a throw gives a more specific one. */
export interface ErrorSpec {
  status: number;
  message: string;
}

/**
 * A domain's error table: exactly the codes of its group in @gryx/contracts/error-codes (use with `satisfies`, so a
 * missing or extra code fails to compile).
 */
export type ErrorTable<G extends ErrorCodeGroup> = { readonly [C in ErrorCodeOf<G>]: ErrorSpec };
