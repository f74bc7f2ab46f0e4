import { Field, Float, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";
import type { Page } from "../../graphql/page";

/** What a card of the home grid is: an app of a category, a dynamic library, or a resource share. */
export enum CatalogKind {
  APP = "APP",
  DYLIB = "DYLIB",
  RESOURCE_SHARE = "RESOURCE_SHARE",
}
registerEnumType(CatalogKind, { name: "CatalogKind" });

/** The home page's price filter: free means a fee of 0. */
export enum PriceFilter {
  ALL = "ALL",
  FREE = "FREE",
  PAID = "PAID",
}
registerEnumType(PriceFilter, { name: "PriceFilter" });

/** The ids of the two built-in pseudo-categories. */
export const DYLIB_CATEGORY_ID = "dylib";
export const RESOURCE_SHARES_CATEGORY_ID = "resource-shares";

/** Arguments every catalogue source (apps, dylibs, resource shares) answers with one page of cards. */
export interface CatalogQuery {
  price: PriceFilter;
  search?: string | null;
  page: number;
  pageSize: number;
  offset: number;
}

@ObjectType("CatalogItem", { description: "One card of the home page grid." })
export class CatalogItemType {
  @Field(() => ID) id: string;
  @Field(() => CatalogKind) kind: CatalogKind;
  @Field(() => String) name: string;
  @Field(() => String, { description: "Image path as stored; the client normalises it (spec §5)." }) icon: string;
  @Field(() => String) description: string;
  @Field(() => String) version: string;
  @Field(() => Float, { description: "Bytes." }) size: number;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
  @Field(() => Float, { description: "Yuan." }) price: number;
  @Field(() => Boolean) isFree: boolean;
  @Field(() => String, { nullable: true }) bundleId: string | null;
  @Field(() => String, { nullable: true }) author: string | null;
  @Field(() => String, { nullable: true }) category: string | null;
  @Field(() => [String]) tags: string[];
  @Field(() => String, {
    nullable: true,
    description: "An app's keywords (search terms); null for dylibs and resource shares.",
  })
  keywords?: string | null;
}

@ObjectType("CatalogPage", { description: "One page of the home grid, and the category it lists." })
export class CatalogPageType implements Page<CatalogItemType> {
  @Field(() => [CatalogItemType]) items: CatalogItemType[];
  @Field(() => Int) total: number;
  @Field(() => Int) page: number;
  @Field(() => Int) pageSize: number;
  @Field(() => ID, {
    nullable: true,
    description: 'The category listed: a real id, "dylib", "resource-shares", or null for all apps.',
  })
  categoryId: string | null;
}
