import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";

@ObjectType("Banner", { description: "One slide of the home page carousel." })
export class BannerType {
  @Field(() => ID) id: number;
  @Field(() => String, { description: "Image path as stored; the client normalises it (spec §5)." }) imageUrl: string;
  @Field(() => String) altText: string;
  @Field(() => String) title: string;
  @Field(() => String, { description: 'An http(s) URL, a site path starting with "/", or "" for none.' })
  linkUrl: string;
  @Field(() => Boolean) isActive: boolean;
  @Field(() => Int) sortOrder: number;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

@InputType("BannerInput", { description: "On update, fields left out keep their value." })
export class BannerInputType {
  @Field(() => String, { nullable: true, description: "URL returned by POST /api/banners/upload, or an http(s) URL." })
  imageUrl?: string;
  @Field(() => String, { nullable: true }) altText?: string;
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) linkUrl?: string;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
  @Field(() => Int, { nullable: true }) sortOrder?: number;
}
