import { one, result, rows, tableExists, type Sql } from "./sql";
import type { CertificateStatus } from "./certificates";

/** A status check task with what running it needs: the certificate's public material, its owner, the owner's devices. */
export interface CheckTaskRow {
  id: number;
  status: string;
  batch_id: number | null;
  certificate_id: number;
  user_id: number | null;
  certificate_der: Buffer;
  chain_der: Buffer[];
  /** The MD5 of the profile's bytes (PostgreSQL computes it): the bytes are read only when not parsed already. */
  profile_md5: string;
  name: string;
  email: string | null;
  username: string | null;
  /** The owner's bound devices (UDIDs). */
  udids: string[];
}

let devicesTable: { exists: Promise<boolean>; at: number } | undefined;
/** Whether the devices table exists (a worker started before the server's migrations has none); asked again after a minute. */
function devicesTableExists(db: Sql): Promise<boolean> {
  if (!devicesTable || Date.now() - devicesTable.at > 60_000) {
    devicesTable = { exists: tableExists(db, "devices").catch(() => false), at: Date.now() };
  }
  return devicesTable.exists;
}

/**
 * One check task in one round trip: the task, the certificate's public material, the owner and (once the table
 * exists) the owner's bound devices. Named statements (two variants: with and without devices).
 */
export async function checkTask(db: Sql, taskId: number): Promise<CheckTaskRow | undefined> {
  const withDevices = await devicesTableExists(db);
  return one<CheckTaskRow>(
    db,
    `SELECT t.id, t.status, t.batch_id, c.id AS certificate_id, c.user_id, c.certificate_der, c.chain_der, md5(c.profile) AS profile_md5, c.name,
            u.email, u.username,
            ${withDevices ? "ARRAY(SELECT d.udid FROM devices d WHERE d.user_id = c.user_id AND d.unbound_at IS NULL)" : "'{}'::text[]"} AS udids
       FROM certificate_checks t
       JOIN certificates c ON c.id = t.certificate_id
       LEFT JOIN users u ON u.id = c.user_id
      WHERE t.id = $1`,
    [taskId],
    withDevices ? "cert-check-task-devices" : "cert-check-task",
  );
}

/**
 * The tasks of a detection batch's part still to run (status "checking"), in one round trip, with what running them
 * needs (as `checkTask`): a part is up to a few hundred tasks of one batch.
 */
export async function openCheckTasks(db: Sql, taskIds: number[]): Promise<CheckTaskRow[]> {
  if (!taskIds.length) return [];
  const withDevices = await devicesTableExists(db);
  return rows<CheckTaskRow>(
    db,
    `SELECT t.id, t.status, t.batch_id, c.id AS certificate_id, c.user_id, c.certificate_der, c.chain_der, md5(c.profile) AS profile_md5, c.name,
            u.email, u.username,
            ${withDevices ? "ARRAY(SELECT d.udid FROM devices d WHERE d.user_id = c.user_id AND d.unbound_at IS NULL)" : "'{}'::text[]"} AS udids
       FROM certificate_checks t
       JOIN certificates c ON c.id = t.certificate_id
       LEFT JOIN users u ON u.id = c.user_id
      WHERE t.id = ANY($1::int[]) AND t.status = 'checking'
      ORDER BY t.id`,
    [taskIds],
    withDevices ? "cert-check-open-tasks-devices" : "cert-check-open-tasks",
  );
}

/** A check's result. */
export interface CheckOutcome {
  status: Exclude<CertificateStatus, "unchecked">;
  ocsp: string;
  reason: string | null;
  report: unknown;
  nextUpdate: Date | null;
}

/**
 * Stores a check's result in one statement: the task takes it only while still "checking" (a batch cancelled
 * meanwhile keeps its tasks cancelled), and the certificate's status columns follow it. Answers when it finished, or
 * null when the task was no longer checking.
 */
export async function finishCheck(db: Sql, taskId: number, r: CheckOutcome): Promise<Date | null> {
  const done = await one<{ finished_at: Date }>(
    db,
    `WITH t AS (
       UPDATE certificate_checks SET status = $2, ocsp_status = $3, reason = $4, report = $5, next_update = $6, finished_at = now()
        WHERE id = $1 AND status = 'checking' RETURNING certificate_id, finished_at
     )
     UPDATE certificates c SET status = $2, status_reason = $4, checked_at = t.finished_at FROM t WHERE c.id = t.certificate_id
     RETURNING t.finished_at`,
    [taskId, r.status, r.ocsp, r.reason, r.report ? JSON.stringify(r.report) : null, r.nextUpdate],
    "cert-check-finish",
  );
  return done?.finished_at ?? null;
}

