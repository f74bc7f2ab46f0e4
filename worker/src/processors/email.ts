import nodemailer from "nodemailer";
import { UnrecoverableError, type Job } from "bullmq";
import type { JobPayloads } from "@gryx/contracts";
import type { ProcessorContext } from "../context";

interface OutboxRow {
  id: number;
  kind: string;
  to_address: string | null;
  subject: string;
  body: string;
  status: string;
}

/** Mail whose body is a secret (a reset code): once delivered, the outbox keeps no copy. */
const SECRET_KINDS = new Set(["password-reset"]);
const scrub = `CASE WHEN kind IN (${[...SECRET_KINDS].map((k) => `'${k}'`).join(", ")}) THEN '[内容已清除]' ELSE body END`;

/**
 * Delivers one outbox row over SMTP. Without SMTP configured (a self-hosted default run) the message is written to
 * the log instead, so an admin can still read a reset code. Sent rows are never sent twice.
 */
export async function emailProcessor(job: Job<JobPayloads["email.send"]>, ctx: ProcessorContext): Promise<{ status: string }> {
  const id = job.data?.outboxId;
  if (!Number.isInteger(id)) throw new UnrecoverableError("email.send needs an integer outboxId");
  const { rows } = await ctx.db.query<OutboxRow>(`SELECT id, kind, to_address, subject, body, status FROM email_outbox WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row) throw new UnrecoverableError(`email_outbox row ${id} does not exist`);
  if (row.status === "sent" || row.status === "logged") return { status: row.status };

  await ctx.db.query(`UPDATE email_outbox SET attempts = attempts + 1 WHERE id = $1`, [id]);
  if (!ctx.smtpUrl || !row.to_address) {
    // Only reset codes are written out: the self-hosted admin needs them; other mail stays out of the log.
    const content = SECRET_KINDS.has(row.kind) ? ` body="${row.body}"` : "";
    ctx.log(`[email] not sent by SMTP (${ctx.smtpUrl ? "no recipient address" : "SMTP not configured"}) #${row.id} to=${row.to_address ?? "-"} subject="${row.subject}"${content}`);
    await ctx.db.query(`UPDATE email_outbox SET status = 'logged', sent_at = now(), body = ${scrub} WHERE id = $1`, [id]);
    return { status: "logged" };
  }
  try {
    const transport = nodemailer.createTransport(ctx.smtpUrl);
    await transport.sendMail({ from: ctx.mailFrom, to: row.to_address, subject: row.subject, text: row.body });
    await ctx.db.query(`UPDATE email_outbox SET status = 'sent', sent_at = now(), error = NULL, body = ${scrub} WHERE id = $1`, [id]);
    return { status: "sent" };
  } catch (e) {
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await ctx.db.query(`UPDATE email_outbox SET error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END WHERE id = $1`, [
      id,
      String((e as Error).message).slice(0, 1000),
      final,
    ]);
    throw e;
  }
}
