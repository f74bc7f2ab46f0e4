import type { EventBus } from "@gryx/platform";
import { revokeSession, revokeUserSessions, type Sql } from "@gryx/store";
import type { EventPayloads } from "@gryx/contracts";
import { log } from "../../common/logger";

/**
 * Ends sessions: the rows are marked revoked (so their tokens stop authenticating, whatever happens to the account
 * later) and a `session.revoked` event tells every server instance to close the sockets opened with them.
 */
export class SessionRevoker {
  constructor(
    private readonly db: Sql,
    private readonly events: EventBus,
  ) {}

  async revoke(sessionId: string): Promise<void> {
    await revokeSession(this.db, sessionId);
    await this.announce({ sessionIds: [sessionId] });
  }

  /** Every session of the user, except `keep` (the one changing its own password). */
  async revokeUser(userId: number, keep: string | null = null): Promise<void> {
    await revokeUserSessions(this.db, userId, keep);
    await this.announce({ userId, keepSessionId: keep });
  }

  /** The rows decide: should the bus be down, the sockets still close at their next check. */
  private async announce(event: EventPayloads["session.revoked"]): Promise<void> {
    await this.events
      .publish("session.revoked", event)
      .catch((e) => log.warn("session.revoked not published", { error: String(e) }));
  }
}
