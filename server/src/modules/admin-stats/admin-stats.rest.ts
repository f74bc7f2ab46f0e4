import { route, type RouteDef } from "../../rest/router";

export const adminStatsRoutes: RouteDef[] = [
  route("get", "/admin/dashboard/stats", "admin", ({ services }) => services.adminStats.userTotals()),
  route("get", "/admin/dashboard/user-growth", "admin", ({ query, services }) =>
    services.adminStats.registrationsByDay(query.days === undefined ? 14 : Number(query.days)),
  ),
];
