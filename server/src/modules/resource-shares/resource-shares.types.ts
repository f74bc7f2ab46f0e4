import { Field, Float, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";
import { CatalogItemBaseInput, CatalogItemBaseType } from "../catalog/catalog-item.types";

/** A resource share as the API shows it: money in yuan, size in bytes. */
@ObjectType("ResourceShare")
export class ResourceShareType extends CatalogItemBaseType {
  @Field(() => Float, { description: "Bytes of the IPA." }) fileSize: number;
  @Field(() => Boolean, { description: "An IPA is attached." }) hasFile: boolean;
}

export const ResourceSharePageType = PageOf(ResourceShareType, "ResourceSharePage");
export type ResourceSharePageType = InstanceType<typeof ResourceSharePageType>;

/** Fields of a resource share an admin sets. On update, a field left out (null) keeps its value. */
@InputType("ResourceShareInput")
export class ResourceShareInput extends CatalogItemBaseInput {
  @Field(() => String, { nullable: true, description: 'URL from POST /api/resource-shares/upload; "" clears it.' })
  iconUrl?: string | null;
  @Field(() => String, { nullable: true, description: "uploadId from POST /api/resource-shares/upload-ipa." })
  fileUploadId?: string | null;
}
