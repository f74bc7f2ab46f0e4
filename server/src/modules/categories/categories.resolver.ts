import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { CategoryInput, CategoryType } from "./categories.types";

@Resolver()
export class CategoriesResolver {
  @Access("guest")
  @Query(() => [CategoryType], {
    description: "By weigh (larger first), then id; the pseudo-categories dylib and resource-shares last.",
  })
  categories(@Ctx() ctx: GqlContext): Promise<CategoryType[]> {
    return ctx.services.categories.list();
  }

  @Access("admin")
  @Mutation(() => CategoryType)
  createCategory(
    @Arg("input", () => CategoryInput) input: CategoryInput,
    @Ctx() ctx: GqlContext,
  ): Promise<CategoryType> {
    return ctx.services.categories.create(input);
  }

  @Access("admin")
  @Mutation(() => CategoryType)
  updateCategory(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => CategoryInput) input: CategoryInput,
    @Ctx() ctx: GqlContext,
  ): Promise<CategoryType> {
    return ctx.services.categories.update(id, input);
  }

  @Access("admin")
  @Mutation(() => Boolean, { description: "Refused (409) while apps belong to the category." })
  deleteCategory(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    return ctx.services.categories.delete(id);
  }

  @Access("admin")
  @Mutation(() => [CategoryType], {
    description: "The listed categories go to the top in that sequence; returns the whole list.",
  })
  reorderCategories(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<CategoryType[]> {
    return ctx.services.categories.reorder(ids);
  }

  @Access("admin")
  @Mutation(() => [CategoryType], {
    description: "Restores 默认, 游戏, 工具, 影音, 社交 at the top; other categories are kept after them.",
  })
  resetDefaultCategories(@Ctx() ctx: GqlContext): Promise<CategoryType[]> {
    return ctx.services.categories.resetDefault();
  }
}
