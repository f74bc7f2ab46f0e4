import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";
import { PageOf } from "../../graphql/page";

/** A resource share as the API shows it: money in yuan, size in bytes. */
@ObjectType("ResourceShare")
export class ResourceShareType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "Image path as stored (\"\" = default icon); the client normalises it." }) icon: string;
  @Field(() => String) version: string;
  @Field(() => Float, { description: "Bytes of the IPA." }) fileSize: number;
  @Field(() => String) description: string;
  @Field(() => Float, { description: "Yuan." }) resourceFee: number;
  @Field(() => Float, { description: "Yuan." }) trafficFee: number;
  @Field(() => String) bundleId: string;
  @Field(() => Int) downloadCount: number;
  @Field(() => Boolean) isActive: boolean;
  @Field(() => Int) sortOrder: number;
  @Field(() => Boolean, { description: "An IPA is attached." }) hasFile: boolean;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

export const ResourceSharePageType = PageOf(ResourceShareType, "ResourceSharePage");
export type ResourceSharePageType = InstanceType<typeof ResourceSharePageType>;

/** Fields of a resource share an admin sets. On update, a field left out (null) keeps its value. */
@InputType("ResourceShareInput")
export class ResourceShareInput {
  @Field(() => String, { nullable: true, description: "Required on create." }) name?: string | null;
  @Field(() => String, { nullable: true }) version?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Float, { nullable: true, description: "Yuan, >= 0, at most 2 decimals." }) resourceFee?: number | null;
  @Field(() => Float, { nullable: true, description: "Yuan, >= 0, at most 2 decimals." }) trafficFee?: number | null;
  @Field(() => String, { nullable: true }) bundleId?: string | null;
  @Field(() => String, { nullable: true, description: "URL from POST /api/resource-shares/upload; \"\" clears it." }) iconUrl?: string | null;
  @Field(() => String, { nullable: true, description: "uploadId from POST /api/resource-shares/upload-ipa." }) fileUploadId?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean | null;
}
