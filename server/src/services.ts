import type { DataSource } from "typeorm";
import type { Config } from "./config";
import { RateCounter } from "./common/rate-limit";
import type { JobQueue } from "./jobs/enqueue";
import type { EventBus } from "@gryx/platform";
import { AuthService } from "./modules/auth/auth.service";
import { TokenService } from "./modules/auth/tokens";
import { DeviceTrust } from "./modules/auth/device-trust";
import { SessionRevoker } from "./modules/auth/sessions";
import { EmailService } from "./modules/email/email.service";
import { UsersService } from "./modules/users/users.service";
import { UserEvents } from "./modules/users/users.events";
import { AdminStatsService } from "./modules/admin-stats/admin-stats.service";
import { HealthService } from "./modules/health/health.service";
import { StorageService } from "./modules/storage/storage.service";
import { ContentVersionsService } from "./modules/content-versions/content-versions.service";
import { BannersService } from "./modules/banners/banners.service";
import { AnnouncementsService } from "./modules/announcements/announcements.service";
import { CategoryAnnouncementsService } from "./modules/announcements/category-announcements.service";
import { QQGroupsService } from "./modules/qq-groups/qq-groups.service";
import { SettingsService } from "./modules/settings/settings.service";
import { PurchasesService } from "./modules/purchases/purchases.service";
import { DylibsService } from "./modules/dylibs/dylibs.service";
import { ResourceSharesService } from "./modules/resource-shares/resource-shares.service";
import { CategoriesService } from "./modules/categories/categories.service";
import { AppsService } from "./modules/apps/apps.service";
import { CatalogService } from "./modules/catalog/catalog.service";

/** One instance of each domain service, shared by GraphQL resolvers and REST handlers. */
export function createServices(deps: { config: Config; db: DataSource; jobs: JobQueue; events: EventBus }) {
  const { config, db, jobs, events } = deps;
  const rateCounter = new RateCounter(db);
  const email = new EmailService(db, jobs);
  const sessions = new SessionRevoker(db, events);
  const users = new UsersService(db, new UserEvents(events), sessions);
  const tokens = new TokenService(config.jwtSecret, config.jwtIssuer, config.jwtAudience, config.jwtTtlSeconds);
  const auth = new AuthService(db, users, tokens, rateCounter, email, new DeviceTrust(config.jwtSecret), sessions);
  const storage = new StorageService(config.storageDir);
  const contentVersions = new ContentVersionsService(db);
  const categories = new CategoriesService(db, contentVersions);
  const apps = new AppsService(db, storage, contentVersions);
  const dylibs = new DylibsService(db, storage, contentVersions);
  const resourceShares = new ResourceSharesService(db, storage, contentVersions, apps);
  return {
    config,
    storage,
    contentVersions,
    db,
    jobs,
    events,
    rateCounter,
    email,
    users,
    auth,
    adminStats: new AdminStatsService(db),
    health: new HealthService(db, jobs, events),
    banners: new BannersService(db, storage, contentVersions),
    announcements: new AnnouncementsService(db, contentVersions, rateCounter),
    categoryAnnouncements: new CategoryAnnouncementsService(db, contentVersions),
    qqGroups: new QQGroupsService(db, contentVersions),
    settings: new SettingsService(db, storage, contentVersions),
    purchases: new PurchasesService(db, { app: apps, dylib: dylibs, "resource-share": resourceShares }),
    dylibs,
    resourceShares,
    categories,
    apps,
    catalog: new CatalogService(categories, apps, { dylibs, resourceShares }),
  };
}

export type Services = ReturnType<typeof createServices>;
