import { renderEmail, type TemplateVariables } from "@gryx/platform/email-render";
import type { SmtpSettingsRow, SmtpTlsMode } from "@gryx/platform/smtp";
import { one, rows, type Sql } from "./sql";
import { readSiteName } from "./settings";

/**
 * The email domain's tables: email_outbox (every message, sent by the `email.send` job), email_templates and
 * email_settings (the SMTP server, its password sealed; the send cursor that paces mailings).
 */

export type OutboxStatus = "pending" | "sent" | "logged" | "failed";

/** One row of `email_outbox`, as the sender reads it. */
export interface OutboxRow {
  id: number;
  kind: string;
  to_address: string | null;
  subject: string;
  body: string;
  html: string | null;
  status: OutboxStatus;
}

/** Mail whose body is a secret (a reset code): once delivered, the outbox keeps no copy. */
export const SECRET_MAIL_KINDS: ReadonlySet<string> = new Set(["password-reset"]);
const secret = `kind IN (${[...SECRET_MAIL_KINDS].map((k) => `'${k}'`).join(", ")})`;
const scrub = `body = CASE WHEN ${secret} THEN '[内容已清除]' ELSE body END, html = CASE WHEN ${secret} THEN NULL ELSE html END`;

export function outboxRow(db: Sql, id: number): Promise<OutboxRow | undefined> {
  return one(db, `SELECT id, kind, to_address, subject, body, html, status FROM email_outbox WHERE id = $1`, [id]);
}

/** Counts a delivery attempt. */
export async function outboxAttempt(db: Sql, id: number): Promise<void> {
  await db.query(`UPDATE email_outbox SET attempts = attempts + 1, last_attempt_at = now() WHERE id = $1`, [id]);
}

/** The message failed for good (until resent). */
export async function outboxFailed(db: Sql, id: number, error: string): Promise<void> {
  await db.query(`UPDATE email_outbox SET status = 'failed', error = $2, smtp_response = NULL WHERE id = $1`, [
    id,
    error,
  ]);
}

/** The message went to the log instead of SMTP (no server configured, or no address). A secret body is scrubbed. */
export async function outboxLogged(db: Sql, id: number): Promise<void> {
  await db.query(`UPDATE email_outbox SET status = 'logged', sent_at = now(), ${scrub} WHERE id = $1`, [id]);
}

/** The SMTP server took the message (its answer kept). A secret body is scrubbed. */
export async function outboxSent(db: Sql, id: number, response: string): Promise<void> {
  await db.query(
    `UPDATE email_outbox SET status = 'sent', sent_at = now(), error = NULL, smtp_response = $2, ${scrub} WHERE id = $1`,
    [id, response.slice(0, 1000)],
  );
}

/** The SMTP server refused or could not be reached: the answer kept; `final` fails the message. */
export async function outboxError(db: Sql, id: number, response: string, final: boolean): Promise<void> {
  await db.query(
    `UPDATE email_outbox SET error = $2, smtp_response = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END WHERE id = $1`,
    [id, response, final],
  );
}

/**
 * Writes a plain (untemplated) message to the outbox; answers its id. `templateKey` records the template it was rendered
 * from, `resentFrom` the record it re-sends (重发).
 */
export async function insertMail(
  db: Sql,
  m: {
    to: string | null;
    subject: string;
    body: string;
    kind: string;
    html?: string | null;
    userId?: number | null;
    templateKey?: string | null;
    resentFrom?: number | null;
  },
): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO email_outbox (to_address, subject, body, html, kind, user_id, template_key, resent_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [m.to, m.subject, m.body, m.html ?? null, m.kind, m.userId ?? null, m.templateKey ?? null, m.resentFrom ?? null],
  );
  return r!.id;
}

