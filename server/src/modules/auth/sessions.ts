import type { DataSource } from "typeorm";
import type { EventBus } from "@gryx/platform";

/**
 * Ends sessions: the rows are marked revoked (so their tokens stop authenticating, whatever happens to the account
 * later) and a `session.revoked` event tells every server instance to close the sockets opened with them.
 */
export class SessionRevoker {
  constructor(
    private readonly db: DataSource,
    private readonly events: EventBus,
  ) {}

  async revoke(sessionId: string): Promise<void> {
    await this.db.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
    await this.events.publish("session.revoked", { sessionIds: [sessionId] });
  }

  /** Every session of the user, except `keep` (the one changing its own password). */
  async revokeUser(userId: number, keep: string | null = null): Promise<void> {
    await this.db.query(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, keep],
    );
    await this.events.publish("session.revoked", { userId, keepSessionId: keep });
  }
}
