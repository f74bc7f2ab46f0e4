import { defineDomain, type SharedDeps } from "../module";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import { AnnouncementsResolver } from "./announcements.resolver";
import { announcementsRoutes } from "./announcements.rest";
import { AnnouncementsService } from "./announcements.service";
import { CategoryAnnouncementsService } from "./category-announcements.service";
import { ANNOUNCEMENTS_ERRORS } from "./announcements.errors";

declare module "../content-versions/content-kinds" {
  interface ContentKinds {
    announcements: true;
  }
}

/** Site announcements (with per-user reads) and the notes shown above a category. */
export const announcementsDomain = defineDomain({
  name: "announcements",
  errors: { announcements: ANNOUNCEMENTS_ERRORS },
  permission: "catalogue",
  resolvers: [AnnouncementsResolver],
  routes: announcementsRoutes,
  contentKinds: ["announcements"],
  services: ({ db, contentVersions, rateCounter }: SharedDeps & { contentVersions: ContentVersionsService }) => ({
    announcements: new AnnouncementsService(db, contentVersions, rateCounter),
    categoryAnnouncements: new CategoryAnnouncementsService(db, contentVersions),
  }),
});
