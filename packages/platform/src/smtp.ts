import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { addressAllowed } from "./outbound";

/**
 * SMTP as the admin configures it (/admin/email-management), shared by the server (发送测试邮件) and the worker
 * (the outbox): nodemailer transport options from the saved settings, and which SMTP failures are worth retrying.
 */
export type SmtpTlsMode = "none" | "starttls" | "tls";

export const SMTP_TLS_MODES: readonly SmtpTlsMode[] = ["none", "starttls", "tls"];

export interface SmtpSettings {
  /** The name as configured (TLS checks the certificate against it). */
  host: string;
  /** The address checked by the address guard, connected to instead of resolving the name again. */
  address?: string;
  port: number;
  tlsMode: SmtpTlsMode;
  username: string | null;
  password: string | null;
}

/** nodemailer SMTP transport options (a plain object; nodemailer.createTransport takes it). */
export function smtpTransportOptions(s: SmtpSettings) {
  return {
    host: s.address ?? s.host,
    port: s.port,
    tls: { servername: isIP(s.host) ? undefined : s.host },
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

/** The admin's SMTP server resolves to an address the guard refuses (and 允许内网地址 is off, or it never opens it). */
export class SmtpAddressBlocked extends Error {
  constructor(readonly host: string) {
    super(`SMTP服务器地址 ${host} 指向内网或本机地址，已拒绝（SMTP服务器在本机或内网时，请勾选「允许内网地址」）`);
    this.name = "SmtpAddressBlocked";
  }
}

/**
 * The address guard of @gryx/platform/outbound for an SMTP server: every address the name resolves to must be
 * allowed (public unicast; with `allowPrivate` also loopback and private ranges, never link-local); the connection
 * then goes to the address checked, so no second lookup can lead elsewhere.
 */
export async function guardSmtpHost(host: string, allowPrivate: boolean): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, "");
  const addresses = isIP(bare) ? [bare] : (await lookup(host, { all: true })).map((a) => a.address);
  if (!addresses.length || addresses.some((a) => !addressAllowed(a, allowPrivate))) throw new SmtpAddressBlocked(host);
  return addresses[0];
}

/** Where mail goes: the admin's saved SMTP server, else the SMTP_URL of the environment, else nowhere (logged). */
export type SmtpRoute =
  | { source: "database"; options: ReturnType<typeof smtpTransportOptions>; from: string }
  | { source: "env"; url: string; from: string }
  | null;

/** What the route needs of the saved settings (`email_settings`, read by @gryx/store's emailSettings). */
export interface SmtpSettingsRow {
  host: string | null;
  port: number;
  tls_mode: SmtpTlsMode;
  username: string | null;
  password_sealed: string | null;
  from_address: string | null;
  from_name: string | null;
  allow_private: boolean;
}

/**
 * Decides the route from the saved settings (undefined: none saved); a sealed password no key of the ring opens
 * counts as none.
 */
export async function smtpRoute(
  row: SmtpSettingsRow | undefined,
  openSecret: ((purpose: string, sealed: string) => string | null) | undefined,
  env: { smtpUrl?: string; mailFrom: string },
): Promise<SmtpRoute> {
  if (row?.host) {
    const password = row.password_sealed && openSecret ? openSecret(SMTP_PASSWORD_PURPOSE, row.password_sealed) : null;
    const sender = row.from_address || env.mailFrom;
    const from = row.from_name ? `"${row.from_name.replace(/["\\\r\n]/g, "")}" <${sender}>` : sender;
    // Throws SmtpAddressBlocked: the operator's SMTP_URL is trusted, an admin's server goes through the guard.
    const address = await guardSmtpHost(row.host, row.allow_private);
    return {
      source: "database",
      options: smtpTransportOptions({
        host: row.host,
        address,
        port: row.port,
        tlsMode: row.tls_mode,
        username: row.username,
        password,
      }),
      from,
    };
  }
  return env.smtpUrl ? { source: "env", url: env.smtpUrl, from: env.mailFrom } : null;
}
