import type { SigningTaskOptions } from "@gryx/contracts";
import { one, rows, type Sql } from "./sql";

/**
 * 掉签自动重签's tables: resign_incidents (one per revoked certificate that had live signed IPAs) and resign_items (one
 * per affected task, worked by the worker's `signing.resign` under a lease), plus the re-sign's own writes on
 * signing_tasks (the current signature's certificate, resigned_at, resign_count, resign_state).
 */

export type ResignItemStatus = "pending" | "waiting" | "running" | "repaired" | "failed" | "none";

/** An item as a run claimed it, with its incident's certificate and when it was found revoked. */
export interface ClaimedResignItem {
  id: number;
  incident_id: number;
  task_id: number;
  user_id: number;
  replacement_id: number | null;
  lease: string;
  certificate_id: number | null;
  found_at: Date;
}

/** Claims an item that is pending, waiting, or running under a lease that ran out; a new lease for `leaseSeconds`. */
export function claimResignItem(db: Sql, itemId: number, leaseSeconds: number): Promise<ClaimedResignItem | undefined> {
  return one<ClaimedResignItem>(
    db,
    `UPDATE resign_items i SET status = 'running', lease = gen_random_uuid(), lease_until = now() + make_interval(secs => $2),
            runs = runs + 1, updated_at = now()
       FROM resign_incidents n
      WHERE i.id = $1 AND n.id = i.incident_id
        AND (i.status IN ('pending', 'waiting') OR (i.status = 'running' AND i.lease_until < now()))
      RETURNING i.id, i.incident_id, i.task_id, i.user_id, i.replacement_id, i.lease, n.certificate_id, n.found_at`,
    [itemId, leaseSeconds],
  );
}

export async function resignItemStatus(db: Sql, itemId: number): Promise<ResignItemStatus | undefined> {
  return (await one<{ status: ResignItemStatus }>(db, `SELECT status FROM resign_items WHERE id = $1`, [itemId]))
    ?.status;
}

/** What a re-sign needs of its task: whether it is still live (done, artifact kept) and how it was signed. */
export interface ResignTask {
  id: number;
  user_id: number;
  live: boolean;
  source: "upload" | "app";
  upload_id: number | null;
  app_id: number | null;
  options: SigningTaskOptions;
  artifact_name: string;
}

export function resignTask(db: Sql, taskId: number): Promise<ResignTask | undefined> {
  return one<ResignTask>(
    db,
    `SELECT id, user_id, (status = 'done' AND expires_at > now()) AS live, source, upload_id, app_id, options, artifact_name
       FROM signing_tasks WHERE id = $1`,
    [taskId],
  );
}

/** Certificates never chosen as a replacement: known revoked or expired, or themselves the subject of an incident. */
const HEALTHY = `c.status NOT IN ('revoked', 'expired') AND c.expires_at > now() AND NOT EXISTS (SELECT 1 FROM resign_incidents x WHERE x.certificate_id = c.id)`;

/** The revoked certificate's kind: a platform one, a mall one (its order), whether it is the demo certificate. */
export function resignOriginal(
  db: Sql,
  certificateId: number | null,
): Promise<{ scope: string; mall_order_id: number | null; demo: boolean } | undefined> {
  return one(db, `SELECT scope, mall_order_id, demo FROM certificates WHERE id = $1`, [certificateId]);
}

/** The newest warranty re-issue of a mall order: its status and (delivered) certificate, and whether that is healthy. */
export function warrantyReissue(
  db: Sql,
  mallOrderId: number,
): Promise<{ status: string; certificate_id: number | null; ok: boolean | null } | undefined> {
  return one(
    db,
    `SELECT w.status, w.certificate_id, (SELECT ${HEALTHY} FROM certificates c WHERE c.id = w.certificate_id) AS ok
       FROM mall_orders w WHERE w.parent_order_id = $1 AND w.kind = 'warranty' ORDER BY w.id DESC LIMIT 1`,
    [mallOrderId],
  );
}

