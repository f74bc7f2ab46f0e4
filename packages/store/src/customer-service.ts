import { one, rows, type Sql } from "./sql";

/**
 * The customer-service domain's tables: cs_sessions (one conversation, a user's or a guest's), cs_messages, and the
 * one cs_settings row. Hot statements are named: pass a pg pool (the server's `poolOf`) to have them prepared.
 */

/** A session as its views read it (with the owner's name). */
export interface CsSessionRow {
  public_id: string;
  user_id: number | null;
  username: string | null;
  status: "open" | "closed";
  unread_user: number;
  unread_admin: number;
  message_count: number;
  version: string;
  last_message_at: Date | null;
  last_message_preview: string | null;
  last_sender_type: string | null;
  created_at: Date;
}

/** A message as its views read it. */
export interface CsMessageRow {
  id: number;
  sender_type: "user" | "admin" | "system";
  sender_name: string;
  message_type: string;
  content: string;
  image_url: string | null;
  extra_data: Record<string, unknown> | null;
  created_at: Date;
}

/** The one cs_settings row. */
export interface CsSettingsRow {
  enabled: boolean;
  customer_service_name: string;
  customer_service_avatar: string;
  welcome_message: string;
  quick_replies: { question: string; answer: string }[];
  offline_message: string;
  service_hours_start: string;
  service_hours_end: string;
}

const SESSION_COLUMNS = `s.public_id, s.user_id, u.username, s.status, s.unread_user, s.unread_admin, s.message_count, s.version,
  s.last_message_at, s.last_message_preview, s.last_sender_type, s.created_at`;
const MESSAGE_COLUMNS = `m.id, m.sender_type, m.sender_name, m.message_type, m.content, m.image_url, m.extra_data, m.created_at`;

export function csSettingsRow(db: Sql): Promise<CsSettingsRow> {
  return one<CsSettingsRow>(db, `SELECT * FROM cs_settings WHERE id = 1`).then((r) => r!);
}

export async function updateCsSettings(
  db: Sql,
  s: {
    enabled: boolean;
    name: string;
    avatar: string;
    welcome: string;
    replies: unknown;
    offline: string;
    start: string;
    end: string;
  },
): Promise<void> {
  await db.query(
    `UPDATE cs_settings SET enabled = $1, customer_service_name = $2, customer_service_avatar = $3, welcome_message = $4, quick_replies = $5,
       offline_message = $6, service_hours_start = $7, service_hours_end = $8, updated_at = now() WHERE id = 1`,
    [s.enabled, s.name, s.avatar, s.welcome, JSON.stringify(s.replies), s.offline, s.start, s.end],
  );
}

