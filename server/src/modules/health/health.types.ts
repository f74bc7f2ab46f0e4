import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";

@ObjectType("JobRoundTrip")
export class JobRoundTripType {
  @Field(() => String)
  backend: string;

  @Field(() => String)
  worker: string;

  @Field(() => Int, { description: "Milliseconds from enqueue to the worker's result." })
  ms: number;
}

@ObjectType("WorkerLiveness")
export class WorkerLivenessType {
  @Field(() => Boolean, { description: "At least one worker sent a heartbeat recently." })
  alive: boolean;

  @Field(() => DateTimeISOResolver, { nullable: true, description: "The latest heartbeat of any worker." })
  lastSeenAt: Date | null;
}

@ObjectType("Health")
export class HealthType {
  @Field(() => Boolean, { description: "The database answers." })
  database: boolean;

  @Field(() => String, { description: '"postgres" or "redis": where the job queues live.' })
  queue: string;

  @Field(() => String, {
    description: '"postgres" (LISTEN/NOTIFY) or "redis" (pub/sub): how events travel between processes.',
  })
  events: string;

  @Field(() => WorkerLivenessType, {
    description: "The server works without a worker; jobs wait in the queue until one runs.",
  })
  worker: WorkerLivenessType;
}

@ObjectType("WorkerInfo")
export class WorkerInfoType {
  @Field(() => String, { description: "host:pid of the worker process." })
  worker: string;

  @Field(() => String, { description: '"postgres" or "redis": the queue backend it runs on.' })
  backend: string;

  @Field(() => [String])
  queues: string[];

  @Field(() => DateTimeISOResolver)
  startedAt: Date;

  @Field(() => DateTimeISOResolver)
  lastSeenAt: Date;

  @Field(() => Boolean, { description: "Running and heard from recently." })
  alive: boolean;
}

@ObjectType("WorkerStatus")
export class WorkerStatusType {
  @Field(() => Boolean, { description: "At least one worker is alive." })
  alive: boolean;

  @Field(() => DateTimeISOResolver, { nullable: true, description: "The latest heartbeat of any worker." })
  lastSeenAt: Date | null;

  @Field(() => [WorkerInfoType], { description: "Workers heard from within the last day, most recent first." })
  workers: WorkerInfoType[];
}
