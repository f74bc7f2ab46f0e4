import "reflect-metadata";
import { DataSource } from "typeorm";
import { UserEntity } from "../modules/users/user.entity";
import { SessionEntity } from "../modules/auth/session.entity";
import { ResetCodeEntity } from "../modules/auth/reset-code.entity";
import { EmailOutboxEntity } from "../modules/email/email-outbox.entity";
import { BannerEntity } from "../modules/banners/banner.entity";
import { AnnouncementEntity, CategoryAnnouncementEntity } from "../modules/announcements/announcement.entity";
import { QQGroupEntity } from "../modules/qq-groups/qq-group.entity";
import { SettingEntity } from "../modules/settings/setting.entity";
import { PurchaseEntity } from "../modules/purchases/purchase.entity";
import { DylibEntity } from "../modules/dylibs/dylib.entity";
import { ResourceShareEntity } from "../modules/resource-shares/resource-share.entity";
import { CategoryEntity } from "../modules/categories/category.entity";
import { AppEntity } from "../modules/apps/app.entity";
import { Init1763700000000 } from "./migrations/1763700000000-Init";
import { ContentVersions1763799000000 } from "./migrations/1763799000000-ContentVersions";
import { Catalogue1763800000000 } from "./migrations/1763800000000-Catalogue";
import { SiteContent1763800100000 } from "./migrations/1763800100000-SiteContent";
import { WorkerHeartbeats1763900000000 } from "./migrations/1763900000000-WorkerHeartbeats";

/** Every entity and migration, listed once. Later domains add theirs here. */
export const ENTITIES = [UserEntity, SessionEntity, ResetCodeEntity, EmailOutboxEntity, BannerEntity, AnnouncementEntity, CategoryAnnouncementEntity, QQGroupEntity, SettingEntity, PurchaseEntity, DylibEntity, ResourceShareEntity, CategoryEntity, AppEntity];
export const MIGRATIONS = [Init1763700000000, ContentVersions1763799000000, Catalogue1763800000000, SiteContent1763800100000, WorkerHeartbeats1763900000000];

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource({
    type: "postgres",
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: "each",
    synchronize: false,
    logging: ["error"],
    extra: { max: Number(process.env.DB_POOL_MAX ?? 10) },
  });
}
