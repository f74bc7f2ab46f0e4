/**
 * Every error code the server answers with: the REST envelope's `code` and GraphQL's `extensions.code`. The client
 * reacts to these codes, never to a status or a sentence. Grouped by the domain that owns them; each domain's
 * table on the server (server/src/modules/<domain>/<domain>.errors.ts) gives every code of its group an HTTP
 * status and the Chinese message, and fails to compile unless it covers exactly its group here.
 */
export const ERROR_CODE_GROUPS = {
  /** Transport, parsing and access failures any endpoint can give. */
  generic: [
    "BAD_REQUEST",
    "INVALID_CHARACTER",
    "UNAUTHENTICATED",
    "FORBIDDEN",
    "NOT_FOUND",
    "CONFLICT",
    "PAYLOAD_TOO_LARGE",
    "VALIDATION",
    "RATE_LIMITED",
    "INTERNAL",
    "UNAVAILABLE",
    "NOTHING_TO_UPDATE",
  ],
  sorting: ["SORT_IDS_REQUIRED", "SORT_TOO_MANY", "SORT_IDS_DUPLICATE", "SORT_ORDER_INVALID"],
  upload: [
    "UPLOAD_NOT_MULTIPART",
    "UPLOAD_FILE_MISSING",
    "UPLOAD_FILE_EMPTY",
    "UPLOAD_IMAGE_TYPE",
    "UPLOAD_TOO_LARGE",
    "UPLOAD_MALFORMED",
    "UPLOAD_ABORTED",
    "UPLOAD_FAILED",
  ],
  storage: ["STORAGE_FILE_NOT_FOUND"],
  auth: [
    "AUTH_CREDENTIALS_REQUIRED",
    "AUTH_CREDENTIALS_TOO_LONG",
    "AUTH_ACCOUNT_NOT_FOUND",
    "AUTH_ACCOUNT_DISABLED",
    "AUTH_BAD_CREDENTIALS",
    "AUTH_PASSWORDS_REQUIRED",
    "AUTH_WRONG_OLD_PASSWORD",
    "AUTH_USERNAME_REQUIRED",
    "AUTH_NO_EMAIL_FOR_RESET",
    "AUTH_RESET_CODE_MALFORMED",
    "AUTH_RESET_CODE_EXPIRED",
    "AUTH_RESET_CODE_WRONG",
    "AUTH_NEW_PASSWORD_REQUIRED",
  ],
  users: [
    "USER_CREDENTIALS_REQUIRED",
    "USER_USERNAME_INVALID",
    "USER_PASSWORD_TOO_SHORT",
    "USER_PASSWORD_TOO_LONG",
    "USER_EMAIL_INVALID",
    "USER_ROLE_INVALID",
    "USER_ROLE_FILTER_INVALID",
    "USER_PERMISSIONS_INVALID",
    "USER_PERMISSIONS_TOO_MANY",
    "USER_PERMISSION_NAME_INVALID",
    "USER_USERNAME_TAKEN",
    "USER_NOT_FOUND",
    "USER_CANNOT_DISABLE_SELF",
    "USER_CANNOT_DEMOTE_SELF",
  ],
  categories: [
    "CATEGORY_NOT_FOUND",
    "CATEGORY_HAS_APPS",
    "CATEGORY_NAME_TAKEN",
    "CATEGORY_NAME_RESERVED",
    "CATEGORY_WEIGHT_INVALID",
  ],
  catalog: [
    "CATALOG_ITEM_NOT_FOUND",
    "CATALOG_PRICE_FILTER_INVALID",
    "CATALOG_SEARCH_EMPTY",
    "CATALOG_IPA_INVALID",
    "CATALOG_SELECTION_EMPTY",
    "CATALOG_SELECTION_TOO_MANY",
    "CATALOG_UPLOAD_INVALID",
    "CATALOG_UPLOAD_EXPIRED",
    "CATALOG_FILE_TYPE_INVALID",
    "CATALOG_NO_DOWNLOADABLE_FILE",
    "CATALOG_NOT_PURCHASED",
    "CATALOG_TAGS_INVALID",
  ],
  apps: ["APP_NAME_REQUIRED", "APP_BUNDLE_ID_INVALID", "APP_SIZE_INVALID", "APP_MIN_OS_INVALID"],
  purchases: ["PURCHASE_KIND_INVALID"],
  announcements: [
    "ANNOUNCEMENT_NOT_FOUND",
    "ANNOUNCEMENT_STATUS_INVALID",
    "ANNOUNCEMENT_BULK_ACTION_INVALID",
    "ANNOUNCEMENT_BULK_EMPTY",
    "ANNOUNCEMENT_BULK_TOO_MANY",
    "CATEGORY_ANNOUNCEMENT_NOT_FOUND",
  ],
  banners: ["BANNER_NOT_FOUND", "BANNER_IMAGE_REQUIRED", "BANNER_IMAGE_URL_INVALID", "BANNER_LINK_INVALID"],
  qqGroups: ["QQ_GROUP_NOT_FOUND", "QQ_GROUP_NUMBER_INVALID"],
  settings: [
    "SETTINGS_AMOUNT_INVALID",
    "SETTINGS_ROUNDING_INVALID",
    "SETTINGS_QQ_INVALID",
    "SETTINGS_EMAIL_INVALID",
    "SETTINGS_LOGO_URL_INVALID",
  ],
  stats: ["STATS_DAYS_INVALID"],
  payments: [
    "PAYMENT_METHOD_NOT_FOUND",
    "PAYMENT_METHOD_DISABLED",
    "PAYMENT_METHOD_INVALID",
    "PAYMENT_AMOUNT_INVALID",
    "PAYMENT_AMOUNT_TOO_SMALL",
    "PAYMENT_AMOUNT_TOO_LARGE",
  ],
  health: ["HEALTH_DATABASE_UNAVAILABLE", "HEALTH_WORKER_UNAVAILABLE", "HEALTH_WORKER_WRONG_RESULT"],
  wallet: [
    "WALLET_INSUFFICIENT_BALANCE",
    "WALLET_AMOUNT_INVALID",
    "WALLET_LEDGER_TYPE_INVALID",
    "WALLET_REASON_REQUIRED",
    "ORDER_NOT_FOUND",
    "ORDER_KIND_INVALID",
    "ORDER_STATUS_INVALID",
    "ORDER_TRANSITION_INVALID",
    "ORDER_ALREADY_PURCHASED",
    "ORDER_ITEM_FREE",
  ],
  traffic: [
    "TRAFFIC_KIND_INVALID",
    "TRAFFIC_QUOTE_INVALID",
    "TRAFFIC_QUOTE_EXPIRED",
    "TRAFFIC_FEE_FREE",
    "TRAFFIC_GRANT_REQUIRED",
    "TRAFFIC_SIZE_INVALID",
  ],
} as const;

export type ErrorCodeGroup = keyof typeof ERROR_CODE_GROUPS;
export type ErrorCodeOf<G extends ErrorCodeGroup> = (typeof ERROR_CODE_GROUPS)[G][number];
export type ErrorCode = ErrorCodeOf<ErrorCodeGroup>;

/** Every code, flat. */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ERROR_CODE_GROUPS).flat();

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && KNOWN.has(value);
