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
  finishChecks,
  batchRunning,
  openCheckTasks,
  insertTemplatedMail,
  notifyUser,
  type CheckOutcome,
  type CheckTaskRow as TaskRow,
} from "@gryx/store";
import type { ProcessorContext } from "../context";

/**
 * Progress events of a batch, at most one per PROGRESS_MS per batch and worker (the page re-reads the counts); kept
 * per event bus (one per worker), since batch ids are per database and a process may hold workers of two (the
 * tests' do).
 */
const PROGRESS_MS = 250;
const pendingProgressOf = new WeakMap<object, Map<number, NodeJS.Timeout>>();
function announceProgress(ctx: ProcessorContext, batchId: number): void {
  let pendingProgress = pendingProgressOf.get(ctx.events);
  if (!pendingProgress) pendingProgressOf.set(ctx.events, (pendingProgress = new Map()));
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

type Outcome = Omit<CheckOutcome, "reason"> & { reason: string | null };

/**
 * Checks one task's certificate: asks the OCSP responder and checks the profile (@gryx/apple certificateReport).
 * Stores nothing; answers the outcome, or null when the certificate is gone.
 */
async function runCheck(ctx: ProcessorContext, task: TaskRow): Promise<Outcome | null> {
  const parsed = await profileFor(ctx, task);
  if (!parsed) return null;
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
    return {
      status: "error",
      ocsp: "error",
      reason: `证书无法解析：${(e as Error).message}`.slice(0, 1000),
      report: null,
      nextUpdate: null,
    };
  }
  const reason = profileProblem && report.status === "valid" ? `描述文件无法解析：${profileProblem}` : report.reason;
  const status = profileProblem && report.status === "valid" ? "error" : report.status;
  return {
    status,
    ocsp: report.ocsp.status,
    reason: reason?.slice(0, 1000) ?? null,
    report,
    nextUpdate: report.ocsp.nextUpdate,
  };
}

/**
 * Runs one status check task (a single check: a user's, an admin's, the schedule's): reads the certificate's public
 * material (certificate, chain, profile) with SQL, checks it, then stores the result on the task and the certificate.
 * Idempotent: a task that already finished (or was cancelled with its batch) is not run again.
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
  const outcome = await runCheck(ctx, task);
  if (!outcome) return { status: "gone" };
  // The task takes the result only while still "checking"; the certificate's status columns follow it.
  const checkedAt = await finishCheck(ctx.db, task.id, outcome);
  if (!checkedAt) return { status: (await checkStatus(ctx.db, task.id)) ?? "gone" };
  await announceChecked(ctx, task, outcome, checkedAt);
  return { status: outcome.status };
}

/**
 * What follows a stored result: the owner of a certificate a batch found revoked is told (site message, email); the
 * result is published for single checks (the owner's page, the admin waiting on it) and revoked ones (a batch's
 * thousands of others only move its progress: the owner's list shows the new status when it is read again).
 */
async function announceChecked(ctx: ProcessorContext, task: TaskRow, r: Outcome, checkedAt: Date): Promise<void> {
  if (task.batch_id !== null && r.status === "revoked" && task.user_id !== null)
    await notifyRevoked(ctx, task, r.reason);
  if (task.batch_id === null || r.status === "revoked") {
    await ctx.events.publish("certificates.checked", {
      taskId: task.id,
      certificateId: task.certificate_id,
      userId: task.user_id,
      status: r.status,
      reason: r.reason,
      batchId: task.batch_id,
      checkedAt: new Date(checkedAt).toISOString(),
    });
  }
  if (task.batch_id !== null) announceProgress(ctx, task.batch_id);
}

/**
 * Slots for the OCSP requests of detection batches, shared by every part this process runs (parts run side by side
 * on the queue's concurrency; together they keep at most CERT_CHECK_CONCURRENCY requests in flight, first come first
 * served, so the oldest part finishes first). Single checks do not take one: a user's check never waits on a batch.
 */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
let partSlots: Slots | undefined;

/** Results are stored once this many wait, or this long after the last store (a slow responder), and at the end. */
const PART_FLUSH_ROWS = 50;
const PART_FLUSH_MS = 250;

/**
 * Runs a part of a detection batch: its open tasks read in one statement, checked with bounded concurrency (the
 * process's shared slots), the results stored up to PART_FLUSH_ROWS per statement as they come (so a retry runs only the
 * tasks still open, and the batch's progress moves while the part runs). A store that finds tasks no longer open
 * (the batch was cancelled) stops the part: what it has not asked yet, it does not ask.
 */
export async function checkPartProcessor(
  job: Job<JobPayloads["certificates.check-part"]>,
  ctx: ProcessorContext,
): Promise<{ checked: number }> {
  const ids = Array.isArray(job.data?.taskIds)
    ? job.data.taskIds.map(Number).filter((id) => Number.isInteger(id) && id > 0)
    : [];
  const tasks = await openCheckTasks(ctx.db, ids);
  if (!tasks.length) return { checked: 0 };
  const slots = (partSlots ??= new Slots(ctx.certCheckConcurrency));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  let stopped = false;
  let checked = 0;
  let pending: (Outcome & { taskId: number })[] = [];
  let storing: Promise<void> = Promise.resolve();
  let failure: Error | undefined;
  const store = async (batch: (Outcome & { taskId: number })[]) => {
    if (failure !== undefined) return;
    const done = await finishChecks(ctx.db, batch);
    checked += done.length;
    // Tasks no longer open: cancelled with the batch (stop), or deleted with their certificates (go on).
    if (done.length < batch.length && !(await batchRunning(ctx.db, job.data.batchId))) stopped = true;
    const finishedAt = new Date();
    const stored = new Set(done);
    for (const r of batch)
      if (r.status === "revoked" && stored.has(r.taskId))
        await announceChecked(ctx, byId.get(r.taskId)!, r, finishedAt);
    announceProgress(ctx, job.data.batchId);
  };
  // One store at a time, in order, while the checks go on; the first failure stops the part and fails the job (it is
  // retried: the tasks already stored stay finished).
  let flushedAt = Date.now();
  const flush = () => {
    flushedAt = Date.now();
    const batch = pending;
    pending = [];
    if (batch.length)
      storing = storing
        .then(() => store(batch))
        .catch((e: unknown) => {
          failure ??= e instanceof Error ? e : new Error(String(e));
          stopped = true;
        });
    return storing;
  };
  let next = 0;
  const runner = async () => {
    while (!stopped && !ctx.signal.aborted && next < tasks.length) {
      const task = tasks[next++];
      await slots.take();
      let outcome: Outcome | null;
      try {
        if (stopped) break;
        outcome = await runCheck(ctx, task);
      } finally {
        slots.give();
      }
      if (outcome) pending.push({ ...outcome, taskId: task.id });
      if (pending.length >= PART_FLUSH_ROWS || Date.now() - flushedAt >= PART_FLUSH_MS) void flush();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(ctx.certCheckConcurrency, tasks.length) }, runner));
  } finally {
    stopped = true;
  }
  await flush();
  if (failure !== undefined) throw failure;
  return { checked };
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
