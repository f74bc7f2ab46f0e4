import { Field, Int, ObjectType } from "type-graphql";

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
