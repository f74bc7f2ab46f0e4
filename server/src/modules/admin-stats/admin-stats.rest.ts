import { route, type RouteDef } from "../../rest/router";

export const adminStatsRoutes: RouteDef[] = [
  route("get", "/admin/dashboard/stats", "admin", async ({ services }) => ({ ...(await services.adminStats.userTotals()), timeZone: services.adminStats.timeZone })),
  route("get", "/admin/dashboard/user-growth", "admin", ({ query, services }) =>
    services.adminStats.registrationsByDay(query.days === undefined ? 14 : Number(query.days)),
  ),
];
