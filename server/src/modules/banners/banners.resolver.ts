import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { BannerInputType, BannerType } from "./banners.types";

/** GraphQL input objects carry absent fields as undefined already; strip the class prototype for the service. */
const plain = (input: BannerInputType) => ({ ...input });

@Resolver()
export class BannersResolver {
  @Access("guest")
  @Query(() => [BannerType], { description: "Active banners in display order." })
  banners(@Ctx() ctx: GqlContext): Promise<BannerType[]> {
    return ctx.services.banners.listPublic();
  }

  @Access("admin")
  @Query(() => [BannerType])
  adminBanners(@Ctx() ctx: GqlContext): Promise<BannerType[]> {
    return ctx.services.banners.listAdmin();
  }

  @Access("admin")
  @Mutation(() => BannerType)
  createBanner(
    @Arg("input", () => BannerInputType) input: BannerInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<BannerType> {
    return ctx.services.banners.create(plain(input));
  }

  @Access("admin")
  @Mutation(() => BannerType)
  updateBanner(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => BannerInputType) input: BannerInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<BannerType> {
    return ctx.services.banners.update(id, plain(input));
  }

  @Access("admin")
  @Mutation(() => Boolean)
  async deleteBanner(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.banners.remove(id);
    return true;
  }

  @Access("admin")
  @Mutation(() => BannerType)
  setBannerActive(
    @Arg("id", () => ID) id: string,
    @Arg("isActive", () => Boolean) isActive: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<BannerType> {
    return ctx.services.banners.setActive(id, isActive);
  }

  @Access("admin")
  @Mutation(() => [BannerType], {
    description: "The given ids get that order (first = top); the full admin list comes back.",
  })
  reorderBanners(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<BannerType[]> {
    return ctx.services.banners.reorder(ids);
  }
}
