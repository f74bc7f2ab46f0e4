import type { SigningTaskOptions } from "@gryx/contracts";
import { newestFirstPage, one, result, rows, type Sql } from "./sql";

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
  /** 掉签自动重签 (the resign owner): the last re-sign, how many, and the state (repairing, repaired, revoked, failed). */
  resigned_at: Date | null;
  resign_count: number;
  resign_state: "repairing" | "repaired" | "revoked" | "failed" | null;
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
  /** Signings per user per day (0: no limit). */
  daily_limit: number;
  max_upload_mb: number;
  updated_at: Date;
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

// ---- the server's side: settings ------------------------------------------------------------------------------------

export function signingSettingsRow(db: Sql): Promise<SigningSettingsRow> {
  return one<SigningSettingsRow>(db, `SELECT * FROM signing_settings WHERE id = 1`).then((r) => r!);
}

export async function updateSigningSettings(
  db: Sql,
  s: {
    chargeMode: string;
    feeFen: number;
    artifactHours: number;
    downloadsPerTask: number;
    dailyLimit: number;
    maxUploadMb: number;
  },
): Promise<void> {
  await db.query(
    `UPDATE signing_settings SET charge_mode = $1, fee_fen = $2, artifact_hours = $3, downloads_per_task = $4, daily_limit = $5,
            max_upload_mb = $6, updated_at = now() WHERE id = 1`,
    [s.chargeMode, s.feeFen, s.artifactHours, s.downloadsPerTask, s.dailyLimit, s.maxUploadMb],
  );
}

// ---- uploads --------------------------------------------------------------------------------------------------------

export function insertSigningUpload(
  db: Sql,
  u: {
    userId: number;
    storageKey: string;
    filename: string;
    size: number;
    name: string;
    bundleId: string;
    version: string;
    build: string;
    minOs: string | null;
    iconUrl: string;
    hours: number;
  },
): Promise<SigningUploadRow> {
  return one<SigningUploadRow>(
    db,
    `INSERT INTO signing_uploads (user_id, storage_key, filename, size, name, bundle_id, version, build, min_os, icon_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(hours => $11)) RETURNING *`,
    [u.userId, u.storageKey, u.filename, u.size, u.name, u.bundleId, u.version, u.build, u.minOs, u.iconUrl, u.hours],
  ).then((r) => r!);
}

/** The user's uploads not yet expired, newest first. */
export function signingUploadsOf(db: Sql, userId: number): Promise<SigningUploadRow[]> {
  return rows(db, `SELECT * FROM signing_uploads WHERE user_id = $1 AND expires_at > now() ORDER BY id DESC LIMIT 50`, [
    userId,
  ]);
}

/** One of the user's uploads, unless expired. */
export function liveSigningUpload(db: Sql, id: number, userId: number): Promise<SigningUploadRow | undefined> {
  return one(db, `SELECT * FROM signing_uploads WHERE id = $1 AND user_id = $2 AND expires_at > now()`, [id, userId]);
}

/** Removes expired uploads no queued or running task needs; answers their files. */
export async function deleteExpiredSigningUploads(db: Sql): Promise<{ storage_key: string; icon_url: string }[]> {
  return (
    await result<{ storage_key: string; icon_url: string }>(
      db,
      `DELETE FROM signing_uploads u WHERE expires_at <= now()
         AND NOT EXISTS (SELECT 1 FROM signing_tasks t WHERE t.upload_id = u.id AND t.status IN ('queued', 'running'))
       RETURNING storage_key, icon_url`,
    )
  ).rows;
}

// ---- tasks ----------------------------------------------------------------------------------------------------------

/** A task with its owner's name (what views show). */
export type SigningTaskWithUser = SigningTaskRow & { username: string | null };

const TASK_SELECT = `SELECT t.*, u.username FROM signing_tasks t LEFT JOIN users u ON u.id = t.user_id`;

/** One task (of `userId` when given), with its owner's name. */
export function signingTask(db: Sql, id: number, userId?: number): Promise<SigningTaskWithUser | undefined> {
  return one(
    db,
    `${TASK_SELECT} WHERE t.id = $1 ${userId === undefined ? "" : "AND t.user_id = $2"}`,
    userId === undefined ? [id] : [id, userId],
  );
}

