import fs from "node:fs";
import path from "node:path";
import { UnrecoverableError, type Job } from "bullmq";
import type { JobPayloads, SigningTaskPayload } from "@gryx/contracts";
import { isBadAppleInput } from "@gryx/apple/errors";
import { fetchInput, removeArtifact, storeArtifact } from "./signing-files";
import type { SignProgress } from "../signing";
import { signInThread, SigningMemoryError, type ThreadSignInput } from "../signing/sign-thread";
import type { ProcessorContext } from "../context";
import {
  appIpaKey,
  certificateSecrets,
  claimSigningTask,
  dylibFileKeys,
  failSigningTask,
  finishSigningTask,
  liveSigningRuns,
  requeueSigningTask,
  SEALING,
  signingHeartbeat,
  signingTaskStatus,
  signingUploadKey,
  type ClaimedSigningTask as ClaimedTask,
  type Sql,
} from "@gryx/store";
import { mailUser } from "../mail";
/** How often a run reports (heartbeat, progress) and looks whether it was cancelled. */
const TICK_MS = 1000;
/** Progress events at most this often per task (stage changes go at once). */
const EVENT_MS = 400;

/** Failures the task shows, for conditions that are not the input's fault. */
export const FAILURES = {
  SIGN_TIMEOUT: "签名超时，请重试",
  SIGN_SOURCE_MISSING: "要签名的 IPA 已不存在，请重新上传",
  SIGN_CERT_MISSING: "证书已被删除，请更换证书",
  SIGN_KEYRING_MISSING: "证书数据无法解密，请联系管理员",
  SIGN_FAILED: "签名失败，请稍后重试",
  SIGN_DYLIB_NOT_FOUND: "要注入的插件已不存在，请重新选择插件后再签名",
  SIGN_MEMORY_LIMIT: "签名所需内存超出上限，请精简 IPA（减少文件数量）后重试",
} as const;

export class TaskFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Where each stage's progress lies on the card's 0–100 bar. */
function percent(p: SignProgress): { stage: string; progress: number } {
  const f = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
  if (p.stage === "preparing") return { stage: "preparing", progress: 5 };
  if (p.stage === "signing") return { stage: "signing", progress: 10 + Math.round(f * 75) };
  return { stage: "verifying", progress: 85 + Math.round(f * 10) };
}

/**
 * Runs one signing task. Safe to run twice, one after the other or at once: the run claims the task only while its
 * run id is the task's current one and the task is queued or running (a job redelivered after a crash carries the
 * same run id and picks up again), and each claim takes a new lease that supersedes the one before (a stalled job
 * handed out again while its first delivery still runs). A delivery signs into its own file (under tmp/signing/runs,
 * named by task and lease) and, in the transaction that marks the task done under its lease, renames it to the
 * task's one artifact path; so the task ends with one artifact, written by one run. The worker never charges (the
 * server took the charge when the task was made and gives it back when the task fails or is cancelled).
 *
 * While it runs it writes a heartbeat with its progress every second; when that write finds the task no longer
 * running under this lease (cancelled, deleted, superseded) the signer is aborted and its files are removed.
 * Bad input fails the task with the signer's code and Chinese message (UnrecoverableError); anything else is
 * retried with back-off, and fails the task on the last attempt.
 */
