import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { DylibInput, DylibPageType, DylibType } from "./dylibs.types";

@Resolver()
export class DylibsResolver {
  @Access("guest")
  @Query(() => DylibType, { nullable: true, description: "An active dylib; null when missing or switched off." })
  dylib(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<DylibType | null> {
    return ctx.services.dylibs.publicGet(id);
  }

  @Access("admin")
  @Query(() => DylibPageType)
  adminDylibs(
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<DylibPageType> {
    return ctx.services.dylibs.adminList({ search, page, pageSize });
  }

  @Access("admin")
  @Mutation(() => DylibType)
  createDylib(@Arg("input", () => DylibInput) input: DylibInput, @Ctx() ctx: GqlContext): Promise<DylibType> {
    return ctx.services.dylibs.create(input);
  }

  @Access("admin")
  @Mutation(() => DylibType)
  updateDylib(@Arg("id", () => ID) id: string, @Arg("input", () => DylibInput) input: DylibInput, @Ctx() ctx: GqlContext): Promise<DylibType> {
    return ctx.services.dylibs.update(id, input);
  }

  @Access("admin")
  @Mutation(() => Int, { description: "Deletes all listed dylibs with their files, or none when one is unknown; returns the count." })
  deleteDylibs(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<number> {
    return ctx.services.dylibs.deleteMany(ids);
  }

  @Access("admin")
  @Mutation(() => [DylibType], { description: "The listed dylibs go to the top in that sequence; returns them in their new order." })
  reorderDylibs(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<DylibType[]> {
    return ctx.services.dylibs.reorder(ids);
  }

  @Access("admin")
  @Mutation(() => DylibType)
  setDylibActive(@Arg("id", () => ID) id: string, @Arg("isActive", () => Boolean) isActive: boolean, @Ctx() ctx: GqlContext): Promise<DylibType> {
    return ctx.services.dylibs.setActive(id, isActive);
  }
}
