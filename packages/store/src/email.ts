import { renderEmail, type TemplateVariables } from "@gryx/platform/email-render";
import { one, rows, type Sql } from "./sql";
import { readSiteName } from "./settings";

/** The email domain's tables: email_outbox (every message, sent by the `email.send` job) and email_templates. */

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

/** Writes a plain (untemplated) message to the outbox; answers its id. */
export async function insertMail(
  db: Sql,
  m: { to: string | null; subject: string; body: string; kind: string; html?: string | null; userId?: number | null },
): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO email_outbox (to_address, subject, body, html, kind, user_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [m.to, m.subject, m.body, m.html ?? null, m.kind, m.userId ?? null],
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
