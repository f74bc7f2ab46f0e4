import { DomainError } from "../../common/errors";
import { route } from "../../rest/router";

export const healthRoutes = [
  route("get", "/health", "guest", async ({ services }) => {
    const health = await services.health.summary();
    if (!health.database) throw new DomainError("UNAVAILABLE", "数据库不可用");
    // The server works without a worker (jobs wait in the queue): its absence is reported, not an error.
    return { ...health, database: "ok" };
  }),
  route("post", "/admin/health/job-round-trip", "admin", ({ services }) => services.health.jobRoundTrip()),
];
