import type { EventBus } from "@gryx/platform";
import type { User } from "./user";
import { log } from "../../common/logger";

export const USER_REGISTERED = "user.registered";

/** A user as the admin's live user list shows it (dates travel as ISO strings). */
export interface UserEventPayload {
  id: number;
  username: string;
  email: string | null;
  role: string;
  permissions: string[];
  disabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

declare module "@gryx/contracts/events" {
  interface EventPayloads {
    /** A new account (registration or admin creation). Published by the server. */
    "user.registered": UserEventPayload;
  }
}

/** The topics it publishes (its manifest's `events`). */
export const USERS_EVENTS = [USER_REGISTERED] as const;

/** Events other parts of the system (admin dashboards, on any server instance) subscribe to. */
export class UserEvents {
  constructor(private readonly events: EventBus) {}

  /** Never fails the registration it reports: a missed event only leaves a live list one row short. */
  async userRegistered(user: User): Promise<void> {
    await this.events
      .publish(USER_REGISTERED, toPayload(user))
      .catch((e) => log.warn("user.registered not published", { error: String(e) }));
  }
}

function toPayload(u: User): UserEventPayload {
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
