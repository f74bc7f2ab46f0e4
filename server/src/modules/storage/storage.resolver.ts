import { Ctx, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { StorageOverviewType, StorageTestResultType } from "./storage.types";

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
}
