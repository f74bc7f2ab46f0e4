import type { UserRow } from "./users";
import { one, rows, type Sql } from "./sql";

/**
 * The auth domain's tables: `sessions` (one row per issued token; revoked rows stop it authenticating),
 * `password_reset_codes` (only a code's hash) and `trusted_logins` (addresses an account's owner logged in from).
 */

/** Remembers an address the owner used (or when it was last seen). */
export async function trustLogin(db: Sql, userId: number, ip: string): Promise<void> {
  await db.query(
    `INSERT INTO trusted_logins (user_id, ip) VALUES ($1, $2) ON CONFLICT (user_id, ip) DO UPDATE SET last_seen = now()`,
    [userId, ip.slice(0, 64)],
  );
}

export async function isTrustedLogin(db: Sql, userId: number, ip: string): Promise<boolean> {
  return (
    (await rows(db, `SELECT 1 FROM trusted_logins WHERE user_id = $1 AND ip = $2`, [userId, ip.slice(0, 64)])).length >
    0
  );
}

/** A new session row. */
export async function insertSession(
  db: Sql,
  s: { id: string; userId: number; expiresAt: Date; ip: string; userAgent: string | null },
): Promise<void> {
  await db.query(`INSERT INTO sessions (id, user_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)`, [
    s.id,
    s.userId,
    s.expiresAt,
    s.ip.slice(0, 64),
    s.userAgent?.slice(0, 255) ?? null,
  ]);
}

/** The user a live session belongs to, if the session is unrevoked and unexpired and the user enabled. */
export type SessionUserRow = UserRow & { role: "user" | "admin" };

/**
 * Every authenticated request runs this: on pg's pool it is one named statement, planned once per connection
 * (`db`: the data source's own pool, not a transaction's).
 */
export function sessionUser(db: Sql, sessionId: string, userId: number): Promise<SessionUserRow | undefined> {
  return one<SessionUserRow>(
    db,
    `SELECT u.id, u.username, u.role, u.permissions, u.email, u.disabled, u.created_at, u.updated_at, u.last_login_at
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT u.disabled`,
    [sessionId, userId],
    "auth_session_user",
  );
}

/** A session was used now (its "last seen"). */
export async function touchSession(db: Sql, sessionId: string): Promise<void> {
  await db.query(`UPDATE sessions SET last_seen_at = now() WHERE id = $1`, [sessionId]);
}

/** Ends one session. */
export async function revokeSession(db: Sql, sessionId: string): Promise<void> {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
}

/** Ends every session of the user, except `keep`. */
export async function revokeUserSessions(db: Sql, userId: number, keep: string | null): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [userId, keep],
  );
}

/** A session as /admin/debug-auth shows it. */
export interface SessionRow {
  id: string;
  user_id: number;
  created_at: Date;
  last_seen_at: Date | null;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

const SESSION_COLUMNS = `id, user_id, created_at, last_seen_at, expires_at, revoked_at, ip, user_agent`;

export function sessionById(db: Sql, id: string): Promise<SessionRow | undefined> {
  return one<SessionRow>(db, `SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1`, [id]);
}

/** The account's sessions (live or not), newest first, at most 100. */
export function sessionsOfUser(db: Sql, userId: number): Promise<SessionRow[]> {
  return rows<SessionRow>(
    db,
    `SELECT ${SESSION_COLUMNS} FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 100`,
    [userId],
  );
}

/** Drops sessions that ended 30 days ago, reset codes a day past their end, addresses unseen for 180 days. */
export async function pruneAuth(db: Sql): Promise<void> {
  await db.query(
    `DELETE FROM sessions WHERE expires_at < now() - interval '30 days' OR revoked_at < now() - interval '30 days'`,
  );
  await db.query(`DELETE FROM password_reset_codes WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM trusted_logins WHERE last_seen < now() - interval '180 days'`);
}

export async function insertResetCode(db: Sql, userId: number, codeHash: string, expiresAt: Date): Promise<void> {
  await db.query(`INSERT INTO password_reset_codes (user_id, code_hash, expires_at) VALUES ($1, $2, $3)`, [
    userId,
    codeHash,
    expiresAt,
  ]);
}

/**
 * Counts a guess against each of the user's live codes with attempts left, in the one statement that reads them
 * (concurrent guesses cannot all be checked against a code with one attempt left), and answers those codes.
 */
export function guessResetCodes(
  db: Sql,
  userId: number,
  maxAttempts: number,
): Promise<{ id: number; code_hash: string }[]> {
  return rows<{ id: number; code_hash: string }>(
    db,
    `UPDATE password_reset_codes SET attempts = attempts + 1
      WHERE user_id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
      RETURNING id, code_hash`,
    [userId, maxAttempts],
  );
}

/** A right guess gives its attempt back. */
export async function returnResetAttempt(db: Sql, codeId: number): Promise<void> {
  await db.query(`UPDATE password_reset_codes SET attempts = attempts - 1 WHERE id = $1 AND attempts > 0`, [codeId]);
}

/** Every outstanding code of the user is used up (after a successful reset). */
export async function useUpResetCodes(db: Sql, userId: number): Promise<void> {
  await db.query(`UPDATE password_reset_codes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
}
