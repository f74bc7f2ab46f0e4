import { Field, Int, ObjectType } from "type-graphql";
import type { ClassType } from "type-graphql";

/** A page of a list: `items`, the `total` count of the whole list, and the page asked for. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Declares the GraphQL type `<name>` = { items: [item!]!, total, page, pageSize } for an item type. */
export function PageOf<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(name)
  class PageType implements Page<T> {
    @Field(() => [item])
    items: T[];

    @Field(() => Int)
    total: number;

    @Field(() => Int)
    page: number;

    @Field(() => Int)
    pageSize: number;
  }
  return PageType;
}