/** Whether a mall order is still within its warranty. */
export async function withinWarranty(db: Sql, mallOrderId: number): Promise<boolean> {
  const r = await one<{ within: boolean }>(
    db,
    `SELECT (warranty_until IS NOT NULL AND warranty_until > now()) AS within FROM mall_orders WHERE id = $1`,
    [mallOrderId],
  );
  return r?.within === true;
}

/** The user's healthy backup certificate (掉签后自动使用), other than `exceptId`. */
export async function backupCertificate(db: Sql, userId: number, exceptId: number | null): Promise<number | undefined> {
  return (
    await one<{ id: number }>(
      db,
      `SELECT c.id FROM certificates c WHERE c.user_id = $1 AND c.auto_resign AND c.id <> $2 AND ${HEALTHY} LIMIT 1`,
      [userId, exceptId ?? 0],
    )
  )?.id;
}

/** A healthy platform certificate other than `exceptId`: the same demo-ness first, then checked valid, newest check. */
export async function sparePlatformCertificate(
  db: Sql,
  exceptId: number | null,
  demo: boolean,
): Promise<number | undefined> {
  return (
    await one<{ id: number }>(
      db,
      `SELECT c.id FROM certificates c WHERE c.scope = 'platform' AND c.id <> $1 AND ${HEALTHY}
        ORDER BY (c.demo = $2) DESC, (c.status = 'valid') DESC, c.checked_at DESC NULLS LAST, c.id LIMIT 1`,
      [exceptId ?? 0, demo],
    )
  )?.id;
}

/** The item waits (a warranty re-issue on its way); its lease is given up. */
export async function waitResignItem(db: Sql, itemId: number, lease: string): Promise<void> {
  await rows(
    db,
    `UPDATE resign_items SET status = 'waiting', lease = NULL, lease_until = NULL, updated_at = now() WHERE id = $1 AND lease = $2`,
    [itemId, lease],
  );
}

/** Keeps the chosen replacement on the item, so a run after a crash signs with the same one. */
export async function setResignReplacement(
  db: Sql,
  itemId: number,
  lease: string,
  certificateId: number,
  source: string,
): Promise<void> {
  await rows(
    db,
    `UPDATE resign_items SET replacement_id = $3, replacement_source = $4, updated_at = now() WHERE id = $1 AND lease = $2`,
    [itemId, lease, certificateId, source],
  );
}

/** Renews the run's lease; false when the item is no longer this run's. */
export async function renewResignLease(db: Sql, itemId: number, lease: string, seconds: number): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE resign_items SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease = $2 AND status = 'running' RETURNING id`,
    [itemId, lease, seconds],
  );
  return r.length > 0;
}

/**
 * The item repaired and its task moved to the replacement (certificate, resigned_at, resign_count + 1, the signer's
 * report and size), under the run's lease and only while the task is live. Run it in the transaction that puts the
 * new artifact in place; false changes nothing.
 */
export async function repairResignItem(
  tx: Sql,
  item: { id: number; lease: string; taskId: number; replacementId: number },
  r: { artifactSize: number; report: unknown },
): Promise<boolean> {
  const done = await rows(
    tx,
    `UPDATE resign_items SET status = 'repaired', lease = NULL, lease_until = NULL, error_code = NULL, error_message = NULL,
            finished_at = now(), updated_at = now()
      WHERE id = $1 AND lease = $2 AND status = 'running' RETURNING id`,
    [item.id, item.lease],
  );
  if (!done.length) return false;
  const moved = await rows(
    tx,
    `UPDATE signing_tasks SET certificate_id = c.id, certificate_name = c.name, resigned_at = now(),
            resign_count = resign_count + 1, resign_state = 'repaired', artifact_size = $3, report = $4, updated_at = now()
       FROM certificates c
      WHERE signing_tasks.id = $1 AND c.id = $2 AND signing_tasks.status = 'done' AND signing_tasks.expires_at > now()
      RETURNING signing_tasks.id`,
    [item.taskId, item.replacementId, r.artifactSize, JSON.stringify(r.report)],
  );
  if (!moved.length) throw new ResignTaskGone();
  return true;
}

/** Thrown inside the repair's transaction when the task went away (rolls the item's change back). */
export class ResignTaskGone extends Error {}

/** Ends the item without a repair (failed, or none: no replacement) and shows it on its task; false when not ours. */
export async function settleResignItem(
  db: Sql,
  item: { id: number; lease: string; taskId: number },
  status: "failed" | "none",
  code: string,
  message: string,
): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE resign_items SET status = $3, lease = NULL, lease_until = NULL, error_code = $4, error_message = $5,
            finished_at = now(), updated_at = now()
      WHERE id = $1 AND lease = $2 AND status = 'running' RETURNING task_id`,
    [item.id, item.lease, status, code, message.slice(0, 500)],
  );
  if (!r.length) return false;
  await rows(
    db,
    `UPDATE signing_tasks SET resign_state = $2, updated_at = now() WHERE id = $1 AND resign_state = 'repairing'`,
    [item.taskId, status === "none" ? "revoked" : "failed"],
  );
  return true;
}

