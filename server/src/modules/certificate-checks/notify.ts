/**
 * 站内消息 (user_notifications, owned by this domain): one row for one user. Every event that changes a user's money,
 * orders or certificates without the user doing it on the spot (a refund, an admin's adjustment, a top-up settled by
 * the gateway, a withdrawal reviewed, a certificate delivered or revoked) leaves one. A `dedupeKey` makes a repeat
 * (a job run twice) a no-op. Runs on the caller's manager, so it commits with the change it reports.
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

export async function notifyUser(
  q: { query(sql: string, params?: unknown[]): Promise<unknown> },
  userId: number,
  n: UserNotice,
): Promise<void> {
  await q.query(
    `INSERT INTO user_notifications (user_id, kind, title, body, link, dedupe_key) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
    [
      userId,
      n.kind.slice(0, 40),
      n.title.slice(0, 200),
      n.body,
      n.link?.slice(0, 200) ?? null,
      n.dedupeKey?.slice(0, 100) ?? null,
    ],
  );
}
