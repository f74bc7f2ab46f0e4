import { defineDomain, type SharedDeps } from "../module";
import { HealthResolver } from "./health.resolver";
import { healthRoutes } from "./health.rest";
import { HealthService } from "./health.service";
import { WorkerHeartbeats1763900000000 } from "./1763900000000-WorkerHeartbeats";
import { HEALTH_ERRORS } from "./health.errors";

export const healthDomain = defineDomain({
  name: "health",
  errors: { health: HEALTH_ERRORS },
  permission: "dashboard",
  migrations: [WorkerHeartbeats1763900000000],
  resolvers: [HealthResolver],
  routes: healthRoutes,
  services: ({ db, jobs, events }: SharedDeps) => ({ health: new HealthService(db, jobs, events) }),
});
