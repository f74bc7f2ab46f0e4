import fs from "node:fs";
import path from "node:path";
import { UnrecoverableError, type Job } from "bullmq";
import type { JobPayloads, SigningTaskOptions } from "@gryx/contracts";
import { isBadAppleInput } from "@gryx/apple/errors";
import { privateFilePath } from "@gryx/platform/storage-paths";
import { signInThread, SigningMemoryError } from "../signing/sign-thread";
import type { ProcessorContext } from "../context";
import { FAILURES, loadInputs, removeRunFiles, signingWorkDir, TaskFailure } from "./signing";

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
export const RESIGN_FAILURES = {
  RESIGN_TASK_GONE: "签名包已过期或已删除，无需重签",
  RESIGN_NO_REPLACEMENT: "没有可用的替换证书：请在证书管理中设置「掉签后自动使用」的证书，或换证书重签",
  RESIGN_REPLACEMENT_REVOKED: "替换证书也已失效，请换证书重签",
} as const;

/** How long a warranty re-issue may take to appear before the next replacement is tried. */
const WARRANTY_GRACE_MS = 2 * 60_000;
/** A run waiting for a warranty re-issue looks again after this. */
const WAIT_DELAY_MS = 5_000;

interface ItemRow {
  id: number;
  incident_id: number;
  task_id: number;
  user_id: number;
  status: string;
  replacement_id: number | null;
  replacement_source: string | null;
  lease: string;
  certificate_id: number | null;
  found_at: Date;
}