/** Writes the admin's test mail (kind "test"), sent right away: its one attempt is counted now. */
export async function insertTestMail(db: Sql, m: { to: string; subject: string; body: string }): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO email_outbox (to_address, subject, body, kind, attempts, last_attempt_at)
     VALUES ($1, $2, $3, 'test', 1, now()) RETURNING id`,
    [m.to, m.subject, m.body],
  );
  return r!.id;
}

/**
 * Renders the stored template `key` for one recipient and writes the outbox row (kind = the key), answering its id,
 * or null when the template does not exist. The caller enqueues `email.send` for it (inside its own transaction's
 * commit if it has one). `{{site_name}}` is the site's name as the admin set it (settings row "site").
 */
export async function insertTemplatedMail(
  db: Sql,
  mail: { key: string; to: string | null; vars: TemplateVariables; userId?: number | null; defaultSiteName: string },
): Promise<number | null> {
  const [t] = await rows<{ subject: string; html: string; text: string }>(
    db,
    `SELECT subject, html, text FROM email_templates WHERE key = $1`,
    [mail.key],
  );
  if (!t) return null;
  const out = renderEmail(
    { subject: t.subject, html: t.html, text: t.text },
    { site_name: await readSiteName(db, mail.defaultSiteName), ...mail.vars },
  );
  const row = await one<{ id: number }>(
    db,
    `INSERT INTO email_outbox (to_address, subject, body, html, kind, template_key, user_id) VALUES ($1, $2, $3, $4, $5, $5, $6) RETURNING id`,
    [mail.to, out.subject, out.text, out.html, mail.key, mail.userId ?? null],
  );
  return row!.id;
}

/** One outbox row as the back office reads it. */
export interface OutboxRecordRow extends OutboxRow {
  template_key: string | null;
  user_id: number | null;
  smtp_response: string | null;
  error: string | null;
  attempts: number;
  resent_from: number | null;
  created_at: Date;
  sent_at: Date | null;
  last_attempt_at: Date | null;
}

/** One message per recipient of a templated mailing, in order (one statement); answers their ids. */
export async function insertMailing(
  db: Sql,
  templateKey: string,
  mails: { to: string; subject: string; text: string; html: string; userId: number }[],
): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    `INSERT INTO email_outbox (to_address, subject, body, html, kind, template_key, user_id)
     SELECT t.to_address, t.subject, t.body, t.html, $5, $5, t.user_id
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $6::int[]) WITH ORDINALITY AS t(to_address, subject, body, html, user_id, n)
      ORDER BY t.n RETURNING id`,
    [
      mails.map((m) => m.to),
      mails.map((m) => m.subject),
      mails.map((m) => m.text),
      mails.map((m) => m.html),
      templateKey,
      mails.map((m) => m.userId),
    ],
  );
  return r.map((x) => x.id);
}

/** The outbox, newest first: `like` (an ILIKE pattern) in address, subject or template; by status; with the total. */
export async function outboxPage(
  db: Sql,
  f: { like?: string; status?: OutboxStatus },
  limit: number,
  offset: number,
): Promise<{ rows: OutboxRecordRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.like) {
    params.push(f.like);
    where.push(
      `(to_address ILIKE $${params.length} OR subject ILIKE $${params.length} OR template_key ILIKE $${params.length})`,
    );
  }
  if (f.status) {
    params.push(f.status);
    where.push(`status = $${params.length}`);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const count = await one<{ total: number }>(db, `SELECT count(*)::int AS total FROM email_outbox ${clause}`, params);
  const page = await rows<OutboxRecordRow>(
    db,
    `SELECT * FROM email_outbox ${clause} ORDER BY created_at DESC, id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    params,
  );
  return { rows: page, total: count?.total ?? 0 };
}

export function outboxRecord(db: Sql, id: number): Promise<OutboxRecordRow | undefined> {
  return one(db, `SELECT * FROM email_outbox WHERE id = $1`, [id]);
}

