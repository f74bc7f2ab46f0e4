import { CombinedGraphQLErrors, ServerError, ServerParseError } from "@apollo/client/errors";
import { REQUEST_ERROR_TEXTS, statusText } from "./errorTexts";

/** What an Apollo error tells us: the HTTP-like status, the server's code and message. */
export interface ErrorInfo {
  status?: number;
  code?: string;
  message?: string;
  network: boolean;
}

const STATUS_BY_CODE: Record<string, number> = {
  BAD_REQUEST: 400,
  BAD_USER_INPUT: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  INTERNAL_SERVER_ERROR: 500,
};

interface ErrorBody {
  message?: unknown;
  errors?: { message?: unknown; extensions?: { code?: unknown; status?: unknown } }[];
}

function fromBody(bodyText: string): Pick<ErrorInfo, "code" | "message"> {
  try {
    const body = JSON.parse(bodyText) as ErrorBody;
    const first = body.errors?.[0];
    const message = first?.message ?? body.message;
    const code = first?.extensions?.code;
    return {
      message: typeof message === "string" && message ? message : undefined,
      code: typeof code === "string" ? code : undefined,
    };
  } catch {
    return {};
  }
}

export function describeError(error: unknown): ErrorInfo {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = typeof first?.extensions?.code === "string" ? first.extensions.code : undefined;
    const rawStatus = first?.extensions?.status;
    const status = typeof rawStatus === "number" ? rawStatus : code ? STATUS_BY_CODE[code] : undefined;
    return { status, code, message: first?.message || undefined, network: false };
  }
  if (ServerError.is(error) || ServerParseError.is(error)) {
    return { status: error.statusCode, ...fromBody(error.bodyText), network: false };
  }
  // fetch rejects with a TypeError when the server cannot be reached
  return { network: error instanceof TypeError };
}

export function isUnauthenticated(error: unknown): boolean {
  const info = describeError(error);
  return info.status === 401 || info.code === "UNAUTHENTICATED";
}

/** Texts an operation shows when the server gave no message of its own. */
export interface ErrorCatalogue {
  byStatus: Partial<Record<number, string>>;
  serverError: string;
  fallback: string;
  network: string;
}

/** The shared catalogue (section 8 "Shared request helper") for operations with none of their own. */
export const DEFAULT_CATALOGUE: ErrorCatalogue = {
  byStatus: { 401: statusText(401), 403: statusText(403), 404: statusText(404) },
  serverError: REQUEST_ERROR_TEXTS.serverError,
  fallback: REQUEST_ERROR_TEXTS.failed,
  network: REQUEST_ERROR_TEXTS.network,
};

/** The message to show: the server's message first, else the catalogue's text for the status. */
export function errorMessage(error: unknown, catalogue: ErrorCatalogue = DEFAULT_CATALOGUE): string {
  const info = describeError(error);
  if (info.network) return catalogue.network;
  // The server's INTERNAL text is a mask, not a message of its own: the catalogue's 5xx wording wins there.
  if (info.message && info.code !== "INTERNAL") return info.message;
  if (info.status !== undefined) {
    const byStatus = catalogue.byStatus[info.status];
    if (byStatus) return byStatus;
    if (info.status >= 500) return catalogue.serverError;
  }
  return catalogue.fallback;
}
