/**
 * Every error code the server answers with: the REST envelope's `code` and GraphQL's `extensions.code`. The client
 * reacts to these codes, never to a status or a sentence.
 *
 * Codes are grouped by the domain that owns them, and each domain declares its own group in its folder
 * (server/src/modules/<domain>/<domain>.errors.ts): the table of codes with their HTTP status and Chinese message,
 * plus an augmentation of `ErrorCodeGroups` below, so the type `ErrorCode` is the union of every domain's codes with
 * no central list to edit. The client's type-check reads the same files (client/tsconfig.json includes them), so a
 * code the client compares against is checked at compile time while the list itself stays out of its bundle.
 *
 * At run time the server registers each listed domain's group (its manifest's `errors`) in `ERROR_CODE_GROUPS`
 * when modules/index.ts builds the domain list; a code in two groups is refused there.
 */
export interface ErrorCodeGroups {
  /** Transport, parsing and access failures any endpoint can give (server/src/common/errors.ts). */
  generic:
    | "BAD_REQUEST"
    | "INVALID_CHARACTER"
    | "UNAUTHENTICATED"
    | "FORBIDDEN"
    | "NOT_FOUND"
    | "CONFLICT"
    | "PAYLOAD_TOO_LARGE"
    | "VALIDATION"
    | "RATE_LIMITED"
    | "INTERNAL"
    | "UNAVAILABLE"
    | "NOTHING_TO_UPDATE"
    | "FILE_PARSE_TIMEOUT"
    | "DATABASE_UNAVAILABLE";
  /** Hand-ordered lists (server/src/db/sort-order.ts). */
  sorting: "SORT_IDS_REQUIRED" | "SORT_TOO_MANY" | "SORT_IDS_DUPLICATE" | "SORT_ORDER_INVALID";
}

export type ErrorCodeGroup = keyof ErrorCodeGroups;
export type ErrorCodeOf<G extends ErrorCodeGroup> = ErrorCodeGroups[G];
export type ErrorCode = ErrorCodeOf<ErrorCodeGroup>;

/** Every registered group's codes, by group name (filled by `registerErrorCodes`). */
export const ERROR_CODE_GROUPS: Record<string, readonly string[]> = {};

/** Every registered code, flat. */
export const ERROR_CODES: ErrorCode[] = [];

const KNOWN = new Map<string, string>();

/**
 * Adds a group of codes. Registering the same group with the same codes again does nothing (a domain list built
 * twice); a code that another group already has, or a group registered with other codes, throws.
 */
export function registerErrorCodes(group: string, codes: readonly string[]): void {
  const had = ERROR_CODE_GROUPS[group];
  if (had) {
    if (had.length === codes.length && had.every((c, i) => c === codes[i])) return;
    throw new Error(`error code group ${group} registered twice with different codes`);
  }
  for (const code of codes) {
    const owner = KNOWN.get(code);
    if (owner !== undefined) throw new Error(`error code ${code} is in groups ${owner} and ${group}`);
  }
  for (const code of codes) KNOWN.set(code, group);
  ERROR_CODE_GROUPS[group] = [...codes];
  ERROR_CODES.push(...(codes as ErrorCode[]));
}

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && KNOWN.has(value);
