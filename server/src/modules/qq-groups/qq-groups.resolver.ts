import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { QQGroupInputType, QQGroupType } from "./qq-groups.types";

@Resolver()
export class QQGroupsResolver {
  @Access("guest")
  @Query(() => [QQGroupType], { description: "Active QQ groups in display order." })
  qqGroups(@Ctx() ctx: GqlContext): Promise<QQGroupType[]> {
    return ctx.services.qqGroups.listPublic();
  }

  @Access("admin")
  @Query(() => [QQGroupType])
  adminQQGroups(@Ctx() ctx: GqlContext): Promise<QQGroupType[]> {
    return ctx.services.qqGroups.listAdmin();
  }

  @Access("admin")
  @Mutation(() => QQGroupType)
  createQQGroup(
    @Arg("input", () => QQGroupInputType) input: QQGroupInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<QQGroupType> {
    return ctx.services.qqGroups.create({ ...input });
  }

  @Access("admin")
  @Mutation(() => QQGroupType)
  updateQQGroup(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => QQGroupInputType) input: QQGroupInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<QQGroupType> {
    return ctx.services.qqGroups.update(id, { ...input });
  }

  @Access("admin")
  @Mutation(() => Boolean)
  async deleteQQGroup(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.qqGroups.remove(id);
    return true;
  }

  @Access("admin")
  @Mutation(() => [QQGroupType], {
    description: "The given ids get that order (first = top); the full admin list comes back.",
  })
  reorderQQGroups(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<QQGroupType[]> {
    return ctx.services.qqGroups.reorder(ids);
  }
}
