/** What a code means on the wire: its HTTP status and the Chinese message shown unless a throw gives a more specific one. */
export interface ErrorSpec {
  status: number;
  message: string;
}

/**
 * A group's error table: code → status and message. A domain declares its table in its folder with `satisfies
 * ErrorTable`, names it in its manifest (`errors: { <group>: TABLE }`) and adds the group to `ErrorCodeGroups` of
 * @gryx/contracts/error-codes (a `declare module` block next to the table), which makes its codes part of `ErrorCode`.
 */
export type ErrorTable = { readonly [code: string]: ErrorSpec };
