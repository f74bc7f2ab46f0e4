import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";
import { PageOf } from "../../graphql/page";

@ObjectType("Announcement")
export class AnnouncementType {
  @Field(() => ID) id: number;
  @Field(() => String) title: string;
  @Field(() => String, { description: "Plain text (render as text, not HTML)." }) content: string;
  @Field(() => String, { description: '"published" or "draft"' }) status: string;
  @Field(() => DateTimeISOResolver, { nullable: true }) publishedAt: Date | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
  @Field(() => Int, { description: "Distinct readers." }) readCount: number;
}

export const AnnouncementPageType = PageOf(AnnouncementType, "AnnouncementPage");
export type AnnouncementPageType = InstanceType<typeof AnnouncementPageType>;

@InputType("AnnouncementInput", {
  description: "On update, fields left out keep their value. New announcements default to draft.",
})
export class AnnouncementInputType {
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) content?: string;
  @Field(() => String, { nullable: true, description: '"published" or "draft"' }) status?: string;
}

@ObjectType("AnnouncementBatchResult")
export class AnnouncementBatchResultType {
  @Field(() => String) operation: string;
  @Field(() => Int) affected: number;
}

@ObjectType("CategoryAnnouncement")
export class CategoryAnnouncementType {
  @Field(() => ID) id: number;
  @Field(() => ID, { description: 'An app category id, "dylib" or "resource-shares".' }) categoryId: string;
  @Field(() => String) title: string;
  @Field(() => String) content: string;
  @Field(() => Boolean) isActive: boolean;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

@InputType("CategoryAnnouncementInput")
export class CategoryAnnouncementInputType {
  @Field(() => String) title: string;
  @Field(() => String) content: string;
  @Field(() => Boolean, { nullable: true, defaultValue: true }) isActive?: boolean;
}
