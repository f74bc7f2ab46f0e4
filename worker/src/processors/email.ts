import nodemailer from "nodemailer";
import { UnrecoverableError, type Job } from "bullmq";
import type { JobPayloads } from "@gryx/contracts";
import { isPermanentSmtpFailure, smtpRoute, SmtpAddressBlocked, smtpAnswer, type SmtpRoute } from "@gryx/platform/smtp";
import {
  outboxAttempt,
  outboxError,
  outboxFailed,
  outboxLogged,
  outboxRow,
  outboxSent,
  emailSettings,
  SECRET_MAIL_KINDS as SECRET_KINDS,
} from "@gryx/store";
import type { ProcessorContext } from "../context";

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
  const row = await outboxRow(ctx.db, id);
  if (!row) throw new UnrecoverableError(`email_outbox row ${id} does not exist`);
  if (row.status === "sent" || row.status === "logged" || row.status === "failed") return { status: row.status };

  await outboxAttempt(ctx.db, id);
  let route: SmtpRoute;
  try {
    route = await smtpRoute(
      await emailSettings(ctx.db),
      ctx.secrets ? (purpose, sealed) => ctx.secrets!.openText(purpose, sealed) : undefined,
      { smtpUrl: ctx.smtpUrl, mailFrom: ctx.mailFrom },
    );
  } catch (e) {
    // The address guard refused the admin's server: permanent until the settings change (then 重发).
    if (!(e instanceof SmtpAddressBlocked)) throw e;
    await outboxFailed(ctx.db, id, e.message);
    throw new UnrecoverableError(e.message);
  }
  if (!route || !row.to_address) {
    // Only reset codes are written out: the self-hosted admin needs them; other mail stays out of the log.
    const content = SECRET_KINDS.has(row.kind) ? ` body="${row.body}"` : "";
    ctx.log(
      `[email] not sent by SMTP (${route ? "no recipient address" : "SMTP not configured"}) #${row.id} to=${row.to_address ?? "-"} subject="${row.subject}"${content}`,
    );
    await outboxLogged(ctx.db, id);
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
    await outboxSent(ctx.db, id, String(info.response ?? ""));
    return { status: "sent" };
  } catch (e) {
    const answer = smtpAnswer(e);
    const permanent = isPermanentSmtpFailure(e);
    const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await outboxError(ctx.db, id, answer.response, final);
    if (permanent) throw new UnrecoverableError(`SMTP refused #${id} permanently: ${answer.response}`);
    throw e;
  } finally {
    transport.close();
  }
}
