import type { ErrorTable } from "../../common/error-table";

/** Email management (/admin/email-management): SMTP settings, templates, sends and records. */
export const EMAIL_ERRORS = {
  EMAIL_CONFIG_INVALID: { status: 400, message: "邮件设置无效" },
  EMAIL_NOT_CONFIGURED: { status: 400, message: "尚未配置SMTP服务器" },
  EMAIL_TEST_FAILED: { status: 502, message: "测试邮件发送失败" },
  EMAIL_TEMPLATE_NOT_FOUND: { status: 404, message: "邮件模板不存在" },
  EMAIL_TEMPLATE_KEY_TAKEN: { status: 409, message: "模板标识已存在" },
  EMAIL_TEMPLATE_INVALID: { status: 400, message: "邮件模板无效" },
  EMAIL_TEMPLATE_BUILTIN: { status: 400, message: "内置模板不能删除" },
  EMAIL_RECIPIENTS_INVALID: { status: 400, message: "收件人设置无效" },
  EMAIL_NO_RECIPIENTS: { status: 400, message: "没有符合条件且填写了邮箱的用户" },
  EMAIL_TOO_MANY_RECIPIENTS: { status: 400, message: "收件人过多" },
  EMAIL_RECORD_NOT_FOUND: { status: 404, message: "邮件记录不存在" },
  EMAIL_RESEND_SECRET: { status: 400, message: "验证码邮件不能重发，请让用户重新获取验证码" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    email: keyof typeof EMAIL_ERRORS;
  }
}
