import { Ctx, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import { ContentVersionsType } from "./content-versions.types";

@Resolver()
export class ContentVersionsResolver {
  @Access("guest")
  @Query(() => ContentVersionsType, { description: "Versions of the public content, for the client's local cache." })
  contentVersions(@Ctx() ctx: GqlContext): Promise<ContentVersionsType> {
    return ctx.services.contentVersions.all();
  }
}
