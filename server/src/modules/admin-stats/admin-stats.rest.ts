import { route, type RouteDef } from "../../rest/router";
import { revenueOut } from "./admin-stats.types";

export const adminStatsRoutes: RouteDef[] = [
  route("get", "/admin/dashboard/stats", "admin", async ({ services }) => ({
    ...(await services.adminStats.userTotals()),
    timeZone: services.adminStats.timeZone,
  })),
  route("get", "/admin/dashboard/user-growth", "admin", ({ query, services }) =>
    services.adminStats.registrationsByDay(query.days === undefined ? 14 : Number(query.days)),
  ),
  route("get", "/admin/dashboard/revenue", "admin", async ({ query, services }) =>
    (await services.adminStats.revenueByDay(query.days === undefined ? 14 : Number(query.days))).map(revenueOut),
  ),
];
