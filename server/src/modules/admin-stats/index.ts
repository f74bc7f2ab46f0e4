import { defineDomain, type SharedDeps } from "../module";
import { AdminStatsResolver } from "./admin-stats.resolver";
import { adminStatsRoutes } from "./admin-stats.rest";
import { AdminStatsService } from "./admin-stats.service";
import { STATS_ERRORS } from "./admin-stats.errors";

export const adminStatsDomain = defineDomain({
  name: "admin-stats",
  errors: { stats: STATS_ERRORS },
  permission: "dashboard",
  resolvers: [AdminStatsResolver],
  routes: adminStatsRoutes,
  services: ({ db, config }: SharedDeps) => ({ adminStats: new AdminStatsService(db, config.businessTimeZone) }),
});