/** What a task list may be filtered by (checked by the caller). */
export interface SigningTaskFilter {
  userId?: number;
  status?: SigningTaskStatus;
  /** An owner by id. */
  ownerId?: number;
  /** An owner's name (an ILIKE pattern). */
  usernameLike?: string;
  certificateId?: number;
  /** Business days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string;
  to?: string;
  timeZone: string;
}

/**
 * A page of tasks, newest first, with the total of the filter. With `afterId` (a keyset cursor: the last task seen)
 * the page continues below that id, an index range, instead of skipping `offset` rows. The count is its own statement
 * and joins users only when the filter reads a username (every task has its user).
 */
export function signingTaskPage(
  db: Sql,
  f: SigningTaskFilter,
  limit: number,
  offset: number,
  afterId?: number,
): Promise<{ rows: SigningTaskWithUser[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace("?", `$${params.length}`));
  };
  if (f.userId !== undefined) add("t.user_id = ?", f.userId);
  if (f.status) add("t.status = ?", f.status);
  if (f.ownerId !== undefined) add("t.user_id = ?", f.ownerId);
  if (f.usernameLike) add("u.username ILIKE ?", f.usernameLike);
  if (f.certificateId !== undefined) add("t.certificate_id = ?", f.certificateId);
  if (f.from || f.to) {
    params.push(f.timeZone);
    const tz = `$${params.length}`;
    if (f.from) add(`t.created_at >= (?::date::timestamp AT TIME ZONE ${tz})`, f.from);
    if (f.to) add(`t.created_at < ((?::date + 1)::timestamp AT TIME ZONE ${tz})`, f.to);
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const from = f.usernameLike ? "signing_tasks t LEFT JOIN users u ON u.id = t.user_id" : "signing_tasks t";
  return newestFirstPage<SigningTaskWithUser>(db, {
    select: TASK_SELECT,
    alias: "t",
    from,
    where: whereSql,
    params,
    limit,
    offset,
    after: afterId,
  });
}

/** Serialises one user's submissions (inside the submitting transaction). */
export async function lockSigningSubmissions(db: Sql, userId: number): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(7310011, $1)`, [userId]);
}

/** The user's queued or running tasks, and submissions since the start of today in `timeZone`. */
export async function signingSubmissionCounts(
  db: Sql,
  userId: number,
  timeZone: string,
): Promise<{ active: number; today: number }> {
  return (await one<{ active: number; today: number }>(
    db,
    `SELECT (SELECT count(*) FROM signing_tasks WHERE user_id = $1 AND status IN ('queued', 'running'))::int AS active,
            (SELECT count(*) FROM signing_submissions WHERE user_id = $1 AND at >= (date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2))::int AS today`,
    [userId, timeZone],
  ))!;
}

/** Counts a submission (a task made, or retried by its owner) for the daily limit. */
export async function recordSigningSubmission(db: Sql, userId: number, taskId: number): Promise<void> {
  await db.query(`INSERT INTO signing_submissions (user_id, task_id) VALUES ($1, $2)`, [userId, taskId]);
}

/** Submissions count for the daily limit only on their day: older ones go. */
export async function pruneSigningSubmissions(db: Sql): Promise<void> {
  await db.query(`DELETE FROM signing_submissions WHERE at < now() - interval '3 days'`);
}

export async function insertSigningTask(
  db: Sql,
  t: {
    userId: number;
    certificateId: number;
    certificateName: string;
    source: "upload" | "app";
    uploadId: number | null;
    appId: number | null;
    options: SigningTaskOptions;
    runId: string;
    appName: string;
    bundleId: string;
    version: string;
    iconUrl: string;
    artifactName: string;
    chargeFen: number;
    downloadsLimit: number;
  },
): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO signing_tasks (user_id, certificate_id, certificate_name, source, upload_id, app_id, options, run_id, app_name, bundle_id,
                                version, icon_url, artifact_name, charge_fen, downloads_limit)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      t.userId,
      t.certificateId,
      t.certificateName,
      t.source,
      t.uploadId,
      t.appId,
      JSON.stringify(t.options),
      t.runId,
      t.appName,
      t.bundleId,
      t.version,
      t.iconUrl,
      t.artifactName,
      t.chargeFen,
      t.downloadsLimit,
    ],
  );
  return r!.id;
}

/** Cancels a queued or running task (of `userId` when not null); answers false when it was neither. */
export async function cancelSigningTask(db: Sql, id: number, userId: number | null): Promise<boolean> {
  const r = await result(
    db,
    `UPDATE signing_tasks SET status = 'cancelled', stage = 'cancelled', finished_at = now(), updated_at = now()
      WHERE id = $1 AND ($2::int IS NULL OR user_id = $2) AND status IN ('queued', 'running') RETURNING id`,
    [id, userId],
  );
  return r.rows.length > 0;
}

/** A task's owner (the task of `userId` when not null), or undefined. */
export async function signingTaskOwner(db: Sql, id: number, userId: number | null): Promise<number | undefined> {
  return (
    await one<{ user_id: number }>(
      db,
      `SELECT user_id FROM signing_tasks WHERE id = $1 AND ($2::int IS NULL OR user_id = $2)`,
      [id, userId],
    )
  )?.user_id;
}

/** Locks a task's row (in a transaction); of `userId` when given. */
export function lockSigningTask(db: Sql, id: number, userId?: number): Promise<SigningTaskRow | undefined> {
  return userId === undefined
    ? one(db, `SELECT * FROM signing_tasks WHERE id = $1 FOR UPDATE`, [id])
    : one(db, `SELECT * FROM signing_tasks WHERE id = $1 AND user_id = $2 FOR UPDATE`, [id, userId]);
}

/** A failed or cancelled task runs again: a new run id, the charge it now carries, the refund mark cleared when asked. */
export async function restartSigningTask(
  db: Sql,
  id: number,
  r: { runId: string; chargeFen: number; clearRefund: boolean },
): Promise<void> {
  await db.query(
    `UPDATE signing_tasks SET status = 'queued', stage = 'queued', progress = 0, error_code = NULL, error_message = NULL, run_id = $2,
            heartbeat_at = NULL, started_at = NULL, finished_at = NULL, expires_at = NULL, charge_fen = $3,
            refunded_at = CASE WHEN $4::boolean THEN NULL ELSE refunded_at END, updated_at = now()
      WHERE id = $1`,
    [id, r.runId, r.chargeFen, r.clearRefund],
  );
}

export async function deleteSigningTask(db: Sql, id: number): Promise<void> {
  await db.query(`DELETE FROM signing_tasks WHERE id = $1`, [id]);
}

/** Marks a failed or cancelled task's charge as given back, once; answers whose and how much, or undefined. */
export async function markSigningRefunded(
  db: Sql,
  taskId: number,
): Promise<{ user_id: number; charge_fen: string; app_name: string } | undefined> {
  return (
    await result<{ user_id: number; charge_fen: string; app_name: string }>(
      db,
      `UPDATE signing_tasks SET refunded_at = now() WHERE id = $1 AND refunded_at IS NULL AND charge_fen > 0 AND status IN ('failed', 'cancelled')
       RETURNING user_id, charge_fen, app_name`,
      [taskId],
    )
  ).rows[0];
}

/** Failed or cancelled tasks whose charge is still owed (a crash between failing and refunding). */
export async function owedSigningRefunds(db: Sql): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    `SELECT id FROM signing_tasks WHERE status IN ('failed', 'cancelled') AND refunded_at IS NULL AND charge_fen > 0 AND updated_at < now() - interval '1 minute'`,
  );
  return r.map((x) => x.id);
}

// ---- downloads --------------------------------------------------------------------------------------------------------

/**
 * Reserves `length` bytes of a task's download allowance (`downloads_limit` whole IPAs of `size`, past `slack`
 * bytes); answers false when that would pass it.
 */
export async function reserveSigningDownload(
  db: Sql,
  id: number,
  length: number,
  size: number,
  slack: number,
): Promise<boolean> {
  const r = await result(
    db,
    `UPDATE signing_tasks SET download_bytes = download_bytes + $2,
            downloads_used = GREATEST(downloads_used, ceil(GREATEST(download_bytes + $2 - $4, 0)::numeric / $3)::int), updated_at = now()
      WHERE id = $1 AND ceil(GREATEST(download_bytes + $2 - $4, 0)::numeric / $3) <= downloads_limit RETURNING id`,
    [id, length, size, slack],
  );
  return r.rows.length > 0;
}

/** Gives back the bytes of a reservation that were not sent. */
export async function releaseSigningDownload(
  db: Sql,
  id: number,
  unsent: number,
  size: number,
  slack: number,
): Promise<void> {
  await db.query(
    `UPDATE signing_tasks SET download_bytes = GREATEST(0, download_bytes - $2),
            downloads_used = ceil(GREATEST(download_bytes - $2 - $4, 0)::numeric / $3)::int, updated_at = now()
      WHERE id = $1`,
    [id, unsent, size, slack],
  );
}

/** Takes one whole download from a task's allowance; answers false when none is left. */
export async function takeSigningDownload(db: Sql, id: number): Promise<boolean> {
  const r = await result(
    db,
    `UPDATE signing_tasks SET downloads_used = downloads_used + 1, download_bytes = (downloads_used + 1)::bigint * coalesce(artifact_size, 0), updated_at = now()
      WHERE id = $1 AND downloads_used < downloads_limit RETURNING id`,
    [id],
  );
  return r.rows.length > 0;
}

/** More downloads for a task (at most 100,000 in all); answers false when the task is gone. */
export async function addSigningDownloads(db: Sql, id: number, n: number): Promise<boolean> {
  const r = await result(
    db,
    `UPDATE signing_tasks SET downloads_limit = LEAST(downloads_limit + $2, 100000), updated_at = now() WHERE id = $1 RETURNING id`,
    [id, n],
  );
  return r.rows.length > 0;
}

// ---- overview and cleanup -------------------------------------------------------------------------------------------

export async function signingStatusCounts(
  db: Sql,
): Promise<{ queued: number; running: number; done: number; failed: number; cancelled: number }> {
  return (await one<{ queued: number; running: number; done: number; failed: number; cancelled: number }>(
    db,
    `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'running')::int AS running,
            count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE status = 'failed')::int AS failed,
            count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled FROM signing_tasks`,
  ))!;
}

/** Tasks made per business day in `timeZone`, the last 14 days, oldest first. */
export function signingPerDay(db: Sql, timeZone: string): Promise<{ day: string; count: number }[]> {
  return rows(
    db,
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(n, 0)::int AS count
       FROM generate_series((now() AT TIME ZONE $1)::date - 13, (now() AT TIME ZONE $1)::date, interval '1 day') AS d
       LEFT JOIN (SELECT (created_at AT TIME ZONE $1)::date AS day, count(*) AS n FROM signing_tasks
                   WHERE created_at >= now() - interval '15 days' GROUP BY 1) x ON x.day = d::date
      ORDER BY d`,
    [timeZone],
  );
}

