/** The /api/admin/email/* shapes (server/src/modules/email). */
export interface EmailConfig {
  host: string;
  port: number;
  tls_mode: "none" | "starttls" | "tls";
  username: string;
  password_set: boolean;
  from_address: string;
  from_name: string;
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

export interface EmailRecord {
  id: number;
  to: string | null;
  subject: string;
  template: string | null;
  kind: string;
  status: "queued" | "sent" | "logged" | "failed";
  smtp_response: string | null;
  error: string | null;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  resent_from: number | null;
}

export interface Preview {
  subject: string;
  html: string;
  text: string;
  variables: string[];
}

/** Filled for every recipient by the server: never asked for in the send form. */
export const AUTO_VARIABLES = ["site_name", "username", "email"];

export const TLS_OPTIONS = [
  { value: "starttls", label: "STARTTLS（587）" },
  { value: "tls", label: "SSL/TLS（465）" },
  { value: "none", label: "不加密（25）" },
];

export const STATUS_TAGS: Record<EmailRecord["status"], { color: string; label: string }> = {
  queued: { color: "processing", label: "排队中" },
  sent: { color: "success", label: "已发送" },
  logged: { color: "default", label: "已记录（未配置SMTP）" },
  failed: { color: "error", label: "发送失败" },
};
