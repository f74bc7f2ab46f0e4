import type { RouteDef } from "./router";
import { authRoutes } from "../modules/auth/auth.rest";
import { usersRoutes } from "../modules/users/users.rest";
import { adminStatsRoutes } from "../modules/admin-stats/admin-stats.rest";
import { healthRoutes } from "../modules/health/health.rest";
import { contentVersionsRoutes } from "../modules/content-versions/content-versions.rest";
import { bannersRoutes } from "../modules/banners/banners.rest";
import { announcementsRoutes } from "../modules/announcements/announcements.rest";
import { qqGroupsRoutes } from "../modules/qq-groups/qq-groups.rest";
import { settingsRoutes } from "../modules/settings/settings.rest";
import { purchasesRoutes } from "../modules/purchases/purchases.rest";
import { dylibsRoutes } from "../modules/dylibs/dylibs.rest";
import { resourceSharesRoutes } from "../modules/resource-shares/resource-shares.rest";
import { categoriesRoutes } from "../modules/categories/categories.rest";
import { appsRoutes } from "../modules/apps/apps.rest";

/** Every REST facade under /api, listed once. */
export const REST_ROUTES: RouteDef[] = [
  ...authRoutes,
  ...usersRoutes,
  ...adminStatsRoutes,
  ...healthRoutes,
  ...contentVersionsRoutes,
  ...bannersRoutes,
  ...announcementsRoutes,
  ...qqGroupsRoutes,
  ...settingsRoutes,
  ...purchasesRoutes,
  ...dylibsRoutes,
  ...resourceSharesRoutes,
  ...categoriesRoutes,
  ...appsRoutes,
];
