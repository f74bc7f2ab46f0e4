import { Field, Float, ID, ObjectType } from "type-graphql";
import { CatalogKind } from "../catalog/catalog.types";

@ObjectType("PurchaseStatus")
export class PurchaseStatusType {
  @Field(() => ID) itemId: number;
  @Field(() => CatalogKind) kind: CatalogKind;
  @Field(() => Float, { description: "Yuan." }) price: number;
  @Field(() => Boolean) isFree: boolean;
  @Field(() => Boolean, { description: "True for free items too." }) purchased: boolean;
}