/** The newest session of a user, or of a guest (by the hash of its guest id). */
export async function latestCsSession(
  db: Sql,
  owner: { userId: number } | { guestHash: string },
): Promise<string | undefined> {
  const r =
    "userId" in owner
      ? await one<{ public_id: string }>(
          db,
          `SELECT public_id FROM cs_sessions WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
          [owner.userId],
        )
      : await one<{ public_id: string }>(
          db,
          `SELECT public_id FROM cs_sessions WHERE guest_hash = $1 ORDER BY id DESC LIMIT 1`,
          [owner.guestHash],
        );
  return r?.public_id;
}

export function insertCsSession(
  db: Sql,
  s: { publicId: string; guestHash: string | null; userId: number | null },
): Promise<CsSessionRow> {
  return one<CsSessionRow>(
    db,
    `WITH s AS (INSERT INTO cs_sessions (public_id, guest_hash, user_id) VALUES ($1, $2, $3) RETURNING *)
     SELECT ${SESSION_COLUMNS} FROM s LEFT JOIN users u ON u.id = s.user_id`,
    [s.publicId, s.guestHash, s.userId],
  ).then((r) => r!);
}

/** A guest's sessions become the user's (the guest logged in); answers them. */
export function adoptGuestCsSessions(db: Sql, guestHash: string, userId: number): Promise<CsSessionRow[]> {
  return rows(
    db,
    `WITH s AS (UPDATE cs_sessions SET user_id = $2, guest_hash = NULL, version = version + 1 WHERE guest_hash = $1 AND user_id IS NULL RETURNING *)
     SELECT ${SESSION_COLUMNS} FROM s LEFT JOIN users u ON u.id = s.user_id`,
    [guestHash, userId],
  );
}

/** What a poll reads in one statement: the session, and its messages unless the caller's version is current. */
export type CsPollRow = CsMessageRow & {
  s_pk: number;
  s_user: number | null;
  s_guest: string | null;
  s_status: "open" | "closed";
  s_version: string;
  s_count: number;
  s_unread: number;
};

export function pollCsSession(
  db: Sql,
  publicId: string,
  limit: number,
  offset: number,
  knownVersion: string | number | bigint,
): Promise<CsPollRow[]> {
  return rows(
    db,
    `SELECT s.id AS s_pk, s.user_id AS s_user, s.guest_hash AS s_guest, s.status AS s_status, s.version::text AS s_version,
            s.message_count AS s_count, s.unread_user AS s_unread, ${MESSAGE_COLUMNS}
     FROM cs_sessions s
     LEFT JOIN LATERAL (SELECT * FROM cs_messages WHERE session_id = s.id ORDER BY id DESC LIMIT $2 OFFSET $3) m ON s.version <> $4::bigint
     WHERE s.public_id = $1`,
    [publicId, limit, offset, knownVersion],
    "cs_poll",
  );
}

/**
 * A page of sessions for the back office, latest activity first: by status; empty ones (nothing written) left out
 * unless found by their id; `search` (with its ILIKE pattern) matches the owner's name, the session id or a message.
 */
export async function csSessionPage(
  db: Sql,
  f: { status?: string; includeEmpty: boolean; search?: { text: string; like: string } },
  limit: number,
  offset: number,
): Promise<{ rows: CsSessionRow[]; total: number }> {
  const conds: string[] = [];
  const params: unknown[] = [];
  if (f.status) {
    params.push(f.status);
    conds.push(`s.status = $${params.length}`);
  }
  if (!f.includeEmpty) conds.push(`s.message_count > 0`);
  if (f.search) {
    params.push(f.search.like, f.search.text);
    conds.push(
      `(u.username ILIKE $${params.length - 1} OR s.public_id = $${params.length} OR EXISTS (SELECT 1 FROM cs_messages m WHERE m.session_id = s.id AND m.content ILIKE $${params.length - 1}))`,
    );
  }
  const where = conds.length ? `WHERE ${conds.join(" AND ")}` : "";
  const [page, count] = await Promise.all([
    rows<CsSessionRow>(
      db,
      `SELECT ${SESSION_COLUMNS} FROM cs_sessions s LEFT JOIN users u ON u.id = s.user_id ${where}
       ORDER BY coalesce(s.last_message_at, s.created_at) DESC, s.id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      params,
    ),
    one<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM cs_sessions s LEFT JOIN users u ON u.id = s.user_id ${where}`,
      params,
    ),
  ]);
  return { rows: page, total: count?.n ?? 0 };
}

export function csSessionByPublicId(db: Sql, publicId: string): Promise<CsSessionRow | undefined> {
  return one(
    db,
    `SELECT ${SESSION_COLUMNS} FROM cs_sessions s LEFT JOIN users u ON u.id = s.user_id WHERE s.public_id = $1`,
    [publicId],
  );
}

/** A session's key columns (named statement). */
export function csSessionKey(
  db: Sql,
  publicId: string,
): Promise<
  { id: number; user_id: number | null; guest_hash: string | null; offline_replied_at: Date | null } | undefined
> {
  return one(
    db,
    `SELECT id, user_id, guest_hash, offline_replied_at FROM cs_sessions WHERE public_id = $1`,
    [publicId],
    "cs_session_row",
  );
}

/** A page of a session's messages, newest first, and how many it has. */
export async function csMessagesOf(
  db: Sql,
  sessionPk: number,
  limit: number,
  offset: number,
): Promise<{ rows: CsMessageRow[]; total: number }> {
  // The page's ids come from the session's own index alone (an index-only range of (session_id, id DESC)), then
  // its rows by primary key. Asked directly, the planner either walked the whole primary key backwards for a
  // session whose messages are old (210 ms with 1,000,000 messages, 100,000 in the session) or, with the session
  // hidden from its estimate, read all of the session's rows to sort them (30 ms); this way 0.4 ms.
  const page = await rows<CsMessageRow>(
    db,
    `SELECT ${MESSAGE_COLUMNS} FROM cs_messages m WHERE m.id IN (
       SELECT id FROM cs_messages WHERE session_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3
     ) ORDER BY m.id DESC`,
    [sessionPk, limit, offset],
  );
  const n = await one<{ n: string }>(db, `SELECT message_count AS n FROM cs_sessions WHERE id = $1`, [sessionPk]);
  return { rows: page, total: Number(n?.n ?? 0) };
}

/** Messages whose text matches `like` (an ILIKE pattern) in any session, newest first, with their session's id. */
export async function searchCsMessages(
  db: Sql,
  like: string,
  limit: number,
  offset: number,
): Promise<{ rows: (CsMessageRow & { public_id: string })[]; total: number }> {
  const [page, count] = await Promise.all([
    rows<CsMessageRow & { public_id: string }>(
      db,
      `SELECT ${MESSAGE_COLUMNS}, s.public_id FROM cs_messages m JOIN cs_sessions s ON s.id = m.session_id
       WHERE m.content ILIKE $1 ORDER BY m.id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      [like],
    ),
    one<{ n: number }>(db, `SELECT count(*)::int AS n FROM cs_messages m WHERE m.content ILIKE $1`, [like]),
  ]);
  return { rows: page, total: count?.n ?? 0 };
}

