import { Field, ObjectType } from "type-graphql";

@ObjectType("ContentVersions", { description: "A counter per kind of public content; it moves whenever an admin changes that kind." })
export class ContentVersionsType {
  @Field(() => String) banners: string;
  @Field(() => String) categories: string;
  @Field(() => String) apps: string;
  @Field(() => String) dylibs: string;
  @Field(() => String) resourceShares: string;
  @Field(() => String) announcements: string;
  @Field(() => String) qqGroups: string;
  @Field(() => String) settings: string;
}
