import { one, rows, type Sql } from "./sql";

/** The debug-auth domain's table: `debug_auth_audit`, every action taken in /admin/debug-auth. */

export interface DebugAuthAuditRow {
  id: number;
  actor_id: number | null;
  actor_username: string;
  action: string;
  target: string;
  /** The action's details (jsonb), or null. */
  detail: unknown;
  ip: string | null;
  created_at: Date;
}

/** Writes one action (`detail` stored as JSON; null for none). */
export async function insertDebugAuthAudit(
  db: Sql,
  a: { actorId: number; actorUsername: string; action: string; target: string; detail: unknown; ip: string },
): Promise<void> {
  await db.query(
    `INSERT INTO debug_auth_audit (actor_id, actor_username, action, target, detail, ip)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [a.actorId, a.actorUsername, a.action, a.target, a.detail === null ? null : JSON.stringify(a.detail), a.ip],
  );
}

/** A page of the log, newest first. */
export function debugAuthAuditPage(db: Sql, limit: number, offset: number): Promise<DebugAuthAuditRow[]> {
  return rows<DebugAuthAuditRow>(
    db,
    `SELECT id, actor_id, actor_username, action, target, detail, ip, created_at
     FROM debug_auth_audit ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}

/** How many actions the log holds. */
export async function debugAuthAuditTotal(db: Sql): Promise<number> {
  return (await one<{ total: number }>(db, `SELECT count(*)::int AS total FROM debug_auth_audit`))!.total;
}