/**
 * Stores many checks' results in one statement (a detection batch's part): as `finishCheck`, each task takes its
 * result only while still "checking" and its certificate's status columns follow. Answers the ids of the tasks that
 * took their result (a task missing from it was cancelled with its batch, or deleted, meanwhile).
 */
export async function finishChecks(db: Sql, results: (CheckOutcome & { taskId: number })[]): Promise<number[]> {
  if (!results.length) return [];
  const done = await rows<{ id: number }>(
    db,
    `WITH r AS (
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::timestamptz[])
         AS r(id, status, ocsp, reason, report, next_update)
     ), t AS (
       UPDATE certificate_checks k SET status = r.status, ocsp_status = r.ocsp, reason = r.reason, report = r.report,
              next_update = r.next_update, finished_at = now()
         FROM r WHERE k.id = r.id AND k.status = 'checking'
       RETURNING k.id, k.certificate_id, k.status, k.reason, k.finished_at
     ), c AS (
       UPDATE certificates c SET status = t.status, status_reason = t.reason, checked_at = t.finished_at
         FROM t WHERE c.id = t.certificate_id
     )
     SELECT id FROM t`,
    [
      results.map((r) => r.taskId),
      results.map((r) => r.status),
      results.map((r) => r.ocsp),
      results.map((r) => r.reason),
      results.map((r) => (r.report ? JSON.stringify(r.report) : null)),
      results.map((r) => r.nextUpdate),
    ],
    "cert-check-finish-many",
  );
  return done.map((d) => Number(d.id));
}

/** A check task's status, or undefined when it is gone. */
export async function checkStatus(db: Sql, taskId: number): Promise<string | undefined> {
  return (await one<{ status: string }>(db, `SELECT status FROM certificate_checks WHERE id = $1`, [taskId]))?.status;
}

/**
 * Completes a detection batch whose children all ran: a child that failed every attempt (the database was away) left
 * its task open, and counts as an error. Answers the batch's status (`completed` when this call completed it).
 */
export async function completeBatch(db: Sql, batchId: number): Promise<{ completed: boolean; status?: string }> {
  await db.query(
    `UPDATE certificate_checks SET status = 'error', ocsp_status = 'error', reason = '检测任务失败，请重试', finished_at = now()
      WHERE batch_id = $1 AND status = 'checking'`,
    [batchId],
  );
  const done = await result(
    db,
    `UPDATE detection_batches SET status = 'completed', finished_at = now() WHERE id = $1 AND status = 'running' RETURNING status`,
    [batchId],
  );
  if (done.rows.length) return { completed: true, status: "completed" };
  const now = await rows<{ status: string }>(db, `SELECT status FROM detection_batches WHERE id = $1`, [batchId]);
  return { completed: false, status: now[0]?.status };
}

// ---- the server's side: tasks, batches ------------------------------------------------------------------------------

/** A check task as its views read it (with its certificate's name and owner). */
export interface CheckViewRow {
  id: number;
  certificate_id: number;
  certificate_name: string;
  user_id: number | null;
  username: string | null;
  batch_id: number | null;
  status: string;
  ocsp_status: string | null;
  reason: string | null;
  report: Record<string, unknown> | null;
  next_update: Date | null;
  created_at: Date;
  finished_at: Date | null;
}

const TASK_SELECT = `
  SELECT t.id, t.certificate_id, c.name AS certificate_name, c.user_id, u.username, t.batch_id, t.status, t.ocsp_status, t.reason,
         t.report, t.next_update, t.created_at, t.finished_at
    FROM certificate_checks t
    JOIN certificates c ON c.id = t.certificate_id
    LEFT JOIN users u ON u.id = c.user_id`;

/** A new single check of a certificate; answers its id. */
export async function insertCheck(db: Sql, certificateId: number, requestedBy: number): Promise<number> {
  const r = await one<{ id: number }>(
    db,
    `INSERT INTO certificate_checks (certificate_id, requested_by) VALUES ($1, $2) RETURNING id`,
    [certificateId, requestedBy],
  );
  return r!.id;
}

/** One check task (of a certificate of `ownerId` when given). */
export function checkView(db: Sql, id: number, ownerId?: number): Promise<CheckViewRow | undefined> {
  return ownerId === undefined
    ? one(db, `${TASK_SELECT} WHERE t.id = $1`, [id])
    : one(db, `${TASK_SELECT} WHERE t.id = $1 AND c.user_id = $2`, [id, ownerId]);
}