export async function signingProcessor(
  job: Job<JobPayloads["signing.sign"]>,
  ctx: ProcessorContext,
): Promise<{ status: string }> {
  const { taskId, runId } = job.data;
  const task = await claimSigningTask(ctx.db, taskId, runId);
  if (!task) return { status: (await signingTaskStatus(ctx.db, taskId)) ?? "gone" };
  const lease = task.run_lease;
  let last: SigningTaskPayload = { taskId, userId: task.user_id, status: "running", stage: "preparing", progress: 0 };
  let lastEventAt = 0;
  const publish = (force = false) => {
    if (!force && Date.now() - lastEventAt < EVENT_MS) return;
    lastEventAt = Date.now();
    ctx.events.publish("signing.task-updated", last).catch((e: Error) => ctx.log(`signing event: ${e.message}`));
  };
  publish(true);

  const runsDir = path.join(signingWorkDir(ctx.storageDir), "runs");
  const workRoot = path.join(signingWorkDir(ctx.storageDir), "work");
  // What earlier deliveries of this task left (killed, or superseded and not yet gone) is theirs no more: their
  // outputs and their temp directories.
  await removeRunFiles(runsDir, task.artifact_name);
  await removeRunFiles(workRoot, task.artifact_name);
  const runOut = path.join(runsDir, `${task.artifact_name}.${lease}`);
  // This run's temp files, named like its output: removed when the run ends however it ends, and by the next
  // delivery of the task (or the sweep at worker start) should the process die under it.
  const runWork = path.join(workRoot, `${task.artifact_name}.${lease}`);
  const stop = new AbortController();
  const timeout = AbortSignal.timeout(ctx.signingTimeoutMs);
  const signal = AbortSignal.any([stop.signal, timeout, ctx.signal]);
  let stopped: "cancelled" | null = null;
  let ticking = Promise.resolve();
  const tick = setInterval(() => {
    ticking = ticking.then(async () => {
      const running = await signingHeartbeat(ctx.db, taskId, lease, last).catch(() => true); // a database hiccup is not a cancel
      if (!running && !stopped) {
        stopped = "cancelled";
        stop.abort(new TaskFailure("SIGN_CANCELLED", "已取消"));
      }
    });
  }, TICK_MS);

  const setStage = (stage: string, progress: number) => {
    const moved = stage !== last.stage;
    last = { ...last, stage, progress };
    publish(moved);
  };

  try {
    await fs.promises.mkdir(runsDir, { recursive: true });
    await fs.promises.mkdir(runWork, { recursive: true });
    const inputs = await loadInputs(ctx, task, path.join(runWork, "inputs"));
    const startedAt = Date.now();
    setStage("signing", 10);
    // On a thread of its own with a heap ceiling: a run that needs more fails its task, the worker goes on.
    const result = await signInThread(signInputOf(ctx, task, inputs, runOut, runWork), {
      memoryLimitMb: ctx.signingMemoryLimitMb,
      signal,
      onProgress: (p) => {
        const { stage, progress } = percent(p);
        setStage(stage, Math.max(progress, last.progress));
      },
    });
    setStage("storing", 96);
    // The run's temp files are not needed past the signer: gone before the task reads done, so nothing of the run is
    // left when its owner (or a test) sees it finished (the finally removes them again on every other way out).
    await fs.promises.rm(runWork, { recursive: true, force: true });
    const report = {
      ...result,
      certificateExpiry: result.certificateExpiry.toISOString(),
      profileExpiry: result.profileExpiry.toISOString(),
      inputSize: inputs.inputSize,
      signMs: Date.now() - startedAt,
      runs: job.attemptsMade + 1,
      worker: ctx.workerId,
    };
    // Done under this lease and the artifact in place, at once: the row stays locked until the artifact is stored, so
    // a cancel, a delete or a superseding claim sees either the running task without an artifact or the done one with
    // it. A store that fails here rolls the update back (the job is retried with back-off).
    const finished = await ctx.transaction(async (tx) => {
      const done = await finishSigningTask(tx, taskId, lease, {
        artifactSize: result.outputSize,
        report,
        appName: result.displayName || "应用",
        bundleId: result.bundleId,
        version: result.version,
      });
      if (done) await storeArtifact(ctx.store, task.artifact_name, runOut);
      return done;
    });
    if (!finished) {
      // Cancelled, deleted or superseded at the very end: nothing of this run stays.
      await removeOutput(runOut);
      return { status: "cancelled" };
    }
    last = { ...last, status: "done", stage: "done", progress: 100 };
    publish(true);
    // Only the run that marked it done gets here (the lease), so the owner is told once.
    await mailUser(ctx, task.user_id, "signing-done", { app_name: result.displayName || "应用" });
    return { status: "done" };
  } catch (e) {
    await removeOutput(runOut);
    if (stopped === "cancelled") return { status: "cancelled" };
    if (e instanceof SigningMemoryError) {
      ctx.log(`signing task ${taskId}: ${e.message}`);
      await fail(ctx, task, "SIGN_MEMORY_LIMIT", FAILURES.SIGN_MEMORY_LIMIT, (p) => (last = p));
      throw new UnrecoverableError("SIGN_MEMORY_LIMIT");
    }
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (isBadAppleInput(e)) {
      await fail(ctx, task, e.code, e.userMessage, (p) => (last = p));
      throw new UnrecoverableError(`${e.code}: ${e.message}`);
    }
    if (e instanceof TaskFailure) {
      await fail(ctx, task, e.code, e.message, (p) => (last = p));
      throw new UnrecoverableError(`${e.code}: ${e.message}`);
    }
    if (timeout.aborted) {
      await fail(ctx, task, "SIGN_TIMEOUT", FAILURES.SIGN_TIMEOUT, (p) => (last = p));
      throw new UnrecoverableError("SIGN_TIMEOUT");
    }
    ctx.log(`signing task ${taskId}: ${(e as Error).message}${lastAttempt ? " (last attempt)" : " (will retry)"}`);
    if (lastAttempt) await fail(ctx, task, "SIGN_FAILED", FAILURES.SIGN_FAILED, (p) => (last = p));
    else {
      await requeueSigningTask(ctx.db, taskId, lease);
      last = { ...last, stage: "queued", progress: 0 };
      publish(true);
    }
    throw e;
  } finally {
    clearInterval(tick);
    await ticking;
    // A terminated thread (cancel, timeout, memory ceiling) cleans nothing up itself.
    await fs.promises
      .rm(runWork, { recursive: true, force: true })
      .catch((e: Error) => ctx.log(`signing task ${taskId}: ${e.message}`));
  }
}

