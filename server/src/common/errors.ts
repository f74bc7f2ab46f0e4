/**
 * The one domain error of the server. Its code decides the GraphQL `extensions.code`, the REST HTTP status
 * and, unless a more specific message is given, the Chinese text the user sees.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: "请求参数有误" },
  UNAUTHENTICATED: { status: 401, message: "请先登录" },
  FORBIDDEN: { status: 403, message: "权限不足，无法执行此操作" },
  NOT_FOUND: { status: 404, message: "请求的资源不存在" },
  CONFLICT: { status: 409, message: "资源已存在" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "上传内容过大" },
  VALIDATION: { status: 422, message: "表单校验失败，请检查输入" },
  RATE_LIMITED: { status: 429, message: "请求过于频繁，请稍后再试" },
  INTERNAL: { status: 500, message: "服务器内部错误，请稍后重试" },
  UNAVAILABLE: { status: 503, message: "服务暂不可用，请稍后重试" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Seconds the client should wait before retrying (429 only). */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message?: string, opts: { retryAfter?: number } = {}) {
    super(message ?? ERROR_CODES[code].message);
    this.name = "DomainError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.retryAfter = opts.retryAfter;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/** Maps anything thrown to a DomainError, hiding internals of unexpected failures. */
export function toDomainError(e: unknown): DomainError {
  if (isDomainError(e)) return e;
  return new DomainError("INTERNAL");
}