/** A transient failure: the item is pending again (BullMQ retries the job). */
export async function releaseResignItem(db: Sql, itemId: number, lease: string): Promise<void> {
  await rows(
    db,
    `UPDATE resign_items SET status = 'pending', lease = NULL, lease_until = NULL, updated_at = now() WHERE id = $1 AND lease = $2 AND status = 'running'`,
    [itemId, lease],
  );
}

/** Closes the incident once no item is open: completed, or failed when any could not be repaired. */
export async function closeResignIncident(db: Sql, incidentId: number): Promise<void> {
  await rows(
    db,
    `UPDATE resign_incidents n SET status = CASE WHEN EXISTS (SELECT 1 FROM resign_items WHERE incident_id = n.id AND status IN ('failed', 'none')) THEN 'failed' ELSE 'completed' END,
            finished_at = now()
      WHERE n.id = $1 AND n.status = 'repairing'
        AND NOT EXISTS (SELECT 1 FROM resign_items WHERE incident_id = n.id AND status IN ('pending', 'waiting', 'running'))`,
    [incidentId],
  );
}

/** One owner's tasks in an incident: how many are open, repaired, not repaired; the certificate and their address. */
export function resignOwnerSummary(
  db: Sql,
  incidentId: number,
  userId: number,
): Promise<
  | {
      open: number;
      repaired: number;
      unrepaired: number;
      certificate_name: string;
      email: string | null;
      username: string;
    }
  | undefined
> {
  return one(
    db,
    `SELECT count(*) FILTER (WHERE i.status IN ('pending', 'waiting', 'running'))::int AS open,
            count(*) FILTER (WHERE i.status = 'repaired')::int AS repaired,
            count(*) FILTER (WHERE i.status IN ('failed', 'none'))::int AS unrepaired,
            min(n.certificate_name) AS certificate_name, min(u.email) AS email, min(u.username) AS username
       FROM resign_items i JOIN resign_incidents n ON n.id = i.incident_id JOIN users u ON u.id = i.user_id
      WHERE i.incident_id = $1 AND i.user_id = $2`,
    [incidentId, userId],
  );
}

// ---- the server's side: opening incidents, the watch, the sweep, the back office, 换证书重签 ----------------------

export type ResignFoundBy = "check" | "batch" | "watch";

/**
 * A certificate is revoked: every live task signed with it (done, artifact not expired) not yet in its incident gets
 * an item and shows `repairing`, and the incident (made on first sight, unique per certificate) is repairing again.
 * Answers the incident and the new items, or null when the certificate is not revoked or nothing is affected. Run it
 * in one transaction.
 */
