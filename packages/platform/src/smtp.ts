/**
 * SMTP as the admin configures it (/admin/email-management), shared by the server (发送测试邮件) and the worker
 * (the outbox): nodemailer transport options from the saved settings, and which SMTP failures are worth retrying.
 */
export type SmtpTlsMode = "none" | "starttls" | "tls";

export const SMTP_TLS_MODES: readonly SmtpTlsMode[] = ["none", "starttls", "tls"];

export interface SmtpSettings {
  host: string;
  port: number;
  tlsMode: SmtpTlsMode;
  username: string | null;
  password: string | null;
}

/** nodemailer SMTP transport options (a plain object; nodemailer.createTransport takes it). */
export function smtpTransportOptions(s: SmtpSettings) {
  return {
    host: s.host,
    port: s.port,
    // "tls": TLS from the first byte (465); "starttls": plain, then STARTTLS is required; "none": never upgrade.
    secure: s.tlsMode === "tls",
    requireTLS: s.tlsMode === "starttls",
    ignoreTLS: s.tlsMode === "none",
    auth: s.username ? { user: s.username, pass: s.password ?? "" } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
}

/** What an SMTP server said about a failed delivery: its reply code and line, when it said anything. */
export function smtpAnswer(e: unknown): { code: number | null; response: string } {
  const err = e as { responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof err?.responseCode === "number" ? err.responseCode : null;
  const response = typeof err?.response === "string" && err.response ? err.response : String(err?.message ?? e);
  return { code, response: response.slice(0, 1000) };
}

/**
 * A 5xx reply is permanent (RFC 5321: do not repeat the same transaction); 4xx replies and failures without a reply
 * (connection refused, timeouts, TLS trouble) are temporary and retried with back-off.
 */
export const isPermanentSmtpFailure = (e: unknown): boolean => {
  const code = smtpAnswer(e).code;
  return code !== null && code >= 500 && code < 600;
};

/** The keyring purpose the SMTP password is sealed under. */
export const SMTP_PASSWORD_PURPOSE = "email.smtp-password";

/** Where mail goes: the admin's saved SMTP server, else the SMTP_URL of the environment, else nowhere (logged). */
export type SmtpRoute =
  | { source: "database"; options: ReturnType<typeof smtpTransportOptions>; from: string }
  | { source: "env"; url: string; from: string }
  | null;

interface SettingsRow {
  host: string | null;
  port: number;
  tls_mode: SmtpTlsMode;
  username: string | null;
  password_sealed: string | null;
  from_address: string | null;
  from_name: string | null;
}

/**
 * Reads the one email_settings row (`rows` runs a query and answers its rows: a DataSource's or a pool's) and
 * decides the route; a sealed password no key of the ring opens counts as none.
 */
export async function readSmtpRoute(
  rows: (sql: string, params?: unknown[]) => Promise<unknown[]>,
  openSecret: ((purpose: string, sealed: string) => string | null) | undefined,
  env: { smtpUrl?: string; mailFrom: string },
): Promise<SmtpRoute> {
  const [row] = (await rows(`SELECT host, port, tls_mode, username, password_sealed, from_address, from_name FROM email_settings WHERE id = 1`)) as SettingsRow[];
  if (row?.host) {
    const password = row.password_sealed && openSecret ? openSecret(SMTP_PASSWORD_PURPOSE, row.password_sealed) : null;
    const address = row.from_address || env.mailFrom;
    const from = row.from_name ? `"${row.from_name.replace(/["\\\r\n]/g, "")}" <${address}>` : address;
    return { source: "database", options: smtpTransportOptions({ host: row.host, port: row.port, tlsMode: row.tls_mode, username: row.username, password }), from };
  }
  return env.smtpUrl ? { source: "env", url: env.smtpUrl, from: env.mailFrom } : null;
}
