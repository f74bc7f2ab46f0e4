import { Arg, Ctx, Float, ID, Mutation, Query, Resolver } from "type-graphql";
import { fenToYuan } from "../../common/validate";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import { CatalogKind } from "../catalog/catalog.types";
import { FeeSettingsInputType } from "../settings/settings.types";
import { DownloadGrantType, DownloadQuoteType, grantOut, quoteOut, TrafficFeeExampleType } from "./traffic.types";

@Resolver()
export class TrafficResolver {
  @Access("user")
  @Query(() => DownloadQuoteType, {
    description: "The traffic fee of downloading a dylib or resource share, before paying it.",
  })
  async downloadQuote(
    @Arg("kind", () => CatalogKind) kind: CatalogKind,
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: GqlContext,
  ): Promise<DownloadQuoteType> {
    const user = requireAuth(ctx).user;
    const downloadKind = kind === CatalogKind.APP ? kind : ctx.services.purchasables.ofCatalogKind(kind);
    return quoteOut(await ctx.services.traffic.quote(user, downloadKind, id));
  }

  @Access("user")
  @Mutation(() => DownloadGrantType, {
    description: "Pays a quote's traffic fee from the wallet (once per quote) and returns the download grant.",
  })
  async confirmDownload(
    @Arg("quoteId", () => String) quoteId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<DownloadGrantType> {
    return grantOut(await ctx.services.traffic.confirm(requireAuth(ctx).user, quoteId));
  }

  @Access("admin")
  @Query(() => TrafficFeeExampleType, {
    description: "The traffic fee of a download of sizeMB under the stored fee settings, or the given unsaved ones.",
  })
  async trafficFeeExample(
    @Arg("sizeMB", () => Float) sizeMB: number,
    @Arg("fees", () => FeeSettingsInputType, { nullable: true }) fees: FeeSettingsInputType | null,
    @Ctx() ctx: GqlContext,
  ): Promise<TrafficFeeExampleType> {
    const e = await ctx.services.traffic.example(sizeMB, fees ? { ...fees } : undefined);
    return { sizeMB: e.sizeMB, fee: fenToYuan(e.feeFen), rule: e.rule };
  }
}
