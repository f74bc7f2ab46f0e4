import { createHash } from "node:crypto";
import type { Job } from "bullmq";
import { DEFAULT_SITE_NAME, type JobPayloads } from "@gryx/contracts";
import { certificateReport, type CertificateReport } from "@gryx/apple/cert-status";
import { parseMobileProvision, type MobileProvision } from "@gryx/apple/mobileprovision";
import {
  certificateProfile,
  checkStatus,
  checkTask,
  completeBatch,
  finishCheck,
  insertTemplatedMail,
  notifyUser,
  type CheckOutcome,
  type CheckTaskRow as TaskRow,
} from "@gryx/store";
import type { ProcessorContext } from "../context";

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
  const bytes = await certificateProfile(ctx.db, task.certificate_id);
  if (!bytes) return null;
  let parsed: ParsedProfile;
  try {
    parsed = { profile: parseMobileProvision(bytes), problem: null };
  } catch (e) {
    parsed = { profile: null, problem: (e as Error).message };
  }
  // Keyed by the bytes just read (the row may have changed since the task query read its MD5).
  const key = createHash("md5").update(bytes).digest("hex");
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
  const task = await checkTask(ctx.db, taskId);
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
  r: Omit<CheckOutcome, "reason"> & { reason: string | null },
): Promise<{ status: string }> {
  const reason = r.reason?.slice(0, 1000) ?? null;
  // The task takes the result only while still "checking"; the certificate's status columns follow it.
  const checkedAt = await finishCheck(ctx.db, task.id, { ...r, reason });
  if (!checkedAt) return { status: (await checkStatus(ctx.db, task.id)) ?? "gone" };

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
  const inserted = await notifyUser(ctx.db, task.user_id!, {
    kind: "certificate-revoked",
    title,
    body,
    link: `/certificate/${task.certificate_id}`,
    dedupeKey: `certificate-revoked:${task.certificate_id}`,
  });
  if (!inserted || !task.email) return;
  // The built-in template "certificate-revoked" (editable in /admin/email-management).
  const mail = await insertTemplatedMail(ctx.db, {
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
  const batch = await completeBatch(ctx.db, batchId);
  await ctx.events.publish("certificates.detection-progress", { batchId });
  return { status: batch.status ?? "gone" };
}
