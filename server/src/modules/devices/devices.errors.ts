import type { ErrorTable } from "../../common/error-table";

export const DEVICES_ERRORS = {
  UDID_SESSION_NOT_FOUND: { status: 404, message: "设备信息获取会话不存在" },
  UDID_SESSION_EXPIRED: { status: 410, message: "设备信息获取会话已过期，请重新获取" },
  UDID_SESSION_USED: { status: 409, message: "该会话已使用，请重新获取设备信息" },
  UDID_SIGNATURE_INVALID: { status: 400, message: "设备返回的数据签名无效" },
  UDID_DEVICE_UNTRUSTED: {
    status: 400,
    message: "设备签名不是苹果设备证书签发的，请在 iPhone 或 iPad 上安装描述文件获取",
  },
  UDID_RESPONSE_INVALID: { status: 400, message: "设备返回的数据无法解析" },
  UDID_INVALID: { status: 400, message: "UDID 格式无效" },
  UDID_DEVICE_NOT_FOUND: { status: 404, message: "设备不存在" },
  UDID_DEVICE_TAKEN: { status: 409, message: "该设备已绑定到其他账号" },
  UDID_TOKEN_INVALID: { status: 401, message: "登录已失效，请重新登录后获取设备信息" },
  UDID_BACK_INVALID: { status: 400, message: "返回地址无效" },
  UDID_SIGNING_P12_INVALID: { status: 400, message: "描述文件签名证书无效（需要包含私钥的 p12 及正确密码）" },
  DEVICE_MODEL_NOT_FOUND: { status: 404, message: "设备型号不存在" },
  DEVICE_MODEL_INVALID: { status: 400, message: "设备型号标识或名称无效" },
  DEVICE_MODEL_EXISTS: { status: 409, message: "该设备型号标识已存在" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    devices: keyof typeof DEVICES_ERRORS;
  }
}
