/**
 * Every failure of the IPA signer is a SignError with a stable code and a Chinese message
 * that the server can show to users as is. Add codes here; never throw bare Errors for
 * conditions caused by the input.
 */
export const SIGN_ERROR_MESSAGES = {
  NOT_ZIP: "文件不是有效的 IPA（zip）压缩包",
  NO_APP_BUNDLE: "IPA 中没有找到 Payload/*.app 应用包",
  UNSAFE_PATH: "IPA 中包含不安全的路径",
  UNSAFE_SYMLINK: "IPA 中包含指向包外的符号链接",
  ZIP_BOMB: "IPA 解压后体积或文件数超出限制",
  ENCRYPTED_BINARY: "应用二进制已加密（App Store 加密包），无法签名",
  CORRUPT_MACHO: "应用二进制文件已损坏或格式不支持",
  NO_ROOM_FOR_SIGNATURE: "二进制头部没有空间添加签名加载命令",
  NO_ROOM_FOR_LOAD_COMMAND: "二进制头部没有空间添加动态库加载命令",
  ENTITLEMENTS_INVALID: "权限配置（entitlements）无效",
  WRONG_P12_PASSWORD: "证书密码错误",
  P12_NO_PRIVATE_KEY: "p12 文件中没有私钥",
  P12_INVALID: "p12 证书文件无效",
  PROFILE_INVALID: "描述文件无效",
  CERT_NOT_IN_PROFILE: "证书与描述文件不匹配",
  CERT_EXPIRED: "证书已过期",
  PROFILE_EXPIRED: "描述文件已过期",
  BUNDLE_ID_NOT_ALLOWED: "Bundle ID 与描述文件的 App ID 不匹配",
  DYLIB_INVALID: "注入的动态库无效",
  VERIFY_FAILED: "签名校验失败",
  IO_ERROR: "读写文件失败",
} as const;

export type SignErrorCode = keyof typeof SIGN_ERROR_MESSAGES;

export class SignError extends Error {
  readonly code: SignErrorCode;
  constructor(code: SignErrorCode, detail?: string) {
    super(detail ? `${SIGN_ERROR_MESSAGES[code]}：${detail}` : SIGN_ERROR_MESSAGES[code]);
    this.name = "SignError";
    this.code = code;
  }
}

export function isSignError(e: unknown): e is SignError {
  return e instanceof SignError;
}
