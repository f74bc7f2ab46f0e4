import { defineDomain, type SharedDeps } from "../module";
import type { EmailService } from "../email/email.service";
import type { UsersService } from "../users/users.service";
import type { SessionRevoker } from "./sessions";
import { AuthResolver } from "./auth.resolver";
import { authRoutes } from "./auth.rest";
import { AuthService } from "./auth.service";
import { DeviceTrust } from "./device-trust";
import { TokenService } from "./tokens";
import { SessionLastSeen1764710100000 } from "./1764710100000-SessionLastSeen";
import { AUTH_ERRORS } from "./auth.errors";
import { AUTH_JOBS } from "./auth.jobs";

export const authDomain = defineDomain({
  name: "auth",
  errors: { auth: AUTH_ERRORS },
  jobs: AUTH_JOBS,
  processors: ({ auth }) => ({
    "housekeeping.auth": async () => {
      await auth.housekeeping();
      return {};
    },
  }),
  migrations: [SessionLastSeen1764710100000],
  resolvers: [AuthResolver],
  routes: authRoutes,
  services: ({
    config,
    db,
    rateCounter,
    users,
    email,
    sessions,
  }: SharedDeps & { users: UsersService; email: EmailService; sessions: SessionRevoker }) => {
    const tokens = new TokenService(config.jwtSecret, config.jwtIssuer, config.jwtAudience, config.jwtTtlSeconds);
    return {
      auth: new AuthService(db, users, tokens, rateCounter, email, new DeviceTrust(config.jwtSecret), sessions),
    };
  },
});
