import { Ctx, Query, Resolver, Root, Subscription } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { HealthType, JobRoundTripType, WorkerStatusType } from "./health.types";

@Resolver()
export class HealthResolver {
  @Access("guest")
  @Query(() => Boolean, { description: "True when the server can reach its database." })
  healthy(@Ctx() ctx: GqlContext): Promise<boolean> {
    return ctx.services.health.database();
  }

  @Access("guest")
  @Query(() => HealthType, {
    description: "The database, the queue and event backends, and whether a worker is alive.",
  })
  health(@Ctx() ctx: GqlContext): Promise<HealthType> {
    return ctx.services.health.summary();
  }

  @Access("admin")
  @Query(() => JobRoundTripType, { description: "Sends a job through the queue to a worker and back." })
  jobRoundTrip(@Ctx() ctx: GqlContext): Promise<JobRoundTripType> {
    return ctx.services.health.jobRoundTrip();
  }

  @Access("admin")
  @Query(() => WorkerStatusType, { description: "The workers' liveness, from their heartbeats." })
  workerStatus(@Ctx() ctx: GqlContext): Promise<WorkerStatusType> {
    return ctx.services.health.workers();
  }

  @Access("admin")
  @Subscription(() => WorkerStatusType, {
    subscribe: ({ context }) => (context as GqlContext).services.health.watchWorkers(),
    description: "The workers' liveness now, then again after every heartbeat of any worker.",
  })
  workerStatusChanged(@Root() status: WorkerStatusType): WorkerStatusType {
    return status;
  }
}
