import type { EventBus } from "@gryx/platform";
import type { UserEventPayload } from "@gryx/contracts";
import type { UserEntity } from "./user.entity";
import { log } from "../../common/logger";

export const USER_REGISTERED = "user.registered";

/** Events other parts of the system (admin dashboards, on any server instance) subscribe to. */
export class UserEvents {
  constructor(private readonly events: EventBus) {}

  /** Never fails the registration it reports: a missed event only leaves a live list one row short. */
  async userRegistered(user: UserEntity): Promise<void> {
    await this.events
      .publish(USER_REGISTERED, toPayload(user))
      .catch((e) => log.warn("user.registered not published", { error: String(e) }));
  }
}

function toPayload(u: UserEntity): UserEventPayload {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role,
    permissions: u.permissions,
    disabled: u.disabled,
    createdAt: new Date(u.createdAt).toISOString(),
    lastLoginAt: u.lastLoginAt ? new Date(u.lastLoginAt).toISOString() : null,
  };
}
