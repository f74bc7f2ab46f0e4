import { Field, Int, ObjectType } from "type-graphql";

@ObjectType("JobRoundTrip")
export class JobRoundTripType {
  @Field(() => String)
  backend: string;

  @Field(() => String)
  worker: string;

  @Field(() => Int, { description: "Milliseconds from enqueue to the worker's result." })
  ms: number;
}
