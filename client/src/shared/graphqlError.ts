import { CombinedGraphQLErrors, ServerError, ServerParseError } from "@apollo/client/errors";
import { REQUEST_ERROR_TEXTS, statusText } from "./errorTexts";
import { asErrorCode, endsSession, type ErrorCode } from "./errorCode";
import { RequestError } from "./request";

/** What a failed operation tells us: the server's code (ours only), the HTTP-like status and the message. */
export interface ErrorInfo {
  status?: number;
  code?: ErrorCode;
  message?: string;
  network: boolean;
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
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
      code: asErrorCode(code ?? body.code),
    };
  } catch {
    return {};
  }
}

export function describeError(error: unknown): ErrorInfo {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const rawStatus = first?.extensions?.status;
    const status = typeof rawStatus === "number" ? rawStatus : undefined;
    return { status, code: asErrorCode(first?.extensions?.code), message: first?.message || undefined, network: false };
  }
  if (error instanceof RequestError)
    return { status: error.status, code: error.code, message: error.message, network: false };
  if (ServerError.is(error) || ServerParseError.is(error)) {
    return { status: error.statusCode, ...fromBody(error.bodyText), network: false };
  }
  // fetch rejects with a TypeError when the server cannot be reached
  return { network: error instanceof TypeError };
}

/** The server's error code of any failed operation (GraphQL or REST), or undefined. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return describeError(error).code;
}

/** Whether the failure means the session is over (see endsSession). */
export function isUnauthenticated(error: unknown): boolean {
  const info = describeError(error);
  return endsSession(info.status, info.code);
}

/** Texts an operation shows when the server gave no message of its own: by code first, else by status. */
export interface ErrorCatalogue {
  byCode?: Partial<Record<ErrorCode, string>>;
  byStatus: Partial<Record<number, string>>;
  serverError: string;
  fallback: string;
  network: string;
}

/** The shared catalogue (section 8 "Shared request helper") for operations with none of their own. */
const DEFAULT_CATALOGUE: ErrorCatalogue = {
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
  const byCode = info.code && catalogue.byCode?.[info.code];
  if (byCode) return byCode;
  if (info.status !== undefined) {
    const byStatus = catalogue.byStatus[info.status];
    if (byStatus) return byStatus;
    if (info.status >= 500) return catalogue.serverError;
  }
  return catalogue.fallback;
}
