/**
 * One error type for bad Apple inputs: every failure that an IPA, zip, Mach-O, plist, p12, provisioning
 * profile, CMS signature, entitlements or dylib causes (in the format readers here and in the worker's
 * signer) is an AppleError with a stable code and a Chinese message that users may see as is. Add codes
 * here; never throw bare Errors for conditions caused by the input.
 *
 * `message` is the code's message followed by a detail for logs ("IPA 中包含不安全的路径：../x"); users
 * get `userMessage` (the code's message alone). APPLE_IO_ERROR is the one code not caused by the input's
 * content (a file could not be read or written): callers treat it as a server failure.
 */
export const APPLE_ERROR_MESSAGES = {
  // zip / IPA
  APPLE_BAD_ZIP: "文件不是有效的 IPA（zip）压缩包",
  APPLE_NO_APP_BUNDLE: "IPA 中没有找到 Payload/*.app 应用包",
  APPLE_UNSAFE_PATH: "IPA 中包含不安全的路径",
  APPLE_UNSAFE_SYMLINK: "IPA 中包含指向包外的符号链接",
  APPLE_ZIP_BOMB: "IPA 解压后体积或文件数超出限制",
  APPLE_NO_INFO_PLIST: "IPA 缺少 Info.plist",
  APPLE_BAD_INFO_PLIST: "IPA 的 Info.plist 无法解析",
  APPLE_NO_BUNDLE_ID: "IPA 的 Info.plist 缺少 CFBundleIdentifier",
  // Mach-O
  APPLE_ENCRYPTED_BINARY: "应用二进制已加密（App Store 加密包），无法签名",
  APPLE_BAD_MACHO: "应用二进制文件已损坏或格式不支持",
  APPLE_NO_ROOM_FOR_SIGNATURE: "二进制头部没有空间添加签名加载命令",
  APPLE_NO_ROOM_FOR_LOAD_COMMAND: "二进制头部没有空间添加动态库加载命令",
  APPLE_BAD_DYLIB: "注入的动态库无效",
  // plist, entitlements
  APPLE_BAD_PLIST: "属性列表（plist）无效",
  APPLE_BAD_ENTITLEMENTS: "权限配置（entitlements）无效",
  // p12, provisioning profile, and whether they fit together and the app
  APPLE_BAD_PASSWORD: "证书密码错误",
  APPLE_P12_NO_PRIVATE_KEY: "p12 文件中没有私钥",
  APPLE_BAD_P12: "p12 证书文件无效",
  APPLE_P12_ITERATIONS: "p12 文件的加密迭代次数过高（超过 100000 次），请用钥匙串或 OpenSSL 的默认设置重新导出",
  APPLE_BAD_PROFILE: "描述文件无效",
  APPLE_PROFILE_SIGNATURE: "描述文件的签名无效（不是苹果签发，或内容已被修改）",
  APPLE_CERT_NOT_IN_PROFILE: "证书与描述文件不匹配",
  APPLE_CERT_EXPIRED: "证书已过期",
  APPLE_PROFILE_EXPIRED: "描述文件已过期",
  APPLE_BUNDLE_ID_NOT_ALLOWED: "Bundle ID 与描述文件的 App ID 不匹配",
  // signatures
  APPLE_BAD_CMS: "签名数据（CMS）无效",
  APPLE_VERIFY_FAILED: "签名校验失败",
  // parsing budgets (packages/apple/src/offload.ts)
  APPLE_INPUT_TOO_LARGE: "文件过大，无法解析",
  APPLE_PARSE_TIMEOUT: "文件解析超时，文件可能已损坏或过于复杂",
  // not the input's fault
  APPLE_IO_ERROR: "读写文件失败",
} as const;

export type AppleErrorCode = keyof typeof APPLE_ERROR_MESSAGES;

export class AppleError extends Error {
  readonly code: AppleErrorCode;
  /** What exactly was wrong (offsets, names, the parser's complaint), for logs. */
  readonly detail?: string;
  constructor(code: AppleErrorCode, detail?: string) {
    super(detail ? `${APPLE_ERROR_MESSAGES[code]}：${detail}` : APPLE_ERROR_MESSAGES[code]);
    this.name = "AppleError";
    this.code = code;
    this.detail = detail;
  }

  /** The message for users: the code's, without the detail. */
  get userMessage(): string {
    return APPLE_ERROR_MESSAGES[this.code];
  }
}

export function isAppleError(e: unknown): e is AppleError {
  return e instanceof AppleError;
}

/** Whether an error is an AppleError caused by the input (anything but APPLE_IO_ERROR). */
export function isBadAppleInput(e: unknown): e is AppleError {
  return e instanceof AppleError && e.code !== "APPLE_IO_ERROR";
}
