import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";
import { PageOf } from "../../graphql/page";

/** A dynamic library as the API shows it: money in yuan, size in bytes. */
@ObjectType("Dylib")
export class DylibType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "Image path as stored (\"\" = default icon); the client normalises it." }) icon: string;
  @Field(() => String) version: string;
  @Field(() => Float, { description: "Bytes." }) fileSize: number;
  @Field(() => String) description: string;
  @Field(() => Float, { description: "Yuan." }) resourceFee: number;
  @Field(() => Float, { description: "Yuan." }) trafficFee: number;
  @Field(() => String) bundleId: string;
  @Field(() => Int) downloadCount: number;
  @Field(() => String) category: string;
  @Field(() => String) author: string;
  @Field(() => [String]) tags: string[];
  @Field(() => Boolean) isActive: boolean;
  @Field(() => Int) sortOrder: number;
  @Field(() => Boolean, { description: "A .dylib or .deb file is attached and can be downloaded." }) hasFile: boolean;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

export const DylibPageType = PageOf(DylibType, "DylibPage");
export type DylibPageType = InstanceType<typeof DylibPageType>;

/** Fields of a dylib an admin sets. On update, a field left out (null) keeps its value. */
@InputType("DylibInput")
export class DylibInput {
  @Field(() => String, { nullable: true, description: "Required on create." }) name?: string | null;
  @Field(() => String, { nullable: true }) version?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Float, { nullable: true, description: "Yuan, >= 0, at most 2 decimals." }) resourceFee?: number | null;
  @Field(() => Float, { nullable: true, description: "Yuan, >= 0, at most 2 decimals." }) trafficFee?: number | null;
  @Field(() => String, { nullable: true }) bundleId?: string | null;
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => String, { nullable: true }) author?: string | null;
  @Field(() => [String], { nullable: true, description: "At most 10 tags of at most 20 characters." }) tags?: string[] | null;
  @Field(() => String, { nullable: true, description: "URL from POST /api/dylib-management/upload-icon; \"\" clears it." }) iconUrl?: string | null;
  @Field(() => String, { nullable: true, description: "uploadId from POST /api/dylib-management/upload." }) fileUploadId?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean | null;
}
