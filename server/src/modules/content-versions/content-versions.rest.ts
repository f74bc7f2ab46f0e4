import { route } from "../../rest/router";

export const contentVersionsRoutes = [route("get", "/content-versions", "guest", ({ services }) => services.contentVersions.all())];
