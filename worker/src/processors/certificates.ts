import { createHash } from "node:crypto";
import type { Job } from "bullmq";
import { DEFAULT_SITE_NAME, type JobPayloads } from "@gryx/contracts";
import { certificateReport, type CertificateReport } from "@gryx/apple/cert-status";
import { parseMobileProvision, type MobileProvision } from "@gryx/apple/mobileprovision";
import { insertTemplatedMail } from "@gryx/platform/email-render";
import type { ProcessorContext } from "../context";

interface TaskRow {
  id: number;
  status: string;
  batch_id: number | null;
  certificate_id: number;
  user_id: number | null;
  certificate_der: Buffer;
  chain_der: Buffer[];
  profile_md5: string;
  name: string;
  email: string | null;
  username: string | null;
  /** The owner's bound devices (UDIDs). */
  udids: string[];
}

/** Progress events of a batch, at most one per PROGRESS_MS per batch and process (the page re-reads the counts). */
const PROGRESS_MS = 250;
const pendingProgress = new Map<number, NodeJS.Timeout>();
function announceProgress(ctx: ProcessorContext, batchId: number): void {
  if (pendingProgress.has(batchId)) return;
  const timer = setTimeout(() => {
    pendingProgress.delete(batchId);
    ctx.events
      .publish("certificates.detection-progress", { batchId })
      .catch((e: Error) => ctx.log(`progress event: ${e.message}`));
  }, PROGRESS_MS);
  timer.unref();
  pendingProgress.set(batchId, timer);
}

let devicesTable: { exists: Promise<boolean>; at: number } | undefined;
/** Whether the devices table exists (a worker started before the server's migrations has none); asked again after a minute. */
function devicesTableExists(ctx: ProcessorContext): Promise<boolean> {
  if (!devicesTable || Date.now() - devicesTable.at > 60_000) {
    devicesTable = {
      exists: ctx.db.query<{ t: string | null }>(`SELECT to_regclass('public.devices')::text AS t`).then(
        (r) => r.rows[0]?.t != null,
        () => false,
      ),
      at: Date.now(),
    };
  }
  return devicesTable.exists;
}

/**
 * Parsed profiles by the MD5 PostgreSQL computes of their bytes (the task query returns it): a batch meets the same
 * profile for every certificate uploaded with it, so it is fetched and parsed once per process. Bounded (LRU).
 */
type ParsedProfile = { profile: MobileProvision | null; problem: string | null };
const PROFILE_CACHE_MAX = 256;
const profileCache = new Map<string, ParsedProfile>();
async function profileFor(ctx: ProcessorContext, task: TaskRow): Promise<ParsedProfile | null> {
  const hit = profileCache.get(task.profile_md5);
  if (hit) {
    profileCache.delete(task.profile_md5);
    profileCache.set(task.profile_md5, hit);
    return hit;
  }
  const { rows } = await ctx.db.query<{ profile: Buffer }>(`SELECT profile FROM certificates WHERE id = $1`, [
    task.certificate_id,
  ]);
  if (!rows.length) return null;
  let parsed: ParsedProfile;
  try {
    parsed = { profile: parseMobileProvision(rows[0].profile), problem: null };
  } catch (e) {
    parsed = { profile: null, problem: (e as Error).message };
  }
  // Keyed by the bytes just read (the row may have changed since the task query read its MD5).
  const key = createHash("md5").update(rows[0].profile).digest("hex");
  profileCache.set(key, parsed);
  if (profileCache.size > PROFILE_CACHE_MAX) profileCache.delete(profileCache.keys().next().value as string);
  return parsed;
}

/**
 * Runs one status check task: reads the certificate's public material (certificate, chain, profile) with SQL, asks
 * the OCSP responder and checks the profile (@gryx/apple certificateReport), then stores the result on the task and
 * the certificate. Idempotent: a task that already finished (or was cancelled with its batch) is not run again.
 * Owners of a certificate a batch finds revoked get one site message and one email (once per certificate).
 */
