/** The /api/admin/email/* shapes (server/src/modules/email); records come typed from GraphQL (operations.ts). */
export interface EmailConfig {
  host: string;
  port: number;
  tls_mode: "none" | "starttls" | "tls";
  username: string;
  password_set: boolean;
  from_address: string;
  from_name: string;
  allow_private: boolean;
  rate_per_minute: number;
  source: "database" | "env" | "none";
}

export interface EmailTemplate {
  id: number;
  key: string;
  name: string;
  subject: string;
  html: string;
  text: string;
  builtin: boolean;
  updated_at: string;
}

export interface Preview {
  subject: string;
  html: string;
  text: string;
  variables: string[];
}

/** Filled for every recipient by the server: never asked for in the send form. */
export const AUTO_VARIABLES = ["site_name", "username", "email"];

export const TLS_OPTIONS: { value: EmailConfig["tls_mode"]; label: string }[] = [
  { value: "starttls", label: "STARTTLS（587）" },
  { value: "tls", label: "SSL/TLS（465）" },
  { value: "none", label: "不加密（25）" },
];

/** 发送记录's statuses (EmailRecord.status of the generated GraphQL types). */
export const STATUS_TAGS: Record<"queued" | "sent" | "logged" | "failed", { color: string; label: string }> = {
  queued: { color: "processing", label: "排队中" },
  sent: { color: "success", label: "已发送" },
  logged: { color: "default", label: "已记录（未配置SMTP）" },
  failed: { color: "error", label: "发送失败" },
};
