import { Ctx, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { JobRoundTripType } from "./health.types";

@Resolver()
export class HealthResolver {
  @Access("guest")
  @Query(() => Boolean, { description: "True when the server can reach its database." })
  healthy(@Ctx() ctx: GqlContext): Promise<boolean> {
    return ctx.services.health.database();
  }

  @Access("admin")
  @Query(() => JobRoundTripType, { description: "Sends a job through the queue to a worker and back." })
  jobRoundTrip(@Ctx() ctx: GqlContext): Promise<JobRoundTripType> {
    return ctx.services.health.jobRoundTrip();
  }
}
