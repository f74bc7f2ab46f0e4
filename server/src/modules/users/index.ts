import { defineDomain, type SharedDeps } from "../module";
import { OptionalPassword1764700000000 } from "./1764700000000-OptionalPassword";
import { UserSearchIndexes1765100000000 } from "./1765100000000-UserSearchIndexes";
import { UserSearchText1765300000000 } from "./1765300000000-UserSearchText";
import { UserEvents, USERS_EVENTS } from "./users.events";
import { UsersResolver } from "./users.resolver";
import { usersRoutes } from "./users.rest";
import { UsersService } from "./users.service";
import { SessionRevoker } from "../auth/sessions";
import { USERS_ERRORS } from "./users.errors";

export const usersDomain = defineDomain({
  name: "users",
  errors: { users: USERS_ERRORS },
  events: USERS_EVENTS,
  migrations: [OptionalPassword1764700000000, UserSearchIndexes1765100000000, UserSearchText1765300000000],
  resolvers: [UsersResolver],
  routes: usersRoutes,
  services: ({ db, events }: SharedDeps) => {
    const sessions = new SessionRevoker(db, events);
    return { sessions, users: new UsersService(db, new UserEvents(events), sessions) };
  },
});
