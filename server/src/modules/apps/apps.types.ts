import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";
import { PageOf } from "../../graphql/page";

/** An app as the API shows it: price in yuan, size in bytes. */
@ObjectType("App")
export class AppType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: 'Image path as stored ("" = default icon); the client normalises it.' })
  icon: string;
  @Field(() => String) version: string;
  @Field(() => Float, { description: "Bytes." }) size: number;
  @Field(() => String) description: string;
  @Field(() => String) keywords: string;
  @Field(() => ID, { nullable: true }) categoryId: number | null;
  @Field(() => String, { nullable: true, description: "The category's display name." }) categoryName: string | null;
  @Field(() => Float, { description: "Yuan; 0 = free." }) price: number;
  @Field(() => String) bundleId: string;
  @Field(() => String, { description: 'Who made it ("" = not given; feeds then name the site).' }) developer: string;
  @Field(() => Boolean) isActive: boolean;
  @Field(() => Int) sortOrder: number;
  @Field(() => Boolean, { description: "An IPA is attached." }) hasIpa: boolean;
  @Field(() => Int, { description: "Whole IPA downloads through the published feeds' direct links." })
  downloadCount: number;
  @Field(() => Float, { description: "Bytes those downloads served." }) downloadBytes: number;
  @Field(() => String, { nullable: true }) minOsVersion: string | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

export const AppPageType = PageOf(AppType, "AppPage");
export type AppPageType = InstanceType<typeof AppPageType>;

/** Fields of an app an admin sets. On update, a field left out (null) keeps its value. */
@InputType("AppInput")
export class AppInput {
  @Field(() => String, { nullable: true, description: "Required on create; 1..100 characters." }) name?: string | null;
  @Field(() => String, { nullable: true }) version?: string | null;
  @Field(() => String, { nullable: true, description: "At most 5000 characters." }) description?: string | null;
  @Field(() => String, { nullable: true, description: "At most 500 characters." }) keywords?: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'A real category\'s id; "" removes the category (null keeps it, like every field).',
  })
  categoryId?: string | null;
  @Field(() => Float, { nullable: true, description: "Yuan, >= 0, at most 2 decimals." }) price?: number | null;
  @Field(() => String, { nullable: true }) bundleId?: string | null;
  @Field(() => String, { nullable: true, description: 'At most 100 characters; "" clears it.' }) developer?:
    string | null;
  @Field(() => String, {
    nullable: true,
    description: 'URL from POST /api/apps/upload (or upload-ipa\'s iconUrl); "" clears it.',
  })
  iconUrl?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "uploadId from POST /api/apps/upload-ipa; sets the size and minimum iOS too.",
  })
  ipaUploadId?: string | null;
  @Field(() => Float, { nullable: true, description: "Bytes; only used while no IPA is attached." }) size?:
    number | null;
  @Field(() => String, { nullable: true }) minOsVersion?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean | null;
}
