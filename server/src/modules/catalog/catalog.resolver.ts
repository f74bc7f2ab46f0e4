import { Arg, Ctx, ID, Int, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { CatalogPageType, PriceFilter } from "./catalog.types";

@Resolver()
export class CatalogResolver {
  @Access("guest")
  @Query(() => CatalogPageType, {
    description: "One page of the home grid: categoryId null = all apps, a category's id, \"dylib\" or \"resource-shares\". Active items only.",
  })
  catalog(
    @Arg("categoryId", () => ID, { nullable: true }) categoryId: string | null,
    @Arg("defaultCategory", () => Boolean, {
      defaultValue: false,
      description: "Without categoryId: list the home page's default category (默认, else the first) rather than all apps.",
    })
    defaultCategory: boolean,
    @Arg("price", () => PriceFilter, { defaultValue: PriceFilter.ALL }) price: PriceFilter,
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 10 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<CatalogPageType> {
    return ctx.services.catalog.page({ categoryId, defaultCategory, price, search, page, pageSize });
  }
}
