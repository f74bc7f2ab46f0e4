import { Field, ID, InputType, Int, ObjectType } from "type-graphql";

@ObjectType("QQGroup")
export class QQGroupType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "5 to 12 digits." }) number: string;
  @Field(() => Boolean) isActive: boolean;
  @Field(() => Int) sortOrder: number;
}

@InputType("QQGroupInput", { description: "On update, fields left out keep their value." })
export class QQGroupInputType {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) number?: string;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
  @Field(() => Int, { nullable: true }) sortOrder?: number;
}
