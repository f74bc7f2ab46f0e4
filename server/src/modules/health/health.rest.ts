import { DomainError } from "../../common/errors";
import { route, type RouteDef } from "../../rest/router";

export const healthRoutes: RouteDef[] = [
  route("get", "/health", "guest", async ({ services }) => {
    const health = await services.health.summary();
    if (!health.database) throw new DomainError("HEALTH_DATABASE_UNAVAILABLE");
    // The server works without a worker (jobs wait in the queue): its absence is reported, not an error.
    // The store's last check (start-up, 测试连接): a wrong key or a missing bucket is named here, not at the first upload.
    return { ...health, database: "ok", storage: services.storageAdmin.health() };
  }),
  route("post", "/admin/health/job-round-trip", "admin", ({ services }) => services.health.jobRoundTrip()),
];
