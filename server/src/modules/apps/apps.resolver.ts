import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { AppInput, AppPageType, AppType } from "./apps.types";

@Resolver()
export class AppsResolver {
  @Access("guest")
  @Query(() => AppType, { nullable: true, description: "An active app; null when missing or switched off." })
  app(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<AppType | null> {
    return ctx.services.apps.publicGet(id);
  }

  @Access("admin")
  @Query(() => AppPageType)
  adminApps(
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("categoryId", () => ID, { nullable: true }) categoryId: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<AppPageType> {
    return ctx.services.apps.adminList({ search, categoryId, page, pageSize });
  }

  @Access("admin")
  @Query(() => AppType)
  adminApp(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<AppType> {
    return ctx.services.apps.adminGet(id);
  }

  @Access("admin")
  @Mutation(() => AppType)
  createApp(@Arg("input", () => AppInput) input: AppInput, @Ctx() ctx: GqlContext): Promise<AppType> {
    return ctx.services.apps.create(input);
  }

  @Access("admin")
  @Mutation(() => AppType)
  updateApp(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => AppInput) input: AppInput,
    @Ctx() ctx: GqlContext,
  ): Promise<AppType> {
    return ctx.services.apps.update(id, input);
  }

  @Access("admin")
  @Mutation(() => Boolean, { description: "Deletes the app with its IPA and icon." })
  deleteApp(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    return ctx.services.apps.delete(id);
  }

  @Access("admin")
  @Mutation(() => Int, {
    description: "Deletes all listed apps with their files, or none when one is unknown; returns the count.",
  })
  deleteApps(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<number> {
    return ctx.services.apps.deleteMany(ids);
  }

  @Access("admin")
  @Mutation(() => [AppType], {
    description: "The listed apps go to the top in that sequence; returns them in their new order.",
  })
  reorderApps(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<AppType[]> {
    return ctx.services.apps.reorder(ids);
  }

  @Access("admin")
  @Mutation(() => AppType)
  setAppActive(
    @Arg("id", () => ID) id: string,
    @Arg("isActive", () => Boolean) isActive: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<AppType> {
    return ctx.services.apps.setActive(id, isActive);
  }
}
