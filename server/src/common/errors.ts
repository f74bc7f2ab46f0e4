import { registerErrorCodes, type ErrorCode } from "@gryx/contracts/error-codes";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/unavailable";
import type { ErrorSpec, ErrorTable } from "./error-table";

export type { ErrorCode } from "@gryx/contracts/error-codes";

/** Failures any endpoint can give: transport, parsing, access, limits. */
const GENERIC_ERRORS = {
  BAD_REQUEST: { status: 400, message: "请求参数有误" },
  INVALID_CHARACTER: { status: 400, message: "输入内容包含非法字符" },
  UNAUTHENTICATED: { status: 401, message: "请先登录" },
  FORBIDDEN: { status: 403, message: "权限不足，无法执行此操作" },
  NOT_FOUND: { status: 404, message: "请求的资源不存在" },
  CONFLICT: { status: 409, message: "资源已存在" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "上传内容过大" },
  VALIDATION: { status: 422, message: "表单校验失败，请检查输入" },
  RATE_LIMITED: { status: 429, message: "请求过于频繁，请稍后再试" },
  INTERNAL: { status: 500, message: "服务器内部错误，请稍后重试" },
  UNAVAILABLE: { status: 503, message: "服务暂不可用，请稍后重试" },
  NOTHING_TO_UPDATE: { status: 400, message: "没有要更新的字段" },
  FILE_PARSE_TIMEOUT: { status: 400, message: "文件解析超时，请检查文件是否正确后重试" },
  DATABASE_UNAVAILABLE: { status: 503, message: "数据库暂时无法连接，请稍后重试" },
} as const satisfies ErrorTable;

/** Hand-ordered lists (db/sort-order.ts). */
const SORTING_ERRORS = {
  SORT_IDS_REQUIRED: { status: 400, message: "请提供要排序的ID列表" },
  SORT_TOO_MANY: { status: 400, message: "一次最多排序1000项" },
  SORT_IDS_DUPLICATE: { status: 400, message: "ID列表有重复" },
  SORT_ORDER_INVALID: { status: 400, message: "排序值必须是0到1000000之间的整数" },
} as const satisfies ErrorTable;

/**
 * The registry: every registered code with its HTTP status and Chinese message. The generic and sorting groups are
 * registered here; every domain's group comes from its manifest (`errors`), registered when modules/index.ts lists the
 * domain (DomainList.add). The code is the GraphQL `extensions.code` and the REST envelope's `code`; the status is the
 * REST HTTP status (and `extensions.status`).
 */
export const ERROR_CODES = {} as { readonly [C in ErrorCode]: ErrorSpec };

/** Adds a group's table to the registry and its codes to @gryx/contracts/error-codes (a code in two groups throws). */
export function registerErrors(group: string, table: ErrorTable): void {
  registerErrorCodes(group, Object.keys(table));
  Object.assign(ERROR_CODES, table);
}

registerErrors("generic", GENERIC_ERRORS);
registerErrors("sorting", SORTING_ERRORS);

function specOf(code: ErrorCode): ErrorSpec {
  const spec = ERROR_CODES[code] as ErrorSpec | undefined;
  if (!spec) throw new Error(`error code ${code} is not registered: is its domain listed in modules/index.ts?`);
  return spec;
}

/** The one error of the server's domains: `new DomainError("AUTH_BAD_CREDENTIALS")`, the code type-checked. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Seconds the client should wait before retrying (429, 503). */
  readonly retryAfter?: number;

  /** `message` replaces the code's own text where the throw knows more (which field, which limit). */
  constructor(code: ErrorCode, message?: string, opts: { retryAfter?: number } = {}) {
    const spec = specOf(code);
    super(message ?? spec.message);
    this.name = "DomainError";
    this.code = code;
    this.status = spec.status;
    this.retryAfter = opts.retryAfter;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/**
 * Maps anything thrown to a DomainError, hiding internals of unexpected failures. A database that cannot serve now
 * (unreachable, restarting, a pool or statement timeout) is DATABASE_UNAVAILABLE: 503 with Retry-After.
 */
export function toDomainError(e: unknown): DomainError {
  if (isDomainError(e)) return e;
  if (isDatabaseUnavailable(e))
    return new DomainError("DATABASE_UNAVAILABLE", undefined, { retryAfter: DATABASE_RETRY_AFTER_SECONDS });
  return new DomainError("INTERNAL");
}