/** Done tasks past their artifact's lifetime lose it (artifact_size cleared); answers their artifact names. */
export async function expireSigningArtifacts(
  db: Sql,
): Promise<{ id: number; artifact_name: string; user_id: number }[]> {
  return (
    await result<{ id: number; artifact_name: string; user_id: number }>(
      db,
      `UPDATE signing_tasks SET artifact_size = NULL, updated_at = now() WHERE status = 'done' AND expires_at <= now() AND artifact_size IS NOT NULL
       RETURNING id, artifact_name, user_id`,
    )
  ).rows;
}

/** Queued tasks not moved, and running ones without a heartbeat, for `staleSeconds`. */
export function staleSigningTasks(db: Sql, staleSeconds: number): Promise<{ id: number; run_id: string }[]> {
  return rows(
    db,
    `SELECT id, run_id FROM signing_tasks
      WHERE (status = 'queued' AND updated_at < now() - make_interval(secs => $1))
         OR (status = 'running' AND coalesce(heartbeat_at, updated_at) < now() - make_interval(secs => $1))`,
    [staleSeconds],
  );
}

/** A task whose job was lost gets a new run (only while `runId` is still its run); answers whether it moved. */
export async function newSigningRun(db: Sql, id: number, runId: string): Promise<boolean> {
  const r = await result(
    db,
    `UPDATE signing_tasks SET status = 'queued', stage = 'queued', progress = 0, run_id = gen_random_uuid(), heartbeat_at = NULL, updated_at = now()
      WHERE id = $1 AND run_id = $2 AND status IN ('queued', 'running') RETURNING id`,
    [id, runId],
  );
  return r.rows.length > 0;
}
