import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { unwrapResolverError } from "@apollo/server/errors";
import { ERROR_CODES, isDomainError, toDomainError } from "../common/errors";
import { isDatabaseUnavailable } from "../db/unavailable";
import { log } from "../common/logger";

const CLIENT_ERROR_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
  "PERSISTED_QUERY_NOT_FOUND",
  "OPERATION_RESOLUTION_FAILURE",
]);

/**
 * Every error leaves the server as {message, extensions: {code, status}}: domain errors with their own code and
 * Chinese message, malformed queries as BAD_REQUEST, everything unexpected as INTERNAL with no internals shown.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const unwrapped = unwrapResolverError(error);
  // A validation rule reports a domain failure (e.g. NUL in a literal) as a GraphQLError wrapping the DomainError.
  const original =
    unwrapped instanceof GraphQLError && isDomainError(unwrapped.originalError) ? unwrapped.originalError : unwrapped;
  if (isDomainError(original)) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: {
        code: original.code,
        status: original.status,
        ...(original.retryAfter ? { retryAfter: original.retryAfter } : {}),
      },
    };
  }
  if (isDatabaseUnavailable(original)) {
    const e = toDomainError(original);
    return {
      message: e.message,
      path: formatted.path,
      extensions: { code: e.code, status: e.status, retryAfter: e.retryAfter },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === "string" && CLIENT_ERROR_CODES.has(code)) {
    return {
      message: `${ERROR_CODES.BAD_REQUEST.message}：${formatted.message}`,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: "BAD_REQUEST", status: 400 },
    };
  }
  log.error("unexpected GraphQL error", {
    message: (original as Error)?.message,
    stack: (original as Error)?.stack,
    path: formatted.path,
  });
  return { message: ERROR_CODES.INTERNAL.message, path: formatted.path, extensions: { code: "INTERNAL", status: 500 } };
}

/**
 * A database that cannot serve while the request's context is made (its session lookup): the whole answer is
 * 503 with Retry-After and the code DATABASE_UNAVAILABLE; anything else is thrown on unchanged.
 */
export function contextFailure(e: unknown): unknown {
  if (!isDatabaseUnavailable(e)) return e;
  const d = toDomainError(e);
  return new GraphQLError(d.message, {
    originalError: d,
    extensions: { code: d.code, http: { status: d.status, headers: new Map([["retry-after", String(d.retryAfter)]]) } },
  });
}
