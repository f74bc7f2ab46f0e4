import type { Job } from "bullmq";
import type { JobPayloads } from "@gryx/contracts";
import { certificateReport, type CertificateReport } from "@gryx/apple/cert-status";
import { parseMobileProvision, type MobileProvision } from "@gryx/apple/mobileprovision";
import type { ProcessorContext } from "../context";

interface TaskRow {
  id: number;
  status: string;
  batch_id: number | null;
  certificate_id: number;
  user_id: number | null;
  certificate_der: Buffer;
  chain_der: Buffer[];
  profile: Buffer;
  name: string;
  email: string | null;
  username: string | null;
}

/** Progress events of a batch, at most one per PROGRESS_MS per batch and process (the page re-reads the counts). */
const PROGRESS_MS = 250;
const pendingProgress = new Map<number, NodeJS.Timeout>();
function announceProgress(ctx: ProcessorContext, batchId: number): void {
  if (pendingProgress.has(batchId)) return;
  const timer = setTimeout(() => {
    pendingProgress.delete(batchId);
    ctx.events.publish("certificates.detection-progress", { batchId }).catch((e: Error) => ctx.log(`progress event: ${e.message}`));
  }, PROGRESS_MS);
  timer.unref();
  pendingProgress.set(batchId, timer);
}

let devicesTable: { exists: Promise<boolean>; at: number } | undefined;
async function boundDevices(ctx: ProcessorContext, userId: number | null): Promise<string[]> {
  if (userId === null) return [];
  // Without the devices table (a worker started before the server's migrations) there is nothing to compare; asked
  // again after a minute.
  if (!devicesTable || Date.now() - devicesTable.at > 60_000) {
    devicesTable = { exists: ctx.db.query<{ t: string | null }>(`SELECT to_regclass('public.devices')::text AS t`).then((r) => r.rows[0]?.t != null, () => false), at: Date.now() };
  }
  if (!(await devicesTable.exists)) return [];
  const { rows } = await ctx.db.query<{ udid: string }>(`SELECT udid FROM devices WHERE user_id = $1 AND unbound_at IS NULL`, [userId]);
  return rows.map((r) => r.udid);
}

/**
 * Runs one status check task: reads the certificate's public material (certificate, chain, profile) with SQL, asks
 * the OCSP responder and checks the profile (@gryx/apple certificateReport), then stores the result on the task and
 * the certificate. Idempotent: a task that already finished (or was cancelled with its batch) is not run again.
 * Owners of a certificate a batch finds revoked get one site message and one email (once per certificate).
 */
export async function certificateCheckProcessor(job: Job<JobPayloads["certificates.check"]>, ctx: ProcessorContext): Promise<{ status: string }> {
  const taskId = Number(job.data?.taskId);
  if (!Number.isInteger(taskId) || taskId <= 0) return { status: "gone" };
  const { rows } = await ctx.db.query<TaskRow>(
    `SELECT t.id, t.status, t.batch_id, c.id AS certificate_id, c.user_id, c.certificate_der, c.chain_der, c.profile, c.name, u.email, u.username
       FROM certificate_checks t
       JOIN certificates c ON c.id = t.certificate_id
       LEFT JOIN users u ON u.id = c.user_id
      WHERE t.id = $1`,
    [taskId],
  );
  const task = rows[0];
  // Deleted with its certificate: nothing to do (and nothing to fail: a batch's parent must not wait on it).
  if (!task) return { status: "gone" };
  if (task.status !== "checking") return { status: task.status };

  let profile: MobileProvision | null = null;
  let profileProblem: string | null = null;
  try {
    profile = parseMobileProvision(task.profile);
  } catch (e) {
    profileProblem = (e as Error).message;
  }
  let report: CertificateReport;
  try {
    report = await certificateReport({
      certificateDer: task.certificate_der,
      issuerCandidates: [...(task.chain_der ?? []), ...ctx.appleExtraRoots],
      profile,
      deviceUdids: await boundDevices(ctx, task.user_id),
      ocsp: { timeoutMs: ctx.ocspTimeoutMs, cache: ctx.ocspCache, signal: ctx.signal },
    });
  } catch (e) {
    // Only an unreadable stored certificate gets here: record it as an error rather than retrying forever.
    return finish(ctx, task, { status: "error", ocsp: "error", reason: `证书无法解析：${(e as Error).message}`, report: null, nextUpdate: null });
  }
  const reason = profileProblem && report.status === "valid" ? `描述文件无法解析：${profileProblem}` : report.reason;
  const status = profileProblem && report.status === "valid" ? "error" : report.status;
  return finish(ctx, task, { status, ocsp: report.ocsp.status, reason, report, nextUpdate: report.ocsp.nextUpdate });
}