/** Opens or closes a session; answers it. */
export function setCsSessionStatus(db: Sql, pk: number, status: "open" | "closed"): Promise<CsSessionRow> {
  return one<CsSessionRow>(
    db,
    `WITH s AS (UPDATE cs_sessions SET status = $2, version = version + 1 WHERE id = $1 RETURNING *)
     SELECT ${SESSION_COLUMNS} FROM s LEFT JOIN users u ON u.id = s.user_id`,
    [pk, status],
  ).then((r) => r!);
}

/** One side has read everything (its unread count cleared; the version moves only when it was not 0); answers it. */
export function markCsRead(db: Sql, pk: number, column: "unread_user" | "unread_admin"): Promise<CsSessionRow> {
  const col = column === "unread_user" ? "unread_user" : "unread_admin";
  return one<CsSessionRow>(
    db,
    `WITH s AS (UPDATE cs_sessions SET ${col} = 0, version = version + CASE WHEN ${col} = 0 THEN 0 ELSE 1 END WHERE id = $1 RETURNING *)
     SELECT ${SESSION_COLUMNS} FROM s LEFT JOIN users u ON u.id = s.user_id`,
    [pk],
  ).then((r) => r!);
}

/** Claims the session's offline note (at most once per `everySeconds`); false when one went out within it. */
export async function claimCsOfflineReply(db: Sql, pk: number, everySeconds: number): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE cs_sessions SET offline_replied_at = now() WHERE id = $1 AND (offline_replied_at IS NULL OR offline_replied_at < now() - make_interval(secs => $2)) RETURNING id`,
    [pk, everySeconds],
  );
  return r.length > 0;
}

/** A message written into a session (counts, unread marks, preview and status follow); answers both, message as m_*. */
export function insertCsMessage(
  db: Sql,
  m: {
    sessionPk: number;
    senderType: "user" | "admin" | "system";
    senderId: number | null;
    senderName: string;
    type: string;
    content: string;
    imageUrl: string | null;
    extra: Record<string, unknown> | null;
    preview: string;
  },
): Promise<Record<string, any>> {
  return one<Record<string, any>>(
    db,
    `WITH m AS (
       INSERT INTO cs_messages (session_id, sender_type, sender_id, sender_name, message_type, content, image_url, extra_data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *),
     s AS (
       UPDATE cs_sessions SET version = version + 1, message_count = message_count + 1,
         unread_admin = CASE WHEN $2 = 'user' THEN unread_admin + 1 WHEN $2 = 'admin' THEN 0 ELSE unread_admin END,
         unread_user = unread_user + CASE WHEN $2 = 'user' THEN 0 ELSE 1 END,
         last_message_at = now(), last_message_preview = $9, last_sender_type = $2,
         status = CASE WHEN $2 = 'user' THEN 'open' ELSE status END
       WHERE id = $1 RETURNING *)
     SELECT ${SESSION_COLUMNS}, m.id AS m_id, m.sender_type AS m_sender_type, m.sender_name AS m_sender_name, m.message_type AS m_message_type,
            m.content AS m_content, m.image_url AS m_image_url, m.extra_data AS m_extra_data, m.created_at AS m_created_at
     FROM s CROSS JOIN m LEFT JOIN users u ON u.id = s.user_id`,
    [
      m.sessionPk,
      m.senderType,
      m.senderId,
      m.senderName.slice(0, 64),
      m.type,
      m.content,
      m.imageUrl,
      m.extra ? JSON.stringify(m.extra) : null,
      m.preview,
    ],
    "cs_insert_message",
  ).then((r) => r!);
}