/** A user's check tasks (of one certificate when given), newest first, with the total. */
export async function checksOf(
  db: Sql,
  ownerId: number,
  certificateId: number | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: CheckViewRow[]; total: number }> {
  const params: unknown[] = [ownerId];
  let where = `c.user_id = $1`;
  if (certificateId !== undefined) {
    params.push(certificateId);
    where += ` AND t.certificate_id = $2`;
  }
  const count = await one<{ total: number }>(
    db,
    `SELECT count(*)::int AS total FROM certificate_checks t JOIN certificates c ON c.id = t.certificate_id WHERE ${where}`,
    params,
  );
  const page = await rows<CheckViewRow>(
    db,
    `${TASK_SELECT} WHERE ${where} ORDER BY t.id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    params,
  );
  return { rows: page, total: count?.total ?? 0 };
}

/** Which certificates a detection batch takes: scope, status as the lists show it, a search in names and owner. */
export interface DetectionFilter {
  scope: "user" | "temp" | "platform" | "all";
  status: "all" | "unchecked" | "valid" | "revoked" | "expired" | "error";
  /** An ILIKE pattern over name, common name, team id and the owner's name. */
  searchLike: string | null;
}

/** The WHERE clause (over certificates c and their owner u) of a filter, with its parameters from `$first`. */
function filterSql(f: DetectionFilter, first: number): { where: string; params: unknown[] } {
  // Every certificate, the demo certificate (演示证书) too: the default run answers for its demo CA (its OCSP responder).
  const parts: string[] = ["TRUE"];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${first + params.length - 1}`;
  };
  if (f.scope !== "all") parts.push(`c.scope = ${p(f.scope)}`);
  if (f.status === "expired") parts.push(`c.status <> 'revoked' AND (c.status = 'expired' OR c.expires_at <= now())`);
  else if (f.status === "revoked") parts.push(`c.status = 'revoked'`);
  else if (f.status !== "all") parts.push(`c.status = ${p(f.status)} AND c.expires_at > now()`);
  if (f.searchLike) {
    const like = p(f.searchLike);
    parts.push(
      `(c.name ILIKE ${like} OR c.common_name ILIKE ${like} OR c.team_id ILIKE ${like} OR u.username ILIKE ${like})`,
    );
  }
  return { where: parts.join(" AND "), params };
}

/** How many certificates a filter chooses now. */
export async function countForFilter(db: Sql, f: DetectionFilter): Promise<number> {
  const { where, params } = filterSql(f, 1);
  const r = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM certificates c LEFT JOIN users u ON u.id = c.user_id WHERE ${where}`,
    params,
  );
  return r?.n ?? 0;
}

/**
 * A batch and one task per certificate the filter chooses (in the caller's transaction; a second running batch fails
 * on the unique index, 23505). Answers the batch and its task ids (none: the caller refuses the empty batch).
 */
export async function insertBatch(
  db: Sql,
  adminId: number,
  filterJson: unknown,
  f: DetectionFilter,
): Promise<{ batchId: number; taskIds: number[] }> {
  const b = await one<{ id: number }>(
    db,
    `INSERT INTO detection_batches (created_by, filter) VALUES ($1, $2) RETURNING id`,
    [adminId, JSON.stringify(filterJson)],
  );
  const { where, params } = filterSql(f, 3);
  const tasks = await rows<{ id: number }>(
    db,
    `INSERT INTO certificate_checks (certificate_id, batch_id, requested_by)
     SELECT c.id, $1, $2 FROM certificates c LEFT JOIN users u ON u.id = c.user_id WHERE ${where} ORDER BY c.id
     RETURNING id`,
    [b!.id, adminId, ...params],
  );
  if (tasks.length) await db.query(`UPDATE detection_batches SET total = $2 WHERE id = $1`, [b!.id, tasks.length]);
  return { batchId: b!.id, taskIds: tasks.map((t) => t.id) };
}

/** Cancels a running batch and its checks not yet run (in the caller's transaction); false when it was not running. */
export async function cancelBatch(db: Sql, batchId: number): Promise<boolean> {
  const r = await result(
    db,
    `UPDATE detection_batches SET status = 'cancelled', finished_at = now() WHERE id = $1 AND status = 'running' RETURNING id`,
    [batchId],
  );
  if (!r.rows.length) return false;
  await db.query(
    `UPDATE certificate_checks SET status = 'cancelled', finished_at = now() WHERE batch_id = $1 AND status = 'checking'`,
    [batchId],
  );
  return true;
}

/** Whether a batch is still running (not completed, not cancelled). */
export async function batchRunning(db: Sql, batchId: number): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM detection_batches WHERE id = $1 AND status = 'running'`, [batchId])).length > 0;
}

