import { defineDomain, type SharedDeps } from "../module";
import type { AuthService } from "../auth/auth.service";
import type { SessionRevoker } from "../auth/sessions";
import type { UsersService } from "../users/users.service";
import { AdminAudit1764710200000 } from "./1764710200000-AdminAudit";
import { debugAuthRoutes } from "./debug-auth.rest";
import { DebugAuthService } from "./debug-auth.service";
import { DEBUG_AUTH_ERRORS } from "./debug-auth.errors";

/**
 * /admin/debug-auth: token and session inspection, session revocation, login rate-limit state and 解除限制, with
 * an audit log of every action. No staff permission: full admins only.
 */
export const debugAuthDomain = defineDomain({
  name: "debug-auth",
  errors: { "debug-auth": DEBUG_AUTH_ERRORS },
  migrations: [AdminAudit1764710200000],
  routes: debugAuthRoutes,
  services: ({
    db,
    rateCounter,
    auth,
    users,
    sessions,
    restRoutes,
  }: SharedDeps & { auth: AuthService; users: UsersService; sessions: SessionRevoker }) => ({
    debugAuth: new DebugAuthService(db, auth, users, sessions, rateCounter, restRoutes),
  }),
});