export async function openResignIncident(
  tx: Sql,
  certificateId: number,
  foundBy: ResignFoundBy,
): Promise<{ incidentId: number; items: { id: number; task_id: number; user_id: number }[] } | null> {
  const cert = await one<{ name: string }>(tx, `SELECT name FROM certificates WHERE id = $1 AND status = 'revoked'`, [
    certificateId,
  ]);
  if (!cert) return null;
  const affected = await rows(
    tx,
    `SELECT 1 FROM signing_tasks t WHERE t.certificate_id = $1 AND t.status = 'done' AND t.expires_at > now() LIMIT 1`,
    [certificateId],
  );
  if (!affected.length) return null;
  const incident = (await one<{ id: number }>(
    tx,
    `INSERT INTO resign_incidents (certificate_id, certificate_name, found_by) VALUES ($1, $2, $3)
     ON CONFLICT (certificate_id) DO UPDATE SET certificate_name = resign_incidents.certificate_name RETURNING id`,
    [certificateId, cert.name, foundBy],
  ))!;
  const items = await rows<{ id: number; task_id: number; user_id: number }>(
    tx,
    `INSERT INTO resign_items (incident_id, task_id, user_id)
     SELECT $1, t.id, t.user_id FROM signing_tasks t
      WHERE t.certificate_id = $2 AND t.status = 'done' AND t.expires_at > now()
     ON CONFLICT (incident_id, task_id) DO NOTHING RETURNING id, task_id, user_id`,
    [incident.id, certificateId],
  );
  if (items.length) {
    await rows(
      tx,
      `UPDATE signing_tasks SET resign_state = 'repairing', updated_at = now() WHERE id = ANY($1::int[])`,
      [items.map((i) => i.task_id)],
    );
    await rows(
      tx,
      `UPDATE resign_incidents SET status = 'repairing', finished_at = NULL WHERE id = $1 AND status <> 'repairing'`,
      [incident.id],
    );
  }
  return { incidentId: incident.id, items };
}

/** Revoked certificates with live tasks in no incident of theirs (a revocation nobody acted on). */
export async function revokedWithUnrepairedTasks(db: Sql): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    `SELECT DISTINCT t.certificate_id AS id FROM signing_tasks t JOIN certificates c ON c.id = t.certificate_id
      WHERE t.status = 'done' AND t.expires_at > now() AND c.status = 'revoked'
        AND NOT EXISTS (SELECT 1 FROM resign_items i JOIN resign_incidents n ON n.id = i.incident_id
                         WHERE i.task_id = t.id AND n.certificate_id = c.id)`,
  );
  return r.map((x) => x.id);
}

/** Certificates behind live signed IPAs not known revoked, least recently checked first. */
export async function certificatesToWatch(db: Sql, limit: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    `SELECT c.id FROM certificates c
      WHERE c.status <> 'revoked'
        AND EXISTS (SELECT 1 FROM signing_tasks t WHERE t.certificate_id = c.id AND t.status = 'done' AND t.expires_at > now())
      ORDER BY c.checked_at ASC NULLS FIRST LIMIT $1`,
    [limit],
  );
  return r.map((x) => x.id);
}

/** Items nobody works on: pending or waiting idle for `idleSeconds`, running with their lease run out. */
export async function idleResignItems(db: Sql, idleSeconds: number, limit: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    `SELECT id FROM resign_items
      WHERE (status IN ('pending', 'waiting') AND updated_at < now() - make_interval(secs => $1))
         OR (status = 'running' AND lease_until < now())
      ORDER BY id LIMIT $2`,
    [idleSeconds, limit],
  );
  return r.map((x) => x.id);
}

/** An incident with its counts. */
export interface ResignIncidentRow {
  id: number;
  certificate_id: number | null;
  certificate_name: string;
  found_at: Date;
  found_by: ResignFoundBy;
  status: "repairing" | "completed" | "failed";
  finished_at: Date | null;
  total: number;
  repaired: number;
  failed: number;
  open: number;
  users: number;
}

const INCIDENT_SELECT = `SELECT n.*, coalesce(s.total, 0) AS total, coalesce(s.repaired, 0) AS repaired, coalesce(s.failed, 0) AS failed,
       coalesce(s.open, 0) AS open, coalesce(s.users, 0) AS users
  FROM resign_incidents n
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'repaired')::int AS repaired,
           count(*) FILTER (WHERE status IN ('failed', 'none'))::int AS failed,
           count(*) FILTER (WHERE status IN ('pending', 'waiting', 'running'))::int AS open,
           count(DISTINCT user_id)::int AS users
      FROM resign_items WHERE incident_id = n.id) s ON true`;

export async function resignIncidentPage(
  db: Sql,
  limit: number,
  offset: number,
): Promise<{ items: ResignIncidentRow[]; total: number }> {
  const items = await rows<ResignIncidentRow>(
    db,
    `${INCIDENT_SELECT} ORDER BY n.found_at DESC, n.id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const total = (await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM resign_incidents`))!.n;
  return { items, total };
}

