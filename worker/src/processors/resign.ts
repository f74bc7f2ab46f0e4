import fs from "node:fs";
import path from "node:path";
import { UnrecoverableError, type Job } from "bullmq";
import type { JobPayloads } from "@gryx/contracts";
import { isBadAppleInput } from "@gryx/apple/errors";
import { storeArtifact } from "./signing-files";
import { signInThread, SigningMemoryError } from "../signing/sign-thread";
import type { ProcessorContext } from "../context";
import { FAILURES, loadInputs, removeRunFiles, signInputOf, signingWorkDir, TaskFailure } from "./signing";
import {
  backupCertificate,
  claimResignItem,
  closeResignIncident,
  insertMail,
  notifyUser,
  releaseResignItem,
  renewResignLease,
  repairResignItem,
  resignItemStatus,
  resignOriginal,
  resignOwnerSummary,
  resignTask,
  ResignTaskGone,
  setResignReplacement,
  settleResignItem,
  sparePlatformCertificate,
  waitResignItem,
  warrantyReissue,
  withinWarranty,
  type ClaimedResignItem,
  type ResignTask,
} from "@gryx/store";

/**
 * 掉签自动重签: re-signs one live task of a revocation incident (a row of resign_items) with the options it was signed
 * with, on a replacement certificate chosen in order: the mall's warranty re-issue of the revoked certificate (waited
 * for while it is being issued), the owner's backup certificate (掉签后自动使用), a healthy platform certificate when
 * the revoked one was a platform certificate. None: the item ends `none` and the task shows 证书已吊销.
 *
 * Safe to run twice or to be killed anywhere: the run takes a lease on the item (renewed while it signs) and a run
 * whose lease is not the item's stops; the replacement, once chosen, is kept on the item; the new IPA is signed into
 * a file of this run and, in the one transaction that marks the item repaired and moves the task to the replacement
 * (resigned_at, resign_count + 1), renamed over the task's one artifact: the install link, manifest and download keep
 * their address and serve the new signature, and the old IPA is gone. Never charges anything.
 */

/** Re-sign failures shown on the task card and in /admin/cert-tasks. */
const RESIGN_FAILURES = {
  RESIGN_TASK_GONE: "签名包已过期或已删除，无需重签",
  RESIGN_NO_REPLACEMENT: "没有可用的替换证书：请在证书管理中设置「掉签后自动使用」的证书，或换证书重签",
  RESIGN_REPLACEMENT_REVOKED: "替换证书也已失效，请换证书重签",
} as const;

/** How long a warranty re-issue may take to appear before the next replacement is tried. */
const WARRANTY_GRACE_MS = 2 * 60_000;
/** A run waiting for a warranty re-issue looks again after this. */
const WAIT_DELAY_MS = 5_000;

type ItemRow = ClaimedResignItem;
type TaskRow = ResignTask;

type Choice =
  | { kind: "use"; certificateId: number; source: "warranty" | "backup" | "platform" | "user" }
  | { kind: "wait" }
  | { kind: "none" };