async function finish(
  ctx: ProcessorContext,
  task: TaskRow,
  r: { status: string; ocsp: string; reason: string | null; report: CertificateReport | null; nextUpdate: Date | null },
): Promise<{ status: string }> {
  const reason = r.reason?.slice(0, 1000) ?? null;
  // One statement: the task takes the result only while still "checking" (a batch cancelled meanwhile keeps its
  // tasks cancelled), and the certificate's status columns follow it.
  const done = await ctx.db.query<{ finished_at: Date }>(
    `WITH t AS (
       UPDATE certificate_checks SET status = $2, ocsp_status = $3, reason = $4, report = $5, next_update = $6, finished_at = now()
        WHERE id = $1 AND status = 'checking' RETURNING certificate_id, finished_at
     )
     UPDATE certificates c SET status = $2, status_reason = $4, checked_at = t.finished_at FROM t WHERE c.id = t.certificate_id
     RETURNING t.finished_at`,
    [task.id, r.status, r.ocsp, reason, r.report ? JSON.stringify(r.report) : null, r.nextUpdate],
  );
  if (!done.rows.length) {
    const now = await ctx.db.query<{ status: string }>(`SELECT status FROM certificate_checks WHERE id = $1`, [task.id]);
    return { status: now.rows[0]?.status ?? "gone" };
  }
  const checkedAt = done.rows[0].finished_at;

  if (task.batch_id !== null && r.status === "revoked" && task.user_id !== null) await notifyRevoked(ctx, task, reason);
  // Single checks always reach the owner's page; a batch's (thousands) only when revoked: the batch has its own
  // progress events, and the owner's list shows the new status when it is read again.
  if (task.batch_id === null || r.status === "revoked") {
    await ctx.events.publish("certificates.checked", {
      taskId: task.id,
      certificateId: task.certificate_id,
      userId: task.user_id,
      status: r.status,
      reason,
      batchId: task.batch_id,
      checkedAt: new Date(checkedAt).toISOString(),
    });
  }
  if (task.batch_id !== null) announceProgress(ctx, task.batch_id);
  return { status: r.status };
}

/** One site message and one email per revoked certificate, however many batches find it (dedupe key). */
async function notifyRevoked(ctx: ProcessorContext, task: TaskRow, reason: string | null): Promise<void> {
  const title = `证书「${task.name}」已被吊销`;
  const body = `您的证书「${task.name}」经检测已被苹果吊销，无法再用于签名。${reason ? `\n${reason}` : ""}\n请在证书管理中查看详情，并更换新的证书。`;
  const inserted = await ctx.db.query<{ id: number }>(
    `INSERT INTO user_notifications (user_id, kind, title, body, link, dedupe_key)
     VALUES ($1, 'certificate-revoked', $2, $3, $4, $5)
     ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id`,
    [task.user_id, title, body, `/certificate/${task.certificate_id}`, `certificate-revoked:${task.certificate_id}`],
  );
  if (!inserted.rows.length || !task.email) return;
  const mail = await ctx.db.query<{ id: number }>(
    `INSERT INTO email_outbox (to_address, subject, body, kind) VALUES ($1, $2, $3, 'certificate-revoked') RETURNING id`,
    [task.email, title, `${task.username ?? ""}，您好：\n\n${body}\n`],
  );
  await ctx.enqueue("email.send", { outboxId: mail.rows[0].id });
}

/** A detection batch's parent: every child finished (or was skipped), so the batch is complete unless cancelled. */
export async function detectBatchProcessor(job: Job<JobPayloads["certificates.detect-batch"]>, ctx: ProcessorContext): Promise<{ status: string }> {
  const batchId = Number(job.data?.batchId);
  if (!Number.isInteger(batchId) || batchId <= 0) return { status: "gone" };
  // A child that failed every attempt (the database was away) left its task open: it counts as an error.
  await ctx.db.query(
    `UPDATE certificate_checks SET status = 'error', ocsp_status = 'error', reason = '检测任务失败，请重试', finished_at = now()
      WHERE batch_id = $1 AND status = 'checking'`,
    [batchId],
  );
  const { rows } = await ctx.db.query<{ status: string }>(
    `UPDATE detection_batches SET status = 'completed', finished_at = now() WHERE id = $1 AND status = 'running' RETURNING status`,
    [batchId],
  );
  await ctx.events.publish("certificates.detection-progress", { batchId });
  if (rows.length) return { status: "completed" };
  const now = await ctx.db.query<{ status: string }>(`SELECT status FROM detection_batches WHERE id = $1`, [batchId]);
  return { status: now.rows[0]?.status ?? "gone" };
}
