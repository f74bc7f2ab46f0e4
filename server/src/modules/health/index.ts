import { defineDomain, type SharedDeps } from "../module";
import { HealthResolver } from "./health.resolver";
import { healthRoutes } from "./health.rest";
import { HealthService } from "./health.service";

export const healthDomain = defineDomain({
  name: "health",
  resolvers: [HealthResolver],
  routes: healthRoutes,
  services: ({ db, jobs }: SharedDeps) => ({ health: new HealthService(db, jobs) }),
});
