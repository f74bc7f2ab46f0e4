import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";

/**
 * The fields a dylib and a resource share show alike (money in yuan). Only a base for `Dylib` and `ResourceShare`:
 * no resolver returns it, so the schema has no type of this name. Each subclass adds `fileSize` and `hasFile`
 * with its own description, and its own fields.
 */
@ObjectType("CatalogItemBase")
export abstract class CatalogItemBaseType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: 'Image path as stored ("" = default icon); the client normalises it.' })
  icon: string;
  @Field(() => String) version: string;
  @Field(() => String) description: string;
  @Field(() => Float, { description: "Yuan." }) resourceFee: number;
  @Field(() => Float, { description: "Yuan." }) trafficFee: number;
  @Field(() => String) bundleId: string;
  @Field(() => Int) downloadCount: number;
  @Field(() => Boolean) isActive: boolean;
  @Field(() => Int) sortOrder: number;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

/**
 * The fields of a dylib or a resource share an admin sets alike. On update, a field left out (null) keeps its value.
 * Each subclass adds `iconUrl` and `fileUploadId` (their descriptions name its upload endpoints), and its own fields.
 */
@InputType("CatalogItemBaseInput")
export abstract class CatalogItemBaseInput {
  @Field(() => String, { nullable: true, description: "Required on create." }) name?: string | null;
  @Field(() => String, { nullable: true }) version?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Float, { nullable: true, description: "Yuan, >= 0, at most 2 decimals." }) resourceFee?: number | null;
  @Field(() => Float, { nullable: true, description: "Yuan, >= 0, at most 2 decimals." }) trafficFee?: number | null;
  @Field(() => String, { nullable: true }) bundleId?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean | null;
}
