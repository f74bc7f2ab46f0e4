import "reflect-metadata";
import { buildSchema, type PubSub } from "type-graphql";
import type { GraphQLSchema } from "graphql";
import { authChecker } from "./auth-checker";
import { AuthResolver } from "../modules/auth/auth.resolver";
import { UsersResolver } from "../modules/users/users.resolver";
import { AdminStatsResolver } from "../modules/admin-stats/admin-stats.resolver";
import { HealthResolver } from "../modules/health/health.resolver";
import { ContentVersionsResolver } from "../modules/content-versions/content-versions.resolver";
import { BannersResolver } from "../modules/banners/banners.resolver";
import { AnnouncementsResolver } from "../modules/announcements/announcements.resolver";
import { QQGroupsResolver } from "../modules/qq-groups/qq-groups.resolver";
import { SettingsResolver } from "../modules/settings/settings.resolver";
import { PurchasesResolver } from "../modules/purchases/purchases.resolver";
import { DylibsResolver } from "../modules/dylibs/dylibs.resolver";
import { ResourceSharesResolver } from "../modules/resource-shares/resource-shares.resolver";
import { CategoriesResolver } from "../modules/categories/categories.resolver";
import { AppsResolver } from "../modules/apps/apps.resolver";
import { CatalogResolver } from "../modules/catalog/catalog.resolver";

/** Every resolver of the API, listed once. */
export const RESOLVERS = [
  AuthResolver,
  UsersResolver,
  AdminStatsResolver,
  HealthResolver,
  ContentVersionsResolver,
  BannersResolver,
  AnnouncementsResolver,
  QQGroupsResolver,
  SettingsResolver,
  PurchasesResolver,
  DylibsResolver,
  ResourceSharesResolver,
  CategoriesResolver,
  AppsResolver,
  CatalogResolver,
] as const;

export function createSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, authChecker, pubSub, validate: false });
}
