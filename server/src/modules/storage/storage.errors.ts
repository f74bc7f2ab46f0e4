import type { ErrorTable } from "../../common/error-table";

export const STORAGE_ERRORS = {
  STORAGE_FILE_NOT_FOUND: { status: 404, message: "文件不存在" },
  STORAGE_UNAVAILABLE: { status: 503, message: "文件存储暂时不可用，请稍后重试" },
  STORAGE_MIGRATE_NOT_S3: { status: 409, message: "当前存储后端不是 S3：先配置 S3 对象存储再迁移" },
  STORAGE_MIGRATION_NOT_FOUND: { status: 404, message: "迁移记录不存在" },
  STORAGE_SETTINGS_INVALID: { status: 400, message: "存储设置无效" },
  STORAGE_SETTINGS_PROBE_FAILED: { status: 400, message: "连接测试失败，设置未保存" },
} as const satisfies ErrorTable;

/** Multipart uploads (server/src/rest/upload.ts). */
export const UPLOAD_ERRORS = {
  UPLOAD_NOT_MULTIPART: { status: 400, message: "请使用 multipart/form-data 上传文件" },
  UPLOAD_FILE_MISSING: { status: 400, message: "缺少上传文件" },
  UPLOAD_FILE_EMPTY: { status: 400, message: "上传的文件是空的" },
  UPLOAD_IMAGE_TYPE: { status: 400, message: "仅支持 PNG、JPG、GIF、WEBP 格式的图片" },
  UPLOAD_TOO_LARGE: { status: 413, message: "文件过大" },
  UPLOAD_MALFORMED: { status: 400, message: "上传请求格式错误" },
  UPLOAD_ABORTED: { status: 400, message: "上传被中断" },
  UPLOAD_FAILED: { status: 400, message: "上传失败" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    storage: keyof typeof STORAGE_ERRORS;
    upload: keyof typeof UPLOAD_ERRORS;
  }
}