export async function batchExists(db: Sql, batchId: number): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM detection_batches WHERE id = $1`, [batchId])).length > 0;
}

/** A batch with its progress counts and its starter's name. */
export interface BatchViewRow {
  id: number;
  created_by: number | null;
  created_by_name: string | null;
  filter: unknown;
  status: string;
  total: number;
  created_at: Date;
  finished_at: Date | null;
  done: number;
  good: number;
  revoked: number;
  unknown: number;
  error: number;
  cancelled: number;
}

const BATCH_SELECT = `
  SELECT b.id, b.created_by, u.username AS created_by_name, b.filter, b.status, b.total, b.created_at, b.finished_at,
         count(t.id) FILTER (WHERE t.status <> 'checking')::int AS done,
         count(t.id) FILTER (WHERE t.ocsp_status = 'good')::int AS good,
         count(t.id) FILTER (WHERE t.ocsp_status = 'revoked')::int AS revoked,
         count(t.id) FILTER (WHERE t.ocsp_status = 'unknown')::int AS unknown,
         count(t.id) FILTER (WHERE t.ocsp_status = 'error')::int AS error,
         count(t.id) FILTER (WHERE t.status = 'cancelled')::int AS cancelled
    FROM detection_batches b
    LEFT JOIN certificate_checks t ON t.batch_id = b.id
    LEFT JOIN users u ON u.id = b.created_by`;

export function batchView(db: Sql, batchId: number): Promise<BatchViewRow | undefined> {
  return one(db, `${BATCH_SELECT} WHERE b.id = $1 GROUP BY b.id, u.username`, [batchId]);
}

/** Batch history, newest first, with the total. */
export async function batchPage(
  db: Sql,
  limit: number,
  offset: number,
): Promise<{ rows: BatchViewRow[]; total: number }> {
  const count = await one<{ total: number }>(db, `SELECT count(*)::int AS total FROM detection_batches`);
  const page = await rows<BatchViewRow>(
    db,
    `${BATCH_SELECT} WHERE b.id IN (SELECT id FROM detection_batches ORDER BY id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)})
     GROUP BY b.id, u.username ORDER BY b.id DESC`,
  );
  return { rows: page, total: count?.total ?? 0 };
}

/** A batch's checks in certificate order; `by` narrows to an OCSP outcome or a task status. */
export async function batchChecks(
  db: Sql,
  batchId: number,
  by: { ocspStatus: string } | { status: string } | null,
  limit: number,
  offset: number,
): Promise<{ rows: CheckViewRow[]; total: number }> {
  const params: unknown[] = [batchId];
  let where = `t.batch_id = $1`;
  if (by && "ocspStatus" in by) {
    where += ` AND t.ocsp_status = $2`;
    params.push(by.ocspStatus);
  } else if (by) {
    where += ` AND t.status = $2`;
    params.push(by.status);
  }
  const count = await one<{ total: number }>(
    db,
    `SELECT count(*)::int AS total FROM certificate_checks t WHERE ${where}`,
    params,
  );
  const page = await rows<CheckViewRow>(
    db,
    `${TASK_SELECT} WHERE ${where} ORDER BY t.id LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    params,
  );
  return { rows: page, total: count?.total ?? 0 };
}

/** Every check of a batch with the certificate's team, serial and common name (the CSV export). */
export function batchExportRows(
  db: Sql,
  batchId: number,
): Promise<(CheckViewRow & { team_id: string; serial_number: string; common_name: string })[]> {
  return rows(
    db,
    `SELECT t.id, t.certificate_id, c.name AS certificate_name, c.user_id, u.username, t.batch_id, t.status, t.ocsp_status, t.reason,
            NULL::jsonb AS report, t.next_update, t.created_at, t.finished_at, c.team_id, c.serial_number, c.common_name
       FROM certificate_checks t JOIN certificates c ON c.id = t.certificate_id LEFT JOIN users u ON u.id = c.user_id
      WHERE t.batch_id = $1 ORDER BY t.id`,
    [batchId],
  );
}

/** Who asked for a check (null: the schedule); undefined when the check is gone. */
export async function checkRequester(db: Sql, taskId: number): Promise<number | null | undefined> {
  const r = await one<{ requested_by: number | null }>(
    db,
    `SELECT requested_by FROM certificate_checks WHERE id = $1`,
    [taskId],
  );
  return r ? r.requested_by : undefined;
}

/**
 * The schedule's checks: one task (no requester, no batch) per certificate that is not being checked already (a
 * check started in the last 10 minutes); answers their ids.
 */
export async function insertScheduledChecks(db: Sql, certificateIds: number[]): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    `INSERT INTO certificate_checks (certificate_id)
     SELECT c.id FROM certificates c
      WHERE c.id = ANY($1::int[])
        AND NOT EXISTS (SELECT 1 FROM certificate_checks k WHERE k.certificate_id = c.id AND k.status = 'checking' AND k.created_at > now() - interval '10 minutes')
     RETURNING id`,
    [certificateIds],
  );
  return r.map((x) => x.id);
}