async function fail(
  ctx: ProcessorContext,
  task: ClaimedTask,
  code: string,
  message: string,
  set: (p: SigningTaskPayload) => void,
): Promise<void> {
  // A failed task keeps no signed IPA: an earlier attempt killed between its rename and its done-update left one. It
  // goes while the row is locked, as the done path stores its artifact: whoever sees the task failed finds no file.
  const failed = await ctx.transaction(async (tx) => {
    const f = await failSigningTask(tx, task.id, task.run_lease, code, message);
    if (f)
      await removeArtifact(ctx.store, task.artifact_name).catch((e: Error) =>
        ctx.log(`signing task ${task.id}: ${e.message}`),
      );
    return f;
  });
  if (!failed) return;
  const payload: SigningTaskPayload = {
    taskId: task.id,
    userId: task.user_id,
    status: "failed",
    stage: "failed",
    progress: 0,
  };
  set(payload);
  await ctx.events.publish("signing.task-updated", payload).catch(() => undefined);
  // The server gives the charge back (once); the cleanup sweep settles it should this enqueue be lost.
  if (failed.chargeFen > 0)
    await ctx
      .enqueue("signing.refund", { taskId: task.id })
      .catch((e: Error) => ctx.log(`refund enqueue: ${e.message}`));
}

/** The run's inputs: the IPA to sign, the certificate's p12, password and profile, the dylibs to inject. */
export async function loadInputs(
  ctx: ProcessorContext,
  task: Pick<ClaimedTask, "certificate_id" | "source" | "upload_id" | "app_id" | "options">,
  inputsDir: string,
) {
  if (!ctx.secrets) throw new TaskFailure("SIGN_KEYRING_MISSING", FAILURES.SIGN_KEYRING_MISSING);
  const cert = task.certificate_id === null ? undefined : await certificateSecrets(ctx.db, task.certificate_id);
  if (!cert) throw new TaskFailure("SIGN_CERT_MISSING", FAILURES.SIGN_CERT_MISSING);
  const p12 = ctx.secrets.open(SEALING.certificateP12, cert.p12_sealed);
  const password = ctx.secrets.open(SEALING.certificatePassword, cert.password_sealed);
  if (!p12 || !password) throw new TaskFailure("SIGN_KEYRING_MISSING", FAILURES.SIGN_KEYRING_MISSING);

  const sourceKey =
    task.source === "upload" ? await signingUploadKey(ctx.db, task.upload_id) : await appIpaKey(ctx.db, task.app_id);
  const ipa = sourceKey ? await fetchInput(ctx.store, sourceKey, inputsDir) : null;
  if (!ipa) throw new TaskFailure("SIGN_SOURCE_MISSING", FAILURES.SIGN_SOURCE_MISSING);

  // Every dylib the task was submitted with, or no signing: an app signed without a plugin the user chose is not
  // what they asked for (deleted from the catalogue, or its file gone, since the submission).
  const dylibPaths: string[] = [];
  const wanted = [...new Set(task.options.dylibIds ?? [])];
  if (wanted.length) {
    for (const key of await dylibFileKeys(ctx.db, wanted)) {
      const dylib = await fetchInput(ctx.store, key, path.join(inputsDir, "dylibs"));
      if (dylib) dylibPaths.push(dylib.path);
    }
    if (dylibPaths.length !== wanted.length)
      throw new TaskFailure("SIGN_DYLIB_NOT_FOUND", FAILURES.SIGN_DYLIB_NOT_FOUND);
  }
  return {
    ipaPath: ipa.path,
    p12,
    password: password.toString("utf8"),
    profile: cert.profile,
    dylibPaths,
    inputSize: ipa.size,
  };
}

