import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, type ClassType } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import type { Services } from "../../services";
import type { Page } from "../../graphql/page";
import type { CatalogItemListArgs } from "./catalog-item.service";

/** The operations of a catalogue item kind's service that its GraphQL API calls. */
interface ItemOperations<V, I> {
  publicGet(id: unknown): Promise<V | null>;
  adminList(args: CatalogItemListArgs): Promise<Page<V>>;
  create(input: I): Promise<V>;
  update(id: unknown, input: I): Promise<V>;
  deleteMany(ids: unknown): Promise<number>;
  reorder(ids: unknown): Promise<V[]>;
  setActive(id: unknown, isActive: unknown): Promise<V>;
}

export interface CatalogItemApi<V extends object, I extends object> {
  /** GraphQL names: "Dylib" / "Dylibs" give `dylib`, `adminDylibs`, `createDylib`, `deleteDylibs`, `setDylibActive`... */
  one: string;
  many: string;
  /** The words of the descriptions: "dylib" / "dylibs". */
  noun: string;
  nouns: string;
  type: ClassType<V>;
  pageType: ClassType<Page<V>>;
  input: ClassType<I>;
  service: (services: Services) => ItemOperations<V, I>;
}

const lower = (s: string) => s[0].toLowerCase() + s.slice(1);

/**
 * The GraphQL API of a catalogue item kind (dylibs, resource shares): a public detail and the admin's list, create,
 * update, batch delete, reorder and on/off switch, all named after the kind.
 */
export function catalogItemResolver<V extends object, I extends object>(api: CatalogItemApi<V, I>): ClassType {
  const { one, many, type, pageType, input } = api;

  @Resolver()
  class CatalogItemResolver {
    @Access("guest")
    @Query(() => type, {
      name: lower(one),
      nullable: true,
      description: `An active ${api.noun}; null when missing or switched off.`,
    })
    item(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<V | null> {
      return api.service(ctx.services).publicGet(id);
    }

    @Access("admin")
    @Query(() => pageType, { name: `admin${many}` })
    adminList(
      @Arg("search", () => String, { nullable: true }) search: string | null,
      @Arg("page", () => Int, { defaultValue: 1 }) page: number,
      @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
      @Ctx() ctx: GqlContext,
    ): Promise<Page<V>> {
      return api.service(ctx.services).adminList({ search, page, pageSize });
    }

    @Access("admin")
    @Mutation(() => type, { name: `create${one}` })
    create(@Arg("input", () => input) data: I, @Ctx() ctx: GqlContext): Promise<V> {
      return api.service(ctx.services).create(data);
    }

    @Access("admin")
    @Mutation(() => type, { name: `update${one}` })
    update(@Arg("id", () => ID) id: string, @Arg("input", () => input) data: I, @Ctx() ctx: GqlContext): Promise<V> {
      return api.service(ctx.services).update(id, data);
    }

    @Access("admin")
    @Mutation(() => Int, {
      name: `delete${many}`,
      description: `Deletes all listed ${api.nouns} with their files, or none when one is unknown; returns the count.`,
    })
    deleteMany(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<number> {
      return api.service(ctx.services).deleteMany(ids);
    }

    @Access("admin")
    @Mutation(() => [type], {
      name: `reorder${many}`,
      description: `The listed ${api.nouns} go to the top in that sequence; returns them in their new order.`,
    })
    reorder(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<V[]> {
      return api.service(ctx.services).reorder(ids);
    }

    @Access("admin")
    @Mutation(() => type, { name: `set${one}Active` })
    setActive(
      @Arg("id", () => ID) id: string,
      @Arg("isActive", () => Boolean) isActive: boolean,
      @Ctx() ctx: GqlContext,
    ): Promise<V> {
      return api.service(ctx.services).setActive(id, isActive);
    }
  }

  Object.defineProperty(CatalogItemResolver, "name", { value: `${many}Resolver` });
  return CatalogItemResolver;
}
