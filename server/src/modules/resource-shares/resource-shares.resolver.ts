import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { ResourceShareInput, ResourceSharePageType, ResourceShareType } from "./resource-shares.types";

@Resolver()
export class ResourceSharesResolver {
  @Access("guest")
  @Query(() => ResourceShareType, { nullable: true, description: "An active resource share; null when missing or switched off." })
  resourceShare(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<ResourceShareType | null> {
    return ctx.services.resourceShares.publicGet(id);
  }

  @Access("admin")
  @Query(() => ResourceSharePageType)
  adminResourceShares(
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<ResourceSharePageType> {
    return ctx.services.resourceShares.adminList({ search, page, pageSize });
  }

  @Access("admin")
  @Mutation(() => ResourceShareType)
  createResourceShare(@Arg("input", () => ResourceShareInput) input: ResourceShareInput, @Ctx() ctx: GqlContext): Promise<ResourceShareType> {
    return ctx.services.resourceShares.create(input);
  }

  @Access("admin")
  @Mutation(() => ResourceShareType)
  updateResourceShare(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => ResourceShareInput) input: ResourceShareInput,
    @Ctx() ctx: GqlContext,
  ): Promise<ResourceShareType> {
    return ctx.services.resourceShares.update(id, input);
  }

  @Access("admin")
  @Mutation(() => Int, { description: "Deletes all listed resource shares with their files, or none when one is unknown; returns the count." })
  deleteResourceShares(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<number> {
    return ctx.services.resourceShares.deleteMany(ids);
  }

  @Access("admin")
  @Mutation(() => [ResourceShareType], { description: "The listed resource shares go to the top in that sequence; returns them in their new order." })
  reorderResourceShares(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<ResourceShareType[]> {
    return ctx.services.resourceShares.reorder(ids);
  }

  @Access("admin")
  @Mutation(() => ResourceShareType)
  setResourceShareActive(
    @Arg("id", () => ID) id: string,
    @Arg("isActive", () => Boolean) isActive: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<ResourceShareType> {
    return ctx.services.resourceShares.setActive(id, isActive);
  }
}
