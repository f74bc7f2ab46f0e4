import type { ErrorCode } from "@gryx/contracts/error-codes";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/unavailable";
import type { ErrorSpec, ErrorTable } from "./error-table";
import { ANNOUNCEMENTS_ERRORS } from "../modules/announcements/announcements.errors";
import { APPS_ERRORS } from "../modules/apps/apps.errors";
import { AUTH_ERRORS } from "../modules/auth/auth.errors";
import { BANNERS_ERRORS } from "../modules/banners/banners.errors";
import { CARD_KEYS_ERRORS } from "../modules/card-keys/card-keys.errors";
import { CATALOG_ERRORS } from "../modules/catalog/catalog.errors";
import { CATEGORIES_ERRORS } from "../modules/categories/categories.errors";
import { HEALTH_ERRORS } from "../modules/health/health.errors";
import { PAYMENTS_ERRORS } from "../modules/payments/payments.errors";
import { PURCHASES_ERRORS } from "../modules/purchases/purchases.errors";
import { QQ_GROUPS_ERRORS } from "../modules/qq-groups/qq-groups.errors";
import { SETTINGS_ERRORS } from "../modules/settings/settings.errors";
import { STATS_ERRORS } from "../modules/admin-stats/admin-stats.errors";
import { STORAGE_ERRORS, UPLOAD_ERRORS } from "../modules/storage/storage.errors";
import { USERS_ERRORS } from "../modules/users/users.errors";
import { WALLET_ERRORS } from "../modules/wallet/wallet.errors";
import { TRAFFIC_ERRORS } from "../modules/traffic/traffic.errors";
import { DEVICES_ERRORS } from "../modules/devices/devices.errors";
import { CERTIFICATES_ERRORS } from "../modules/certificates/certificates.errors";
import { CERTIFICATE_CHECKS_ERRORS } from "../modules/certificate-checks/certificate-checks.errors";
import { CUSTOMER_SERVICE_ERRORS } from "../modules/customer-service/customer-service.errors";
import { SOFTWARE_SOURCES_ERRORS } from "../modules/software-sources/software-sources.errors";
import { MALL_ERRORS } from "../modules/mall/mall.errors";
import { SIGNING_ERRORS } from "../modules/signing/signing.errors";
import { OAUTH_ERRORS } from "../modules/oauth/oauth.errors";
import { EMAIL_ERRORS } from "../modules/email/email.errors";
import { DEBUG_AUTH_ERRORS } from "../modules/debug-auth/debug-auth.errors";

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
} as const satisfies ErrorTable<"generic">;

/** Hand-ordered lists (db/sort-order.ts). */
const SORTING_ERRORS = {
  SORT_IDS_REQUIRED: { status: 400, message: "请提供要排序的ID列表" },
  SORT_TOO_MANY: { status: 400, message: "一次最多排序1000项" },
  SORT_IDS_DUPLICATE: { status: 400, message: "ID列表有重复" },
  SORT_ORDER_INVALID: { status: 400, message: "排序值必须是0到1000000之间的整数" },
} as const satisfies ErrorTable<"sorting">;

/**
 * The registry: every code of @gryx/contracts/error-codes with its HTTP status and Chinese message, collected from
 * the domains' tables. The code is the GraphQL `extensions.code` and the REST envelope's `code`; the status is the
 * REST HTTP status (and `extensions.status`).
 */
export const ERROR_CODES: { readonly [C in ErrorCode]: ErrorSpec } = {
  ...GENERIC_ERRORS,
  ...SORTING_ERRORS,
  ...UPLOAD_ERRORS,
  ...STORAGE_ERRORS,
  ...AUTH_ERRORS,
  ...USERS_ERRORS,
  ...CATEGORIES_ERRORS,
  ...CATALOG_ERRORS,
  ...APPS_ERRORS,
  ...PURCHASES_ERRORS,
  ...ANNOUNCEMENTS_ERRORS,
  ...BANNERS_ERRORS,
  ...QQ_GROUPS_ERRORS,
  ...SETTINGS_ERRORS,
  ...STATS_ERRORS,
  ...HEALTH_ERRORS,
  ...WALLET_ERRORS,
  ...TRAFFIC_ERRORS,
  ...PAYMENTS_ERRORS,
  ...CARD_KEYS_ERRORS,
  ...DEVICES_ERRORS,
  ...CERTIFICATES_ERRORS,
  ...CERTIFICATE_CHECKS_ERRORS,
  ...CUSTOMER_SERVICE_ERRORS,
  ...SOFTWARE_SOURCES_ERRORS,
  ...MALL_ERRORS,
  ...SIGNING_ERRORS,
  ...OAUTH_ERRORS,
  ...EMAIL_ERRORS,
  ...DEBUG_AUTH_ERRORS,
};

/** The one error of the server's domains: `new DomainError("AUTH_BAD_CREDENTIALS")`, the code type-checked. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Seconds the client should wait before retrying (429, 503). */
  readonly retryAfter?: number;

  /** `message` replaces the code's own text where the throw knows more (which field, which limit). */
  constructor(code: ErrorCode, message?: string, opts: { retryAfter?: number } = {}) {
    super(message ?? ERROR_CODES[code].message);
    this.name = "DomainError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
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
