import type { DataSource } from "typeorm";
import type { EventBus } from "@gryx/platform";
import type { EventPayloads } from "@gryx/contracts";
import { log } from "../../common/logger";

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
    await this.announce({ sessionIds: [sessionId] });
  }

  /** Every session of the user, except `keep` (the one changing its own password). */
  async revokeUser(userId: number, keep: string | null = null): Promise<void> {
    await this.db.query(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, keep],
    );
    await this.announce({ userId, keepSessionId: keep });
  }

  /** The rows decide: should the bus be down, the sockets still close at their next check. */
  private async announce(event: EventPayloads["session.revoked"]): Promise<void> {
    await this.events
      .publish("session.revoked", event)
      .catch((e) => log.warn("session.revoked not published", { error: String(e) }));
  }
}