export function resignIncident(db: Sql, id: number): Promise<ResignIncidentRow | undefined> {
  return one<ResignIncidentRow>(db, `${INCIDENT_SELECT} WHERE n.id = $1`, [id]);
}

/** An incident's items, those not repaired first, with the task, the owner and the replacement's name. */
export function resignIncidentItems(db: Sql, id: number, limit: number): Promise<Record<string, any>[]> {
  return rows(
    db,
    `SELECT i.id, i.task_id, i.user_id, u.username, t.app_name, i.status, i.replacement_id, c.name AS replacement_name,
            i.replacement_source, i.error_code, i.error_message, i.updated_at
       FROM resign_items i JOIN signing_tasks t ON t.id = i.task_id LEFT JOIN users u ON u.id = i.user_id
       LEFT JOIN certificates c ON c.id = i.replacement_id
      WHERE i.incident_id = $1
      ORDER BY (i.status IN ('failed', 'none')) DESC, (i.status = 'repaired'), i.id LIMIT $2`,
    [id, limit],
  );
}

/**
 * 全部重试: the incident's failed and unreplaced items pending again (a new replacement is chosen), their tasks and the
 * incident repairing. Undefined when there is no such incident. Run it in one transaction.
 */
export async function retryResignIncident(
  tx: Sql,
  id: number,
): Promise<{ id: number; task_id: number; user_id: number }[] | undefined> {
  if (!(await one(tx, `SELECT 1 FROM resign_incidents WHERE id = $1 FOR UPDATE`, [id]))) return undefined;
  const items = await rows<{ id: number; task_id: number; user_id: number }>(
    tx,
    `UPDATE resign_items SET status = 'pending', replacement_id = NULL, replacement_source = NULL, error_code = NULL,
            error_message = NULL, finished_at = NULL, updated_at = now()
      WHERE incident_id = $1 AND status IN ('failed', 'none') RETURNING id, task_id, user_id`,
    [id],
  );
  if (items.length) {
    await rows(
      tx,
      `UPDATE signing_tasks SET resign_state = 'repairing', updated_at = now() WHERE id = ANY($1::int[]) AND status = 'done'`,
      [items.map((r) => r.task_id)],
    );
    await rows(tx, `UPDATE resign_incidents SET status = 'repairing', finished_at = NULL WHERE id = $1`, [id]);
  }
  return items;
}

/** The owner's task as 换证书重签 sees it: its state, its certificate, whether it is live. */
export function resignTaskOf(
  db: Sql,
  taskId: number,
  userId: number,
): Promise<{ resign_state: string | null; certificate_id: number | null; live: boolean } | undefined> {
  return one(
    db,
    `SELECT resign_state, certificate_id, (status = 'done' AND expires_at > now()) AS live FROM signing_tasks WHERE id = $1 AND user_id = $2`,
    [taskId, userId],
  );
}

/**
 * 换证书重签: the task's last item (failed or without a replacement) pending again on the owner's chosen certificate;
 * the task and the incident repairing. Undefined when the item is not in such a state. Run it in one transaction.
 */
export async function resignOnChosen(
  tx: Sql,
  taskId: number,
  certificateId: number,
): Promise<{ id: number; incident_id: number } | undefined> {
  const item = await one<{ id: number; incident_id: number }>(
    tx,
    `UPDATE resign_items SET status = 'pending', replacement_id = $2, replacement_source = 'user', error_code = NULL,
            error_message = NULL, finished_at = NULL, updated_at = now()
      WHERE id = (SELECT id FROM resign_items WHERE task_id = $1 ORDER BY id DESC LIMIT 1) AND status IN ('failed', 'none')
      RETURNING id, incident_id`,
    [taskId, certificateId],
  );
  if (!item) return undefined;
  await rows(tx, `UPDATE signing_tasks SET resign_state = 'repairing', updated_at = now() WHERE id = $1`, [taskId]);
  await rows(tx, `UPDATE resign_incidents SET status = 'repairing', finished_at = NULL WHERE id = $1`, [
    item.incident_id,
  ]);
  return item;
}