interface TaskRow {
  id: number;
  user_id: number;
  status: string;
  live: boolean;
  source: "upload" | "app";
  upload_id: number | null;
  app_id: number | null;
  options: SigningTaskOptions;
  artifact_name: string;
}

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
  const claimed = await ctx.db.query<ItemRow>(
    `UPDATE resign_items i SET status = 'running', lease = gen_random_uuid(), lease_until = now() + make_interval(secs => $2),
            runs = runs + 1, updated_at = now()
       FROM resign_incidents n
      WHERE i.id = $1 AND n.id = i.incident_id
        AND (i.status IN ('pending', 'waiting') OR (i.status = 'running' AND i.lease_until < now()))
      RETURNING i.id, i.incident_id, i.task_id, i.user_id, i.status, i.replacement_id, i.replacement_source, i.lease,
                n.certificate_id, n.found_at`,
    [itemId, ctx.resignLeaseSeconds],
  );
  if (!claimed.rows.length) {
    const { rows } = await ctx.db.query<{ status: string }>(`SELECT status FROM resign_items WHERE id = $1`, [itemId]);
    return { status: rows[0] ? (rows[0].status === "running" ? "busy" : rows[0].status) : "gone" };
  }
  const item = claimed.rows[0];
  const { rows: tasks } = await ctx.db.query<TaskRow>(
    `SELECT id, user_id, status, (expires_at > now()) AS live, source, upload_id, app_id, options, artifact_name
       FROM signing_tasks WHERE id = $1`,
    [item.task_id],
  );
  const task = tasks[0];
  if (!task || task.status !== "done" || !task.live) {
    await settle(ctx, item, "failed", "RESIGN_TASK_GONE", RESIGN_FAILURES.RESIGN_TASK_GONE);
    return { status: "failed" };
  }

  let replacement = item.replacement_id;
  if (replacement === null) {
    const choice = await chooseReplacement(ctx, item, task);
    if (choice.kind === "wait") {
      await ctx.db.query(
        `UPDATE resign_items SET status = 'waiting', lease = NULL, lease_until = NULL, updated_at = now() WHERE id = $1 AND lease = $2`,
        [item.id, item.lease],
      );
      await ctx.enqueue("signing.resign", { itemId: item.id }, { delayMs: WAIT_DELAY_MS });
      return { status: "waiting" };
    }
    if (choice.kind === "none") {
      await settle(ctx, item, "none", "RESIGN_NO_REPLACEMENT", RESIGN_FAILURES.RESIGN_NO_REPLACEMENT);
      return { status: "none" };
    }
    replacement = choice.certificateId;
    await ctx.db.query(
      `UPDATE resign_items SET replacement_id = $3, replacement_source = $4, updated_at = now() WHERE id = $1 AND lease = $2`,
      [item.id, item.lease, replacement, choice.source],
    );
  }

  const outPath = privateFilePath(ctx.storageDir, `signed/${task.artifact_name}`)!;
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
        const { rows } = await ctx.db
          .query(
            `UPDATE resign_items SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease = $2 AND status = 'running' RETURNING id`,
            [item.id, item.lease, ctx.resignLeaseSeconds],
          )
          .catch(() => ({ rows: [{ id: item.id }] }));
        if (!rows.length) stop.abort(new TaskFailure("RESIGN_SUPERSEDED", "已由另一次重签接手"));
      });
    },
    Math.max(1000, (ctx.resignLeaseSeconds * 1000) / 4),
  );
  try {
    const inputs = await loadInputs(ctx, { ...task, certificate_id: replacement });
    await fs.promises.mkdir(path.dirname(outPath), { recursive: true });
    await fs.promises.mkdir(runsDir, { recursive: true });
    await fs.promises.mkdir(runWork, { recursive: true });
    const startedAt = Date.now();
    const result = await signInThread(
      {
        ipaPath: inputs.ipaPath,
        p12: inputs.p12,
        password: inputs.password,
        profile: inputs.profile,
        outPath: runOut,
        bundleId: task.options.bundleId,
        displayName: task.options.displayName,
        version: task.options.version,
        injectDylibs: inputs.dylibPaths,
        removeUISupportedDevices: task.options.removeUISupportedDevices,
        removePlugins: task.options.removePlugins,
        removeWatch: task.options.removeWatch,
        trustedRoots: ctx.trustedRootPems,
        workDir: runWork,
      },
      { memoryLimitMb: ctx.signingMemoryLimitMb, signal },
    );
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
    const db = await ctx.db.connect();
    let repaired = false;
    try {
      await db.query("BEGIN");
      const done = await db.query(
        `UPDATE resign_items SET status = 'repaired', lease = NULL, lease_until = NULL, error_code = NULL, error_message = NULL,
                finished_at = now(), updated_at = now()
          WHERE id = $1 AND lease = $2 AND status = 'running' RETURNING id`,
        [item.id, item.lease],
      );
      const moved = done.rows.length
        ? await db.query(
            `UPDATE signing_tasks SET certificate_id = c.id, certificate_name = c.name, resigned_at = now(),
                    resign_count = resign_count + 1, resign_state = 'repaired', artifact_size = $3, report = $4, updated_at = now()
               FROM certificates c
              WHERE signing_tasks.id = $1 AND c.id = $2 AND signing_tasks.status = 'done' AND signing_tasks.expires_at > now()
              RETURNING signing_tasks.id`,
            [task.id, replacement, result.outputSize, JSON.stringify(report)],
          )
        : { rows: [] };
      if (moved.rows.length) {
        await fs.promises.rename(runOut, outPath);
        repaired = true;
        await db.query("COMMIT");
      } else await db.query("ROLLBACK");
    } catch (e) {
      await db.query("ROLLBACK").catch(() => undefined);
      throw e;
    } finally {
      db.release();
    }
    if (!repaired) {
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
    else
      await ctx.db.query(
        `UPDATE resign_items SET status = 'pending', lease = NULL, lease_until = NULL, updated_at = now() WHERE id = $1 AND lease = $2 AND status = 'running'`,
        [item.id, item.lease],
      );
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
  const { rows: origRows } = await ctx.db.query<{ scope: string; mall_order_id: number | null; demo: boolean }>(
    `SELECT scope, mall_order_id, demo FROM certificates WHERE id = $1`,
    [item.certificate_id],
  );
  const orig = origRows[0];
  const healthy = `c.status NOT IN ('revoked', 'expired') AND c.expires_at > now() AND NOT EXISTS (SELECT 1 FROM resign_incidents x WHERE x.certificate_id = c.id)`;
  if (orig?.mall_order_id) {
    const { rows } = await ctx.db.query<{ status: string; certificate_id: number | null; ok: boolean | null }>(
      `SELECT w.status, w.certificate_id, (SELECT ${healthy} FROM certificates c WHERE c.id = w.certificate_id) AS ok
         FROM mall_orders w WHERE w.parent_order_id = $1 AND w.kind = 'warranty' ORDER BY w.id DESC LIMIT 1`,
      [orig.mall_order_id],
    );
    const w = rows[0];
    if (w) {
      if (w.status === "delivered" && w.certificate_id !== null && w.ok)
        return { kind: "use", certificateId: w.certificate_id, source: "warranty" };
      if (["pending", "paid", "fulfilling", "waiting"].includes(w.status)) return { kind: "wait" };
    } else {
      const { rows: parent } = await ctx.db.query<{ within: boolean }>(
        `SELECT (warranty_until IS NOT NULL AND warranty_until > now()) AS within FROM mall_orders WHERE id = $1`,
        [orig.mall_order_id],
      );
      // Within its warranty the server opens the re-issue as soon as it hears of the revocation: give it a moment.
      if (parent[0]?.within && Date.now() - new Date(item.found_at).getTime() < WARRANTY_GRACE_MS)
        return { kind: "wait" };
    }
  }
  const { rows: backup } = await ctx.db.query<{ id: number }>(
    `SELECT c.id FROM certificates c WHERE c.user_id = $1 AND c.auto_resign AND c.id <> $2 AND ${healthy} LIMIT 1`,
    [task.user_id, item.certificate_id ?? 0],
  );
  if (backup[0]) return { kind: "use", certificateId: backup[0].id, source: "backup" };
  if (orig?.scope === "platform") {
    const { rows: platform } = await ctx.db.query<{ id: number }>(
      `SELECT c.id FROM certificates c WHERE c.scope = 'platform' AND c.id <> $1 AND ${healthy}
        ORDER BY (c.demo = $2) DESC, (c.status = 'valid') DESC, c.checked_at DESC NULLS LAST, c.id LIMIT 1`,
      [item.certificate_id ?? 0, orig.demo],
    );
    if (platform[0]) return { kind: "use", certificateId: platform[0].id, source: "platform" };
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
  const { rows } = await ctx.db.query(
    `UPDATE resign_items SET status = $3, lease = NULL, lease_until = NULL, error_code = $4, error_message = $5,
            finished_at = now(), updated_at = now()
      WHERE id = $1 AND lease = $2 AND status = 'running' RETURNING task_id`,
    [item.id, item.lease, status, code, message.slice(0, 500)],
  );
  if (rows.length)
    await ctx.db.query(
      `UPDATE signing_tasks SET resign_state = $2, updated_at = now() WHERE id = $1 AND resign_state = 'repairing'`,
      [item.task_id, status === "none" ? "revoked" : "failed"],
    );
  if (rows.length) await announce(ctx, item, null);
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
  await ctx.db.query(
    `UPDATE resign_incidents n SET status = CASE WHEN EXISTS (SELECT 1 FROM resign_items WHERE incident_id = n.id AND status IN ('failed', 'none')) THEN 'failed' ELSE 'completed' END,
            finished_at = now()
      WHERE n.id = $1 AND n.status = 'repairing'
        AND NOT EXISTS (SELECT 1 FROM resign_items WHERE incident_id = n.id AND status IN ('pending', 'waiting', 'running'))`,
    [item.incident_id],
  );
  await ctx.events.publish("signing.resign-progress", { incidentId: item.incident_id }).catch(() => undefined);
  await notifyOwner(ctx, item.incident_id, item.user_id);
}

/**
 * One site message and one email per incident and owner (not per task), once every task of theirs in it has ended:
 * the dedupe key makes a second writer (another item finishing at the same moment, a run repeated) a no-op.
 */
async function notifyOwner(ctx: ProcessorContext, incidentId: number, userId: number): Promise<void> {
  const { rows } = await ctx.db.query<{
    open: number;
    repaired: number;
    unrepaired: number;
    certificate_name: string;
    email: string | null;
    username: string;
  }>(
    `SELECT count(*) FILTER (WHERE i.status IN ('pending', 'waiting', 'running'))::int AS open,
            count(*) FILTER (WHERE i.status = 'repaired')::int AS repaired,
            count(*) FILTER (WHERE i.status IN ('failed', 'none'))::int AS unrepaired,
            min(n.certificate_name) AS certificate_name, min(u.email) AS email, min(u.username) AS username
       FROM resign_items i JOIN resign_incidents n ON n.id = i.incident_id JOIN users u ON u.id = i.user_id
      WHERE i.incident_id = $1 AND i.user_id = $2`,
    [incidentId, userId],
  );
  const r = rows[0];
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
  const inserted = await ctx.db.query(
    `INSERT INTO user_notifications (user_id, kind, title, body, link, dedupe_key) VALUES ($1, 'certificate-resigned', $2, $3, '/signature', $4)
     ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id`,
    [userId, title, body, `resign:${incidentId}`],
  );
  if (!inserted.rows.length || !r.email) return;
  const mail = await ctx.db.query<{ id: number }>(
    `INSERT INTO email_outbox (to_address, subject, body, kind) VALUES ($1, $2, $3, 'certificate-resigned') RETURNING id`,
    [r.email, title, `${r.username}，您好：\n\n${body}\n`],
  );
  await ctx.enqueue("email.send", { outboxId: mail.rows[0].id });
}
