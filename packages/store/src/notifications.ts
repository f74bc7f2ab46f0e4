import { rows, type Sql } from "./sql";

/**
 * 站内消息 (user_notifications, owner: the certificate-checks domain): one row for one user. Every event that changes a
 * user's money, orders or certificates without the user doing it on the spot leaves one. A `dedupeKey` makes a
 * repeat (a job run twice) a no-op. Runs on the caller's manager or client, so it commits with the change it reports.
 */
export interface UserNotice {
  /** A short machine name, e.g. "wallet-refund" (at most 40 characters). */
  kind: string;
  title: string;
  body: string;
  /** A path of the site the message leads to. */
  link?: string | null;
  dedupeKey?: string | null;
}

/** Leaves one message for a user; answers false when its dedupe key was there already. */
export async function notifyUser(db: Sql, userId: number, n: UserNotice): Promise<boolean> {
  const r = await rows(
    db,
    `INSERT INTO user_notifications (user_id, kind, title, body, link, dedupe_key) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id`,
    [
      userId,
      n.kind.slice(0, 40),
      n.title.slice(0, 200),
      n.body,
      n.link?.slice(0, 200) ?? null,
      n.dedupeKey?.slice(0, 100) ?? null,
    ],
  );
  return r.length > 0;
}

/**
 * Leaves one message for every admin (dedupe key per admin); answers the admins newly told, with their addresses
 * (for the email that goes with it).
 */
export function notifyAdmins(
  db: Sql,
  n: UserNotice & { dedupeKey: string },
): Promise<{ email: string | null; username: string }[]> {
  return rows(
    db,
    `WITH n AS (
       INSERT INTO user_notifications (user_id, kind, title, body, link, dedupe_key)
       SELECT id, $1, $2, $3, $4, $5 FROM users WHERE role = 'admin'
       ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING user_id
     ) SELECT u.email, u.username FROM n JOIN users u ON u.id = n.user_id`,
    [n.kind.slice(0, 40), n.title.slice(0, 200), n.body, n.link?.slice(0, 200) ?? null, n.dedupeKey.slice(0, 100)],
  );
}

/** A user's messages, newest first, with how many there are and how many are unread. */
export async function notificationsOf(
  db: Sql,
  userId: number,
  limit: number,
  offset: number,
): Promise<{
  rows: {
    id: number;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    read_at: Date | null;
    created_at: Date;
  }[];
  total: number;
  unread: number;
}> {
  const counts = await rows<{ total: number; unread: number }>(
    db,
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM user_notifications WHERE user_id = $1`,
    [userId],
  );
  const page = await rows<{
    id: number;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    read_at: Date | null;
    created_at: Date;
  }>(
    db,
    `SELECT id, kind, title, body, link, read_at, created_at FROM user_notifications WHERE user_id = $1 ORDER BY id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    [userId],
  );
  return { rows: page, total: counts[0]?.total ?? 0, unread: counts[0]?.unread ?? 0 };
}

/** Marks a user's message read (one by id, or all when `id` is undefined); answers how many it touched. */
export async function markNotificationsRead(db: Sql, userId: number, id?: number): Promise<number> {
  const r =
    id === undefined
      ? await rows(
          db,
          `UPDATE user_notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id`,
          [userId],
        )
      : await rows(
          db,
          `UPDATE user_notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id`,
          [id, userId],
        );
  return r.length;
}
