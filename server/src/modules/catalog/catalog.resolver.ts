import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { CategoryAnnouncementType } from "../announcements/announcements.types";
import { CatalogPageType, PriceFilter } from "./catalog.types";

@Resolver(() => CatalogPageType)
export class CatalogResolver {
  @Access("guest")
  @Query(() => CatalogPageType, {
    description:
      'One page of the home grid: categoryId null = all apps, a category\'s id, "dylib" or "resource-shares". Active items only.',
  })
  catalog(
    @Arg("categoryId", () => ID, { nullable: true }) categoryId: string | null,
    @Arg("defaultCategory", () => Boolean, {
      defaultValue: false,
      description:
        "Without categoryId: list the home page's default category (默认, else the first) rather than all apps.",
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

  @Access("guest")
  @Query(() => CatalogPageType, {
    description:
      "The home search box: one page of every active app (all categories), dylib and resource share whose name, keywords, bundle id (or tags) match; apps first, then dylibs, then resource shares.",
  })
  searchCatalog(
    @Arg("search", () => String) search: string,
    @Arg("price", () => PriceFilter, { defaultValue: PriceFilter.ALL }) price: PriceFilter,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 10 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<CatalogPageType> {
    return ctx.services.catalog.search({ search, price, page, pageSize });
  }

  @Access("guest")
  @FieldResolver(() => CategoryAnnouncementType, {
    nullable: true,
    description: "The listed category's announcement (the box above the grid), so it arrives with the list.",
  })
  notice(@Root() page: CatalogPageType, @Ctx() ctx: GqlContext): Promise<CategoryAnnouncementType | null> {
    return page.categoryId === null
      ? Promise.resolve(null)
      : ctx.services.categoryAnnouncements.forCategory(page.categoryId);
  }
}
