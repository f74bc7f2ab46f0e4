import type { SigningTaskOptions } from "@gryx/contracts";
import { one, rows, type Sql } from "./sql";

/**
 * The signing domain's tables: signing_uploads (IPAs users upload to sign), signing_tasks (one per submission),
 * signing_submissions (the daily quota's count) and the one signing_settings row.
 */

export type SigningTaskStatus = "queued" | "running" | "done" | "failed" | "cancelled";

/** One row of `signing_tasks`. */
export interface SigningTaskRow {
  id: number;
  user_id: number;
  certificate_id: number | null;
  certificate_name: string;
  source: "upload" | "app";
  upload_id: number | null;
  app_id: number | null;
  options: SigningTaskOptions;
  status: SigningTaskStatus;
  stage: string;
  progress: number;
  run_id: string;
  /** This delivery's lease (a new one per claim): only its holder moves or finishes the task. */
  run_lease: string | null;
  runs: number;
  heartbeat_at: Date | null;
  error_code: string | null;
  error_message: string | null;
  app_name: string;
  bundle_id: string;
  version: string;
  icon_url: string;
  artifact_name: string;
  artifact_size: string | null;
  report: Record<string, unknown> | null;
  charge_fen: string;
  refunded_at: Date | null;
  downloads_used: number;
  downloads_limit: number;
  download_bytes: string;
  expires_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
}

/** One row of `signing_uploads`. */
export interface SigningUploadRow {
  id: number;
  user_id: number;
  storage_key: string;
  filename: string;
  size: string;
  name: string;
  bundle_id: string;
  version: string;
  build: string;
  min_os: string | null;
  icon_url: string;
  created_at: Date;
  expires_at: Date;
}

/** The one `signing_settings` row. */
export interface SigningSettingsRow {
  id: 1;
  charge_mode: "free" | "fee" | "certificate";
  fee_fen: string;
  artifact_hours: number;
  downloads_per_task: number;
  [column: string]: unknown;
}

/** A task claimed by a run: what the run needs of it. */
export type ClaimedSigningTask = Pick<
  SigningTaskRow,
  "id" | "user_id" | "certificate_id" | "source" | "upload_id" | "app_id" | "options" | "artifact_name" | "run_id"
> & { run_lease: string };

/**
 * Claims a task for a run: only while `runId` is the task's current run and the task is queued or running; each claim
 * takes a new lease that supersedes the one before. Answers the task, or undefined when not claimed.
 */
export function claimSigningTask(db: Sql, taskId: number, runId: string): Promise<ClaimedSigningTask | undefined> {
  return one(
    db,
    `UPDATE signing_tasks SET status = 'running', stage = 'preparing', progress = 0, runs = runs + 1, heartbeat_at = now(),
            started_at = coalesce(started_at, now()), error_code = NULL, error_message = NULL, updated_at = now(), run_lease = gen_random_uuid()
      WHERE id = $1 AND run_id = $2 AND status IN ('queued', 'running')
      RETURNING id, user_id, certificate_id, source, upload_id, app_id, options, artifact_name, run_id, run_lease`,
    [taskId, runId],
  );
}

/** A task's status, or undefined when it is gone. */
export async function signingTaskStatus(db: Sql, taskId: number): Promise<SigningTaskStatus | undefined> {
  return (await one<{ status: SigningTaskStatus }>(db, `SELECT status FROM signing_tasks WHERE id = $1`, [taskId]))
    ?.status;
}

/** A run's heartbeat with its progress; answers false when the task is no longer running under this lease. */
export async function signingHeartbeat(
  db: Sql,
  taskId: number,
  lease: string,
  p: { stage: string; progress: number },
): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE signing_tasks SET heartbeat_at = now(), stage = $3, progress = $4, updated_at = now()
      WHERE id = $1 AND run_lease = $2 AND status = 'running' RETURNING id`,
    [taskId, lease, p.stage, p.progress],
  );
  return r.length > 0;
}

/**
 * Marks a task done under the run's lease (its artifact expires after the settings' artifact_hours); answers false
 * when the task was cancelled, deleted or superseded. Run it in the transaction that puts the artifact in place.
 */
export async function finishSigningTask(
  db: Sql,
  taskId: number,
  lease: string,
  r: { artifactSize: number; report: unknown; appName: string; bundleId: string; version: string },
): Promise<boolean> {
  const done = await rows(
    db,
    `UPDATE signing_tasks t SET status = 'done', stage = 'done', progress = 100, artifact_size = $3, report = $4, app_name = $5,
            bundle_id = $6, version = $7, finished_at = now(), heartbeat_at = now(), updated_at = now(),
            expires_at = now() + make_interval(hours => (SELECT artifact_hours FROM signing_settings WHERE id = 1))
      WHERE id = $1 AND run_lease = $2 AND status = 'running' RETURNING id`,
    [taskId, lease, r.artifactSize, JSON.stringify(r.report), r.appName, r.bundleId, r.version],
  );
  return done.length > 0;
}

/** A run that will be retried puts its task back in the queue (under its lease). */
export async function requeueSigningTask(db: Sql, taskId: number, lease: string): Promise<void> {
  await db.query(
    `UPDATE signing_tasks SET stage = 'queued', progress = 0, updated_at = now() WHERE id = $1 AND run_lease = $2 AND status = 'running'`,
    [taskId, lease],
  );
}

/** Fails a task under the run's lease; answers its charge (to give back), or null when it was not the run's any more. */
export async function failSigningTask(
  db: Sql,
  taskId: number,
  lease: string,
  code: string,
  message: string,
): Promise<{ chargeFen: number } | null> {
  const r = await one<{ charge_fen: string }>(
    db,
    `UPDATE signing_tasks SET status = 'failed', stage = 'failed', error_code = $3, error_message = $4, finished_at = now(), updated_at = now()
      WHERE id = $1 AND run_lease = $2 AND status = 'running' RETURNING charge_fen`,
    [taskId, lease, code, message.slice(0, 500)],
  );
  return r ? { chargeFen: Number(r.charge_fen) } : null;
}

/** The work names (`<artifact name>.<lease>`) of the runs going on now, of every worker. */
export async function liveSigningRuns(db: Sql): Promise<string[]> {
  const r = await rows<{ name: string }>(
    db,
    `SELECT artifact_name || '.' || run_lease AS name FROM signing_tasks WHERE status = 'running' AND run_lease IS NOT NULL`,
  );
  return r.map((x) => x.name);
}

/** The storage key of an uploaded IPA, or undefined when the upload is gone. */
export async function signingUploadKey(db: Sql, uploadId: number | null): Promise<string | undefined> {
  if (uploadId === null) return undefined;
  return (await one<{ key: string }>(db, `SELECT storage_key AS key FROM signing_uploads WHERE id = $1`, [uploadId]))
    ?.key;
}
