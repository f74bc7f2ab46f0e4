import { defineDomain, type SharedDeps } from "../module";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import { QQGroupsResolver } from "./qq-groups.resolver";
import { qqGroupsRoutes } from "./qq-groups.rest";
import { QQGroupsService } from "./qq-groups.service";
import { QQ_GROUPS_ERRORS } from "./qq-groups.errors";

declare module "../content-versions/content-kinds" {
  interface ContentKinds {
    qqGroups: true;
  }
}

export const qqGroupsDomain = defineDomain({
  name: "qq-groups",
  errors: { qqGroups: QQ_GROUPS_ERRORS },
  permission: "catalogue",
  resolvers: [QQGroupsResolver],
  routes: qqGroupsRoutes,
  contentKinds: ["qqGroups"],
  services: ({ db, contentVersions }: SharedDeps & { contentVersions: ContentVersionsService }) => ({
    qqGroups: new QQGroupsService(db, contentVersions),
  }),
});
