import nodemailer from "nodemailer";
import { UnrecoverableError, type Job } from "bullmq";
import type { JobPayloads } from "@gryx/contracts";
import {
  isPermanentSmtpFailure,
  readSmtpRoute,
  SmtpAddressBlocked,
  smtpAnswer,
  type SmtpRoute,
} from "@gryx/platform/smtp";
import type { ProcessorContext } from "../context";

interface OutboxRow {
  id: number;
  kind: string;
  to_address: string | null;
  subject: string;
  body: string;
  html: string | null;
  status: string;
}

/** Mail whose body is a secret (a reset code): once delivered, the outbox keeps no copy. */
const SECRET_KINDS = new Set(["password-reset"]);
const secret = `kind IN (${[...SECRET_KINDS].map((k) => `'${k}'`).join(", ")})`;
const scrub = `body = CASE WHEN ${secret} THEN '[内容已清除]' ELSE body END, html = CASE WHEN ${secret} THEN NULL ELSE html END`;

/**
 * Delivers one outbox row over SMTP: the admin's saved server (/admin/email-management), else SMTP_URL. Without
 * either (a self-hosted default run) the message is written to the log instead, so an admin can still read a reset
 * code. Sent rows are never sent twice. The server's answer is recorded: a 5xx refusal is permanent (the row fails at
 * once, no retry); a 4xx or a connection failure is retried with back-off (JOB_SPECS) and fails on the last attempt.
 */
export async function emailProcessor(
  job: Job<JobPayloads["email.send"]>,
  ctx: ProcessorContext,
): Promise<{ status: string }> {
  const id = job.data?.outboxId;
  if (!Number.isInteger(id)) throw new UnrecoverableError("email.send needs an integer outboxId");
  const { rows } = await ctx.db.query<OutboxRow>(
    `SELECT id, kind, to_address, subject, body, html, status FROM email_outbox WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new UnrecoverableError(`email_outbox row ${id} does not exist`);
  if (row.status === "sent" || row.status === "logged" || row.status === "failed") return { status: row.status };

  await ctx.db.query(`UPDATE email_outbox SET attempts = attempts + 1, last_attempt_at = now() WHERE id = $1`, [id]);
  let route: SmtpRoute;
  try {
    route = await readSmtpRoute(
      async (sql, params) => (await ctx.db.query(sql, params)).rows,
      ctx.secrets ? (purpose, sealed) => ctx.secrets!.openText(purpose, sealed) : undefined,
      { smtpUrl: ctx.smtpUrl, mailFrom: ctx.mailFrom },
    );
  } catch (e) {
    // The address guard refused the admin's server: permanent until the settings change (then 重发).
    if (!(e instanceof SmtpAddressBlocked)) throw e;
    await ctx.db.query(`UPDATE email_outbox SET status = 'failed', error = $2, smtp_response = NULL WHERE id = $1`, [
      id,
      e.message,
    ]);
    throw new UnrecoverableError(e.message);
  }
  if (!route || !row.to_address) {
    // Only reset codes are written out: the self-hosted admin needs them; other mail stays out of the log.
    const content = SECRET_KINDS.has(row.kind) ? ` body="${row.body}"` : "";
    ctx.log(
      `[email] not sent by SMTP (${route ? "no recipient address" : "SMTP not configured"}) #${row.id} to=${row.to_address ?? "-"} subject="${row.subject}"${content}`,
    );
    await ctx.db.query(`UPDATE email_outbox SET status = 'logged', sent_at = now(), ${scrub} WHERE id = $1`, [id]);
    return { status: "logged" };
  }
  const transport =
    route.source === "database" ? nodemailer.createTransport(route.options) : nodemailer.createTransport(route.url);
  try {
    const info = await transport.sendMail({
      from: route.from,
      to: row.to_address,
      subject: row.subject,
      text: row.body,
      ...(row.html ? { html: row.html } : {}),
    });
    await ctx.db.query(
      `UPDATE email_outbox SET status = 'sent', sent_at = now(), error = NULL, smtp_response = $2, ${scrub} WHERE id = $1`,
      [id, String(info.response ?? "").slice(0, 1000)],
    );
    return { status: "sent" };
  } catch (e) {
    const answer = smtpAnswer(e);
    const permanent = isPermanentSmtpFailure(e);
    const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await ctx.db.query(
      `UPDATE email_outbox SET error = $2, smtp_response = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END WHERE id = $1`,
      [id, answer.response, final],
    );
    if (permanent) throw new UnrecoverableError(`SMTP refused #${id} permanently: ${answer.response}`);
    throw e;
  } finally {
    transport.close();
  }
}
