import { Arg, Ctx, FieldResolver, Int, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { DailyCountType, DailyRevenueType, DashboardStatsType, revenueOut } from "./admin-stats.types";

@Resolver(() => DashboardStatsType)
export class AdminStatsResolver {
  @Access("admin")
  @Query(() => DashboardStatsType)
  adminDashboard(@Ctx() ctx: GqlContext): Promise<DashboardStatsType> {
    return ctx.services.adminStats.userTotals();
  }

  @Access("user")
  @Query(() => String, {
    description:
      "The IANA time zone (BUSINESS_TZ) the dashboard counts days in; admin pages show dates in it too (any signed-in account: staff pages of every group read it).",
  })
  businessTimeZone(@Ctx() ctx: GqlContext): string {
    return ctx.services.adminStats.timeZone;
  }

  @Access("admin")
  @FieldResolver(() => [DailyCountType])
  registrationsByDay(
    @Arg("days", () => Int, { defaultValue: 14 }) days: number,
    @Ctx() ctx: GqlContext,
  ): Promise<DailyCountType[]> {
    return ctx.services.adminStats.registrationsByDay(days);
  }

  @Access("admin")
  @FieldResolver(() => [DailyRevenueType], {
    description: "Recharges, sales and refunds per business day, from the wallet ledger.",
  })
  async revenueByDay(
    @Arg("days", () => Int, { defaultValue: 14 }) days: number,
    @Ctx() ctx: GqlContext,
  ): Promise<DailyRevenueType[]> {
    return (await ctx.services.adminStats.revenueByDay(days)).map(revenueOut);
  }
}
