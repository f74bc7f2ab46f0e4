import { DomainError } from "../../common/errors";
import { route, type RouteDef } from "../../rest/router";

export const healthRoutes: RouteDef[] = [
  route("get", "/health", "guest", async ({ services }) => {
    if (!(await services.health.database())) throw new DomainError("HEALTH_DATABASE_UNAVAILABLE");
    return { database: "ok", queue: services.jobs.connection.kind };
  }),
  route("post", "/admin/health/job-round-trip", "admin", ({ services }) => services.health.jobRoundTrip()),
];
