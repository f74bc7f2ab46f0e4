import { DomainError } from "../../common/errors";
import { route } from "../../rest/router";

export const healthRoutes = [
  route("get", "/health", "guest", async ({ services }) => {
    if (!(await services.health.database())) throw new DomainError("HEALTH_DATABASE_UNAVAILABLE");
    return { database: "ok", queue: services.jobs.connection.kind };
  }),
  route("post", "/admin/health/job-round-trip", "admin", ({ services }) => services.health.jobRoundTrip()),
];
