import { Field, ObjectType } from "type-graphql";
import { UserType } from "../users/users.types";

@ObjectType("AuthPayload")
export class AuthPayloadType {
  @Field(() => String)
  token: string;

  @Field(() => UserType)
  user: UserType;
}
