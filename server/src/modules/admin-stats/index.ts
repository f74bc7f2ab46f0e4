import { defineDomain, type SharedDeps } from "../module";
import { AdminStatsResolver } from "./admin-stats.resolver";
import { adminStatsRoutes } from "./admin-stats.rest";
import { AdminStatsService } from "./admin-stats.service";

export const adminStatsDomain = defineDomain({
  name: "admin-stats",
  permission: "dashboard",
  resolvers: [AdminStatsResolver],
  routes: adminStatsRoutes,
  services: ({ db, config }: SharedDeps) => ({ adminStats: new AdminStatsService(db, config.businessTimeZone) }),
});
