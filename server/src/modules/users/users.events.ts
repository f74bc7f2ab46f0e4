import type { PubSub } from "type-graphql";
import type { UserEntity } from "./user.entity";

export const USER_REGISTERED = "USER_REGISTERED";

/** Events other parts of the system (admin dashboards) subscribe to. */
export class UserEvents {
  constructor(private readonly pubSub: PubSub) {}

  userRegistered(user: UserEntity): void {
    this.pubSub.publish(USER_REGISTERED, user);
  }
}
