import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { CatalogKind } from "../catalog/catalog.types";

/**
 * A category of the home page's bar: a real one (kind APP, numeric id) or one of the two built-in
 * pseudo-categories "dylib" (动态库) and "resource-shares" (资源分享), which list dylibs and resource shares.
 */
@ObjectType("Category")
export class CategoryType {
  @Field(() => ID) id: string;
  @Field(() => String) name: string;
  @Field(() => String) displayName: string;
  @Field(() => Int, { description: "Sort weight, larger first." }) weigh: number;
  @Field(() => CatalogKind) kind: CatalogKind;
  @Field(() => Boolean, { description: "A built-in pseudo-category: cannot be edited or deleted." }) builtIn: boolean;
}

/** Fields of a category an admin sets. On update, a field left out (null) keeps its value. */
@InputType("CategoryInput")
export class CategoryInput {
  @Field(() => String, { nullable: true, description: "Required on create; 1..100 characters, unique." }) name?:
    string | null;
  @Field(() => String, { nullable: true, description: "Defaults to the name." }) displayName?: string | null;
  @Field(() => Int, { nullable: true, description: "Larger first; new categories go last by default." }) weigh?:
    number | null;
}