/** One row of `email_templates`. */
export interface EmailTemplateRow {
  id: number;
  key: string;
  name: string;
  subject: string;
  html: string;
  text: string;
  builtin: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The templates, the built-in ones first, each group in the order they were made. */
export function listEmailTemplates(db: Sql): Promise<EmailTemplateRow[]> {
  return rows<EmailTemplateRow>(db, `SELECT * FROM email_templates ORDER BY builtin DESC, id`);
}

export function emailTemplateById(db: Sql, id: number): Promise<EmailTemplateRow | undefined> {
  return one<EmailTemplateRow>(db, `SELECT * FROM email_templates WHERE id = $1`, [id]);
}

/** The parts of a template an admin writes. */
export interface EmailTemplateFields {
  name: string;
  subject: string;
  html: string;
  text: string;
}

/** Adds a template; rejects with 23505 when its key is taken. */
export async function insertEmailTemplate(db: Sql, key: string, t: EmailTemplateFields): Promise<EmailTemplateRow> {
  return (await one<EmailTemplateRow>(
    db,
    `INSERT INTO email_templates (key, name, subject, html, text) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [key, t.name, t.subject, t.html, t.text],
  ))!;
}

/** Rewrites a template's parts; undefined when it is gone. */
export function updateEmailTemplate(
  db: Sql,
  id: number,
  t: EmailTemplateFields,
): Promise<EmailTemplateRow | undefined> {
  return one<EmailTemplateRow>(
    db,
    `UPDATE email_templates SET name = $2, subject = $3, html = $4, text = $5, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, t.name, t.subject, t.html, t.text],
  );
}

export async function deleteEmailTemplate(db: Sql, id: number): Promise<void> {
  await db.query(`DELETE FROM email_templates WHERE id = $1`, [id]);
}

/** The one row of `email_settings` (the SMTP server; its password sealed), as the route and the back office read it. */
export interface EmailSettingsRow extends SmtpSettingsRow {
  secrets_key_id: string | null;
  rate_per_minute: number;
  send_cursor: Date | null;
  updated_at: Date;
}

/** The SMTP settings, or undefined before any were saved. */
export function emailSettings(db: Sql): Promise<EmailSettingsRow | undefined> {
  return one<EmailSettingsRow>(db, `SELECT * FROM email_settings WHERE id = 1`);
}

/**
 * Saves the SMTP settings. `password`: undefined keeps the stored one (and its key id); otherwise the sealed password
 * (null removes it) and the id of the key that sealed it.
 */
export async function saveEmailSettings(
  db: Sql,
  s: {
    host: string | null;
    port: number;
    tlsMode: SmtpTlsMode;
    username: string | null;
    fromAddress: string | null;
    fromName: string | null;
    ratePerMinute: number;
    allowPrivate: boolean;
    password?: { sealed: string | null; keyId: string | null };
  },
): Promise<void> {
  await db.query(
    `INSERT INTO email_settings (id, host, port, tls_mode, username, from_address, from_name, rate_per_minute,
                                 password_sealed, secrets_key_id, allow_private)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $11)
     ON CONFLICT (id) DO UPDATE SET host = $1, port = $2, tls_mode = $3, username = $4, from_address = $5,
       from_name = $6, rate_per_minute = $7, allow_private = $11, updated_at = now(),
       password_sealed = CASE WHEN $10 THEN $8 ELSE email_settings.password_sealed END,
       secrets_key_id = CASE WHEN $10 THEN $9 ELSE email_settings.secrets_key_id END`,
    [
      s.host,
      s.port,
      s.tlsMode,
      s.username,
      s.fromAddress,
      s.fromName,
      s.ratePerMinute,
      s.password?.sealed ?? null,
      s.password?.keyId ?? null,
      s.password !== undefined,
      s.allowPrivate,
    ],
  );
}

/** Messages per minute a mailing is sent at (60 before any settings were saved). */
export async function emailRatePerMinute(db: Sql): Promise<number> {
  const r = await one<{ rate_per_minute: number }>(
    db,
    `SELECT coalesce((SELECT rate_per_minute FROM email_settings WHERE id = 1), 60) AS rate_per_minute`,
  );
  return r!.rate_per_minute;
}

/**
 * Takes `durationMs` of sending slots: from the later of now and the end of the mailings before (the send cursor,
 * moved on by it). Answers in how many milliseconds from now this mailing's slots start.
 */
export async function takeEmailSendSlots(db: Sql, durationMs: number): Promise<number> {
  const r = await one<{ start_ms: number }>(
    db,
    `INSERT INTO email_settings (id, send_cursor) VALUES (1, now() + make_interval(secs => $1::float8 / 1000))
     ON CONFLICT (id) DO UPDATE SET send_cursor = greatest(coalesce(email_settings.send_cursor, now()), now())
       + make_interval(secs => $1::float8 / 1000)
     RETURNING (extract(epoch FROM send_cursor) * 1000 - $1::float8 - extract(epoch FROM now()) * 1000) AS start_ms`,
    [durationMs],
  );
  return r!.start_ms;
}
