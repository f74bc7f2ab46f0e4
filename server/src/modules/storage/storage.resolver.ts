import { Arg, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import {
  StorageMigrationType,
  StorageOverviewType,
  StorageSettingsInput,
  StorageTestResultType,
} from "./storage.types";

@Resolver()
export class StorageResolver {
  @Access("admin")
  @Query(() => StorageOverviewType, { description: "/admin/storage: backend, settings (secrets never shown), usage." })
  adminStorage(@Ctx() ctx: GqlContext): Promise<StorageOverviewType> {
    return ctx.services.storageAdmin.overview();
  }

  @Access("admin")
  @Mutation(() => StorageTestResultType, { description: "测试连接: put, read back and delete a probe object." })
  testStorageConnection(@Ctx() ctx: GqlContext): Promise<StorageTestResultType> {
    return ctx.services.storageAdmin.testConnection();
  }

  @Access("admin")
  @Mutation(() => StorageOverviewType, {
    description:
      "保存设置: tested against the store first, saved (secret sealed), in force at once on every server and worker.",
  })
  saveStorageSettings(
    @Arg("input", () => StorageSettingsInput) input: StorageSettingsInput,
    @Ctx() ctx: GqlContext,
  ): Promise<StorageOverviewType> {
    return ctx.services.storageAdmin.saveSettings(requireAuth(ctx).user.id, input);
  }

  @Access("admin")
  @Mutation(() => StorageMigrationType, {
    description: "开始迁移 local → S3 (a worker job; answers the running one, or continues one whose worker died).",
  })
  startStorageMigration(@Ctx() ctx: GqlContext): Promise<StorageMigrationType> {
    return ctx.services.storageAdmin.startMigration(requireAuth(ctx).user.id);
  }

  @Access("admin")
  @Query(() => StorageMigrationType, { description: "One 迁移 local → S3." })
  storageMigration(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<StorageMigrationType> {
    return ctx.services.storageAdmin.migration(id);
  }

  @Access("admin")
  @Subscription(() => StorageMigrationType, {
    subscribe: ({ args, context }) => (context as GqlContext).services.storageAdmin.watchMigration(args.id),
    description: "A 迁移 local → S3 now, then again as it moves.",
  })
  storageMigrationProgress(@Arg("id", () => ID) _id: string, @Root() m: StorageMigrationType): StorageMigrationType {
    return m;
  }
}