export async function certificateCheckProcessor(
  job: Job<JobPayloads["certificates.check"]>,
  ctx: ProcessorContext,
): Promise<{ status: string }> {
  const taskId = Number(job.data?.taskId);
  if (!Number.isInteger(taskId) || taskId <= 0) return { status: "gone" };
  // One round trip: the task, the certificate's public material, the owner and (once the table exists) the owner's
  // bound devices. The profile comes as its MD5: its bytes are read (and parsed) only when not parsed already.
  const withDevices = await devicesTableExists(ctx);
  // Named statements: PostgreSQL parses and plans them once per connection (two variants: with and without devices).
  const { rows } = await ctx.db.query<TaskRow>({
    name: withDevices ? "cert-check-task-devices" : "cert-check-task",
    text: `SELECT t.id, t.status, t.batch_id, c.id AS certificate_id, c.user_id, c.certificate_der, c.chain_der, md5(c.profile) AS profile_md5, c.name,
            u.email, u.username,
            ${withDevices ? "ARRAY(SELECT d.udid FROM devices d WHERE d.user_id = c.user_id AND d.unbound_at IS NULL)" : "'{}'::text[]"} AS udids
       FROM certificate_checks t
       JOIN certificates c ON c.id = t.certificate_id
       LEFT JOIN users u ON u.id = c.user_id
      WHERE t.id = $1`,
    values: [taskId],
  });
  const task = rows[0];
  // Deleted with its certificate: nothing to do (and nothing to fail: a batch's parent must not wait on it).
  if (!task) return { status: "gone" };
  if (task.status !== "checking") return { status: task.status };

  const parsed = await profileFor(ctx, task);
  if (!parsed) return { status: "gone" };
  const { profile, problem: profileProblem } = parsed;
  let report: CertificateReport;
  try {
    report = await certificateReport({
      certificateDer: task.certificate_der,
      issuerCandidates: [...(task.chain_der ?? []), ...ctx.appleExtraRoots],
      profile,
      deviceUdids: task.user_id === null ? [] : task.udids,
      ocsp: { timeoutMs: ctx.ocspTimeoutMs, cache: ctx.ocspCache, signal: ctx.signal, redirects: ctx.ocspRedirects },
    });
  } catch (e) {
    // Only an unreadable stored certificate gets here: record it as an error rather than retrying forever.
    return finish(ctx, task, {
      status: "error",
      ocsp: "error",
      reason: `证书无法解析：${(e as Error).message}`,
      report: null,
      nextUpdate: null,
    });
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
  const done = await ctx.db.query<{ finished_at: Date }>({
    name: "cert-check-finish",
    text: `WITH t AS (
       UPDATE certificate_checks SET status = $2, ocsp_status = $3, reason = $4, report = $5, next_update = $6, finished_at = now()
        WHERE id = $1 AND status = 'checking' RETURNING certificate_id, finished_at
     )
     UPDATE certificates c SET status = $2, status_reason = $4, checked_at = t.finished_at FROM t WHERE c.id = t.certificate_id
     RETURNING t.finished_at`,
    values: [task.id, r.status, r.ocsp, reason, r.report ? JSON.stringify(r.report) : null, r.nextUpdate],
  });
  if (!done.rows.length) {
    const now = await ctx.db.query<{ status: string }>(`SELECT status FROM certificate_checks WHERE id = $1`, [
      task.id,
    ]);
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
  // The built-in template "certificate-revoked" (editable in /admin/email-management).
  const mail = await insertTemplatedMail(async (sql, params) => (await ctx.db.query(sql, params)).rows, {
    key: "certificate-revoked",
    to: task.email,
    vars: {
      username: task.username ?? "",
      certificate_name: task.name,
      revoked_at: new Date().toISOString().slice(0, 16).replace("T", " "),
      reason: reason ?? "",
    },
    userId: task.user_id,
    defaultSiteName: DEFAULT_SITE_NAME,
  });
  if (mail !== null) await ctx.enqueue("email.send", { outboxId: mail });
}

/** A detection batch's parent: every child finished (or was skipped), so the batch is complete unless cancelled. */
export async function detectBatchProcessor(
  job: Job<JobPayloads["certificates.detect-batch"]>,
  ctx: ProcessorContext,
): Promise<{ status: string }> {
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