export async function resignProcessor(
  job: Job<JobPayloads["signing.resign"]>,
  ctx: ProcessorContext,
): Promise<{ status: string }> {
  const itemId = Number(job.data?.itemId);
  if (!Number.isInteger(itemId) || itemId <= 0) return { status: "gone" };
  const item = await claimResignItem(ctx.db, itemId, ctx.resignLeaseSeconds);
  if (!item) {
    const status = await resignItemStatus(ctx.db, itemId);
    return { status: status ? (status === "running" ? "busy" : status) : "gone" };
  }
  const task = await resignTask(ctx.db, item.task_id);
  if (!task || !task.live) {
    await settle(ctx, item, "failed", "RESIGN_TASK_GONE", RESIGN_FAILURES.RESIGN_TASK_GONE);
    return { status: "failed" };
  }

  let replacement = item.replacement_id;
  if (replacement === null) {
    const choice = await chooseReplacement(ctx, item, task);
    if (choice.kind === "wait") {
      await waitResignItem(ctx.db, item.id, item.lease);
      await ctx.enqueue("signing.resign", { itemId: item.id }, { delayMs: WAIT_DELAY_MS });
      return { status: "waiting" };
    }
    if (choice.kind === "none") {
      await settle(ctx, item, "none", "RESIGN_NO_REPLACEMENT", RESIGN_FAILURES.RESIGN_NO_REPLACEMENT);
      return { status: "none" };
    }
    replacement = choice.certificateId;
    await setResignReplacement(ctx.db, item.id, item.lease, replacement, choice.source);
  }

  // Apart from the signing runs' directories (a starting worker sweeps those by the tasks' leases).
  const runsDir = path.join(signingWorkDir(ctx.storageDir), "resign-runs");
  const workRoot = path.join(signingWorkDir(ctx.storageDir), "resign-work");
  const name = `${task.artifact_name}.${item.lease}`;
  // What earlier runs of a re-sign of this task left (killed): not theirs any more.
  await removeRunFiles(runsDir, task.artifact_name);
  await removeRunFiles(workRoot, task.artifact_name);
  const runOut = path.join(runsDir, name);
  const runWork = path.join(workRoot, name);
  const stop = new AbortController();
  const timeout = AbortSignal.timeout(ctx.signingTimeoutMs);
  const signal = AbortSignal.any([stop.signal, timeout, ctx.signal]);
  // Keeps the lease while the signer runs; a renewal that finds the item no longer ours stops the run.
  let renewing = Promise.resolve();
  const renew = setInterval(
    () => {
      renewing = renewing.then(async () => {
        const ours = await renewResignLease(ctx.db, item.id, item.lease, ctx.resignLeaseSeconds).catch(() => true);
        if (!ours) stop.abort(new TaskFailure("RESIGN_SUPERSEDED", "已由另一次重签接手"));
      });
    },
    Math.max(1000, (ctx.resignLeaseSeconds * 1000) / 4),
  );
  try {
    await fs.promises.mkdir(runsDir, { recursive: true });
    await fs.promises.mkdir(runWork, { recursive: true });
    const inputs = await loadInputs(ctx, { ...task, certificate_id: replacement }, path.join(runWork, "inputs"));
    const startedAt = Date.now();
    const result = await signInThread(signInputOf(ctx, task, inputs, runOut, runWork), {
      memoryLimitMb: ctx.signingMemoryLimitMb,
      signal,
    });
    const report = {
      ...result,
      certificateExpiry: result.certificateExpiry.toISOString(),
      profileExpiry: result.profileExpiry.toISOString(),
      inputSize: inputs.inputSize,
      signMs: Date.now() - startedAt,
      resign: { incidentId: item.incident_id, itemId: item.id, from: item.certificate_id, to: replacement },
      worker: ctx.workerId,
    };
    // The item repaired, the task on its new certificate and the artifact replaced, at once (the rename happens while
    // both rows are locked; a run killed after the rename and before the commit leaves the new file under the old rows,
    // and the next run signs and renames again before committing).
    const newCertificate = replacement;
    const repaired = await ctx
      .transaction(async (tx) => {
        const done = await repairResignItem(
          tx,
          { id: item.id, lease: item.lease, taskId: task.id, replacementId: newCertificate },
          { artifactSize: result.outputSize, report },
        );
        if (done) await storeArtifact(ctx.store, task.artifact_name, runOut);
        return done;
      })
      .catch((e: unknown) => {
        if (e instanceof ResignTaskGone) return null;
        throw e;
      });
    if (repaired === false) {
      // Superseded (another run holds the item now): this run's file goes.
      await fs.promises.rm(runOut, { force: true });
      return { status: "busy" };
    }
    if (repaired === null) {
      await fs.promises.rm(runOut, { force: true });
      // Still ours: the task went away under us (deleted, expired).
      await settle(ctx, item, "failed", "RESIGN_TASK_GONE", RESIGN_FAILURES.RESIGN_TASK_GONE);
      return { status: "failed" };
    }
    await announce(ctx, item, task);
    return { status: "repaired" };
  } catch (e) {
    await fs.promises.rm(runOut, { force: true }).catch(() => undefined);
    if (e instanceof TaskFailure && e.code === "RESIGN_SUPERSEDED") return { status: "busy" };
    if (e instanceof SigningMemoryError) {
      await settle(ctx, item, "failed", "SIGN_MEMORY_LIMIT", FAILURES.SIGN_MEMORY_LIMIT);
      throw new UnrecoverableError("SIGN_MEMORY_LIMIT");
    }
    if (isBadAppleInput(e)) {
      await settle(ctx, item, "failed", e.code, e.userMessage);
      throw new UnrecoverableError(`${e.code}: ${e.message}`);
    }
    if (e instanceof TaskFailure) {
      await settle(ctx, item, "failed", e.code, e.message);
      throw new UnrecoverableError(`${e.code}: ${e.message}`);
    }
    if (timeout.aborted) {
      await settle(ctx, item, "failed", "SIGN_TIMEOUT", FAILURES.SIGN_TIMEOUT);
      throw new UnrecoverableError("SIGN_TIMEOUT");
    }
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    ctx.log(`resign item ${item.id}: ${(e as Error).message}${lastAttempt ? " (last attempt)" : " (will retry)"}`);
    if (lastAttempt) await settle(ctx, item, "failed", "SIGN_FAILED", FAILURES.SIGN_FAILED);
    else await releaseResignItem(ctx.db, item.id, item.lease);
    throw e;
  } finally {
    clearInterval(renew);
    await renewing;
    await fs.promises.rm(runWork, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * The replacement for one task, in order: the warranty re-issue of the revoked mall certificate (waited for while the
 * mall issues it, and briefly while the server opens it), the owner's backup certificate, a healthy platform
 * certificate when the revoked one was a platform certificate. Certificates known revoked or expired are never chosen.
 */
async function chooseReplacement(ctx: ProcessorContext, item: ItemRow, task: TaskRow): Promise<Choice> {
  const orig = await resignOriginal(ctx.db, item.certificate_id);
  if (orig?.mall_order_id) {
    const w = await warrantyReissue(ctx.db, orig.mall_order_id);
    if (w) {
      if (w.status === "delivered" && w.certificate_id !== null && w.ok)
        return { kind: "use", certificateId: w.certificate_id, source: "warranty" };
      if (["pending", "paid", "fulfilling", "waiting"].includes(w.status)) return { kind: "wait" };
    } else if (
      // Within its warranty the server opens the re-issue as soon as it hears of the revocation: give it a moment.
      Date.now() - new Date(item.found_at).getTime() < WARRANTY_GRACE_MS &&
      (await withinWarranty(ctx.db, orig.mall_order_id))
    )
      return { kind: "wait" };
  }
  const backup = await backupCertificate(ctx.db, task.user_id, item.certificate_id);
  if (backup !== undefined) return { kind: "use", certificateId: backup, source: "backup" };
  if (orig?.scope === "platform") {
    const spare = await sparePlatformCertificate(ctx.db, item.certificate_id, orig.demo);
    if (spare !== undefined) return { kind: "use", certificateId: spare, source: "platform" };
  }
  return { kind: "none" };
}

/** Ends the item without a repair (failed, or none: no replacement) and shows it on the task. */
async function settle(
  ctx: ProcessorContext,
  item: ItemRow,
  status: "failed" | "none",
  code: string,
  message: string,
): Promise<void> {
  if (await settleResignItem(ctx.db, { id: item.id, lease: item.lease, taskId: item.task_id }, status, code, message))
    await announce(ctx, item, null);
}

/** After an item ended: the card, the incident's progress, the incident closed when nothing is left, the owner told once. */
async function announce(ctx: ProcessorContext, item: ItemRow, task: Pick<TaskRow, "id" | "user_id"> | null) {
  await ctx.events
    .publish("signing.task-updated", {
      taskId: item.task_id,
      userId: task?.user_id ?? item.user_id,
      status: "done",
      stage: "done",
      progress: 100,
    })
    .catch(() => undefined);
  await closeResignIncident(ctx.db, item.incident_id);
  await notifyOwner(ctx, item.incident_id, item.user_id);
}

/**
 * One site message and one email per incident and owner (not per task), once every task of theirs in it has ended:
 * the dedupe key makes a second writer (another item finishing at the same moment, a run repeated) a no-op.
 */
async function notifyOwner(ctx: ProcessorContext, incidentId: number, userId: number): Promise<void> {
  const r = await resignOwnerSummary(ctx.db, incidentId, userId);
  if (!r || r.open > 0 || r.repaired + r.unrepaired === 0) return;
  const title =
    r.unrepaired === 0
      ? `证书「${r.certificate_name}」掉签，已自动重签`
      : `证书「${r.certificate_name}」掉签，部分应用需换证书重签`;
  const body =
    `您的证书「${r.certificate_name}」已被苹果吊销（掉签）。` +
    (r.repaired ? `已为您自动重签 ${r.repaired} 个应用，原安装链接不变，请用原链接覆盖安装（数据保留）。` : "") +
    (r.unrepaired ? `有 ${r.unrepaired} 个应用没有可用的替换证书，请在签名页面点「换证书重签」。` : "") +
    `重签免费。`;
  const told = await notifyUser(ctx.db, userId, {
    kind: "certificate-resigned",
    title,
    body,
    link: "/signature",
    dedupeKey: `resign:${incidentId}`,
  });
  if (!told || !r.email) return;
  const outboxId = await insertMail(ctx.db, {
    to: r.email,
    subject: title,
    body: `${r.username}，您好：\n\n${body}\n`,
    kind: "certificate-resigned",
    userId,
  });
  await ctx.enqueue("email.send", { outboxId });
}
