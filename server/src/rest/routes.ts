import type { RouteDef } from "./router";
import { authRoutes } from "../modules/auth/auth.rest";
import { usersRoutes } from "../modules/users/users.rest";
import { adminStatsRoutes } from "../modules/admin-stats/admin-stats.rest";
import { healthRoutes } from "../modules/health/health.rest";
import { contentVersionsRoutes } from "../modules/content-versions/content-versions.rest";
import { dylibsRoutes } from "../modules/dylibs/dylibs.rest";

/** Every REST facade under /api, listed once. */
export const REST_ROUTES: RouteDef[] = [
  ...authRoutes,
  ...usersRoutes,
  ...adminStatsRoutes,
  ...healthRoutes,
  ...contentVersionsRoutes,
  ...dylibsRoutes,
];
