import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";

@ObjectType("User")
export class UserType {
  @Field(() => ID)
  id: number;

  @Field(() => String)
  username: string;

  @Field(() => String, { description: '"admin" or "user"' })
  role: string;

  @Field(() => [String])
  permissions: string[];

  @Field(() => String, { nullable: true })
  email: string | null;

  @Field(() => Boolean)
  disabled: boolean;

  @Field(() => DateTimeISOResolver)
  createdAt: Date;

  @Field(() => DateTimeISOResolver, { nullable: true })
  lastLoginAt: Date | null;
}

@ObjectType("UserPage")
export class UserPageType {
  @Field(() => [UserType])
  items: UserType[];

  @Field(() => Int)
  total: number;

  @Field(() => Int)
  page: number;

  @Field(() => Int)
  pageSize: number;
}

@InputType("AdminCreateUserInput")
export class AdminCreateUserInput {
  @Field(() => String)
  username: string;

  @Field(() => String)
  password: string;

  @Field(() => String)
  role: string;

  @Field(() => [String], { nullable: true })
  permissions?: string[] | null;

  @Field(() => String, { nullable: true })
  email?: string | null;
}

@ObjectType("StaffPermission")
export class StaffPermissionType {
  @Field(() => String)
  key: string;

  @Field(() => String, { description: "Its Chinese name in the back office." })
  label: string;
}
