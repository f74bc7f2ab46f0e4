import type { ErrorTable } from "../../common/error-table";

export const CERTIFICATES_ERRORS = {
  CERT_NOT_FOUND: { status: 404, message: "证书不存在" },
  CERT_AUTO_RESIGN_REVOKED: { status: 400, message: "该证书已被吊销，不能用于掉签后自动重签" },
  CERT_PASSWORD_WRONG: { status: 400, message: "证书密码错误" },
  CERT_PASSWORD_TOO_LONG: { status: 400, message: "证书密码最多128个字符" },
  CERT_P12_INVALID: { status: 400, message: "p12 文件无效，请上传从钥匙串导出的 .p12 证书文件" },
  CERT_P12_ITERATIONS: {
    status: 400,
    message: "p12 文件的加密迭代次数过高（超过 100000 次），请用钥匙串或 OpenSSL 的默认设置重新导出",
  },
  CERT_P12_NO_PRIVATE_KEY: { status: 400, message: "p12 文件中没有私钥，请导出证书时同时选中私钥" },
  CERT_PROFILE_INVALID: { status: 400, message: "描述文件无效，请上传 .mobileprovision 文件" },
  CERT_PROFILE_SIGNATURE_INVALID: { status: 400, message: "描述文件签名无效：不是苹果签发的，或内容已被修改" },
  CERT_NOT_IN_PROFILE: { status: 400, message: "描述文件不包含该证书，请上传与证书配套的描述文件" },
  CERT_EXPIRED: { status: 400, message: "证书已过期" },
  CERT_NOT_YET_VALID: { status: 400, message: "证书尚未生效" },
  CERT_PROFILE_EXPIRED: { status: 400, message: "描述文件已过期" },
  CERT_UNTRUSTED: { status: 400, message: "证书不是由苹果签发的（无法验证证书链）" },
  CERT_TYPE_UNSUPPORTED: { status: 400, message: "不是苹果的开发或发布证书" },
  CERT_NAME_INVALID: { status: 400, message: "证书名称最多50个字符" },
  CERT_DUPLICATE: { status: 409, message: "该证书和描述文件已上传过" },
  CERT_TOO_MANY: { status: 409, message: "证书数量已达上限（100个），请先删除不用的证书" },
  CERT_SEALED_UNREADABLE: { status: 500, message: "证书数据无法解密，请联系管理员" },
  TEMP_CERT_NOT_FOUND: { status: 404, message: "临时证书不存在或已过期" },
  TEMP_CERT_DAYS_INVALID: { status: 400, message: "有效天数须为1到30之间的整数" },
  TEMP_CERT_ORDER_NOT_FOUND: { status: 404, message: "订单不存在或不可导入" },
  P8_KEY_NOT_FOUND: { status: 404, message: "API 密钥不存在" },
  P8_KEY_INVALID: { status: 400, message: ".p8 私钥无效（须为 App Store Connect 下载的 EC P-256 私钥）" },
  P8_KEY_ID_INVALID: { status: 400, message: "Key ID 须为10位大写字母或数字" },
  P8_ISSUER_ID_INVALID: { status: 400, message: "Issuer ID 格式无效（应为 UUID）" },
  P8_NAME_INVALID: { status: 400, message: "名称须为1到50个字符" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    certificates: keyof typeof CERTIFICATES_ERRORS;
  }
}
