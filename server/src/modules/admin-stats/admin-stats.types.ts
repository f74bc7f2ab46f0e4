import { Field, Float, Int, ObjectType } from "type-graphql";
import { fenToYuan } from "../../common/validate";
import type { DailyRevenue } from "./admin-stats.service";

@ObjectType("DailyCount")
export class DailyCountType {
  @Field(() => String, { description: "YYYY-MM-DD" })
  date: string;

  @Field(() => Int)
  count: number;
}

@ObjectType("DashboardStats")
export class DashboardStatsType {
  @Field(() => Int)
  totalUsers: number;

  @Field(() => Int)
  adminUsers: number;

  @Field(() => Int)
  disabledUsers: number;

  @Field(() => Int)
  newUsersToday: number;
}

@ObjectType("DailyRevenue", { description: "One business day of the wallet ledger, in yuan." })
export class DailyRevenueType {
  @Field(() => String, { description: "YYYY-MM-DD" })
  date: string;

  @Field(() => Float, { description: "Top-ups credited." })
  recharges: number;

  @Field(() => Float, { description: "Purchases, traffic fees, signing and certificates paid from wallets." })
  sales: number;

  @Field(() => Float, { description: "Refunds credited back." })
  refunds: number;
}

export const revenueOut = (r: DailyRevenue): DailyRevenueType => ({
  date: r.date,
  recharges: fenToYuan(r.rechargesFen),
  sales: fenToYuan(r.salesFen),
  refunds: fenToYuan(r.refundsFen),
});