/** What the signer is given for a task: its inputs, the options the user chose, where to write. */
export function signInputOf(
  ctx: ProcessorContext,
  task: Pick<ClaimedTask, "options">,
  inputs: Awaited<ReturnType<typeof loadInputs>>,
  outPath: string,
  workDir: string,
): ThreadSignInput {
  return {
    ipaPath: inputs.ipaPath,
    p12: inputs.p12,
    password: inputs.password,
    profile: inputs.profile,
    outPath,
    bundleId: task.options.bundleId,
    displayName: task.options.displayName,
    version: task.options.version,
    injectDylibs: inputs.dylibPaths,
    removeUISupportedDevices: task.options.removeUISupportedDevices,
    removePlugins: task.options.removePlugins,
    removeWatch: task.options.removeWatch,
    trustedRoots: ctx.trustedRootPems,
    workDir,
  };
}

/** A run's output and the signer's unfinished `.partial` of it (a stopped run's thread leaves that behind). */
async function removeOutput(runOut: string): Promise<void> {
  await fs.promises.rm(runOut, { force: true });
  await fs.promises.rm(`${runOut}.partial`, { force: true });
}

/**
 * Removes what deliveries of a task left in `dir` (named `<artifact name>.<lease>`): outputs and their `.partial` in
 * runs/, work directories in work/.
 */
export async function removeRunFiles(dir: string, artifactName: string): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names)
    if (name.startsWith(`${artifactName}.`))
      await fs.promises.rm(path.join(dir, name), { recursive: true, force: true });
}

/** Where runs keep their temp files (on the storage volume, beside the output). */
export function signingWorkDir(storageDir: string): string {
  return path.join(storageDir, "tmp", "signing");
}

/**
 * Removes temp files of runs that died without cleaning up (a killed worker). Called when a worker starts: a run's
 * work directory (tmp/signing/work/<artifact>.<lease>) goes at once unless its task is running under that lease (a
 * run of another worker process); anything else (the signer's own temp directories, outputs in runs/) once untouched
 * for longer than a run may take.
 */
export async function sweepStaleWorkDirs(storageDir: string, olderThanMs: number, db?: Sql): Promise<number> {
  const dir = signingWorkDir(storageDir);
  let removed = 0;
  const workRoot = path.join(dir, "work");
  const work = await fs.promises.readdir(workRoot).catch(() => [] as string[]);
  if (db && work.length) {
    const live = new Set(await liveSigningRuns(db));
    for (const name of work) {
      if (live.has(name)) continue;
      await fs.promises.rm(path.join(workRoot, name), { recursive: true, force: true });
      removed++;
    }
  }
  // The signer's temp directories, and the outputs of runs (tmp/signing/runs) that died before moving them.
  for (const [where, prefix] of [
    [dir, "ipasign-"],
    [path.join(dir, "runs"), ""],
    ...(db ? [] : [[workRoot, ""] as const]),
  ] as const) {
    const names = await fs.promises.readdir(where).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const st = await fs.promises.stat(path.join(where, name)).catch(() => null);
      if (!st || Date.now() - st.mtimeMs < olderThanMs) continue;
      await fs.promises.rm(path.join(where, name), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
