import type { ErrorTable } from "../../common/error-table";

export const CERTIFICATE_CHECKS_ERRORS = {
  CERT_CHECK_NOT_FOUND: { status: 404, message: "检测任务不存在" },
  CERT_CHECK_UPLOAD_INVALID: { status: 400, message: "请上传证书文件（.cer / .pem，或 .p12 及其密码）" },
  CERT_DETECTION_RUNNING: { status: 409, message: "已有检测批次正在进行，请等待其完成或先取消" },
  CERT_DETECTION_EMPTY: { status: 400, message: "没有符合条件的证书" },
  CERT_DETECTION_FILTER_INVALID: { status: 400, message: "筛选条件无效" },
  CERT_DETECTION_NOT_FOUND: { status: 404, message: "检测批次不存在" },
  CERT_DETECTION_NOT_RUNNING: { status: 409, message: "检测批次已结束" },
  NOTIFICATION_NOT_FOUND: { status: 404, message: "消息不存在" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    certificateChecks: keyof typeof CERTIFICATE_CHECKS_ERRORS;
  }
}
