import { REQUEST_ERROR_TEXTS, statusText } from "./errorTexts";
import { session } from "./session";
import { asErrorCode, endsSession, type ErrorCode } from "./errorCode";

/** Request timeout of the spec: 1,800,000 ms (30 minutes, long enough for IPA uploads). */
export const REQUEST_TIMEOUT_MS = 1_800_000;

/** The REST envelope. Some settings endpoints answer code 0 instead of success true. */
export interface Envelope<T> {
  success: boolean;
  message?: string;
  data: T;
  /** 0 on those settings endpoints' success; the server's error code (see errorCode.ts) on a failure. */
  code?: number | string;
}

export class RequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The server's error code, when the answer carried one of ours. */
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/**
 * Turns a finished HTTP exchange into the envelope or a RequestError carrying the spec's text.
 * Pure: the 401 side effect (token removal) belongs to the caller.
 */
export function interpretResponse<T>(status: number, bodyText: string): Envelope<T> {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const envelope = typeof body === "object" && body !== null ? (body as Envelope<T>) : undefined;
  const code = asErrorCode(envelope?.code);
  const fixed = statusText(status);
  if (fixed) throw new RequestError(fixed, status, code);
  if (!envelope) throw new RequestError(REQUEST_ERROR_TEXTS.notJson, status);
  if (envelope.success === true || envelope.code === 0) return envelope;
  throw new RequestError(envelope.message || REQUEST_ERROR_TEXTS.failed, status, code);
}

/** The server's error code in a response body, if any. */
function bodyErrorCode(bodyText: string): ErrorCode | undefined {
  try {
    return asErrorCode((JSON.parse(bodyText) as { code?: unknown } | null)?.code);
  } catch {
    return undefined;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Query;
  /** A FormData body is sent as multipart; anything else as JSON. */
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Upload progress from 0 to 1 (multipart uploads). */
  onUploadProgress?: (fraction: number) => void;
  /** Extra request headers (e.g. the chat's X-Guest-Id). */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/**
 * The shared REST request helper: Bearer token, JSON or multipart body, the spec's timeout
 * and error texts. XMLHttpRequest rather than fetch so uploads can report progress.
 */
export function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = "GET", query, body, timeoutMs = REQUEST_TIMEOUT_MS, signal, onUploadProgress, headers } = options;
  return new Promise<Envelope<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path, query));
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader("Accept", "application/json");
    const token = session.get().token;
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);
    let payload: XMLHttpRequestBodyInit | null = null;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      xhr.setRequestHeader("Content-Type", "application/json");
      payload = JSON.stringify(body);
    }
    if (onUploadProgress) {
      xhr.upload.onprogress = (e) => e.lengthComputable && onUploadProgress(e.loaded / e.total);
    }
    xhr.ontimeout = () => reject(new RequestError(REQUEST_ERROR_TEXTS.timeout(timeoutMs)));
    xhr.onerror = () => reject(new RequestError(REQUEST_ERROR_TEXTS.network));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    xhr.onload = () => {
      if (endsSession(xhr.status, bodyErrorCode(xhr.responseText))) session.expire();
      try {
        resolve(interpretResponse<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(payload);
  });
}

export const api = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, "method" | "query">) =>
    request<T>(path, { ...options, method: "GET", query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "PUT", body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "PATCH", body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, "method">) =>
    request<T>(path, { ...options, method: "DELETE" }),
};
