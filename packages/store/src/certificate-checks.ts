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
