import { DomainError } from "../../common/errors";
import { route } from "../../rest/router";

export const healthRoutes = [
  route("get", "/health", "guest", async ({ services }) => {
    if (!(await services.health.database())) throw new DomainError("UNAVAILABLE", "数据库不可用");
    // The server works without a worker (jobs wait in the queue): its absence is reported, not an error.
    const workers = await services.health.workers();
    return {
      database: "ok",
      queue: services.jobs.connection.kind,
      events: services.events.kind,
      worker: { alive: workers.alive, lastSeenAt: workers.lastSeenAt },
    };
  }),
  route("post", "/admin/health/job-round-trip", "admin", ({ services }) => services.health.jobRoundTrip()),
];
