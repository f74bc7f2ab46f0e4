import { route, type RouteDef } from "../../rest/router";

export const contentVersionsRoutes: RouteDef[] = [
  route("get", "/content-versions", "guest", ({ services }) => services.contentVersions.all()),
];
