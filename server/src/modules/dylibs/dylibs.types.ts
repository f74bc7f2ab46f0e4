import { Field, Float, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";
import { CatalogItemBaseInput, CatalogItemBaseType } from "../catalog/catalog-item.types";

/** A dynamic library as the API shows it: money in yuan, size in bytes. */
@ObjectType("Dylib")
export class DylibType extends CatalogItemBaseType {
  @Field(() => Float, { description: "Bytes." }) fileSize: number;
  @Field(() => String) category: string;
  @Field(() => String) author: string;
  @Field(() => [String]) tags: string[];
  @Field(() => Boolean, { description: "A .dylib or .deb file is attached and can be downloaded." }) hasFile: boolean;
}

export const DylibPageType = PageOf(DylibType, "DylibPage");
export type DylibPageType = InstanceType<typeof DylibPageType>;

/** Fields of a dylib an admin sets. On update, a field left out (null) keeps its value. */
@InputType("DylibInput")
export class DylibInput extends CatalogItemBaseInput {
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => String, { nullable: true }) author?: string | null;
  @Field(() => [String], { nullable: true, description: "At most 10 tags of at most 20 characters." }) tags?:
    string[] | null;
  @Field(() => String, {
    nullable: true,
    description: 'URL from POST /api/dylib-management/upload-icon; "" clears it.',
  })
  iconUrl?: string | null;
  @Field(() => String, { nullable: true, description: "uploadId from POST /api/dylib-management/upload." })
  fileUploadId?: string | null;
}
