import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import { CatalogKind } from "../catalog/catalog.types";
import { PurchaseStatusType } from "./purchases.types";

@Resolver()
export class PurchasesResolver {
  @Access("user")
  @Query(() => PurchaseStatusType, {
    description: "Price of an item and whether the caller may use it (free or bought).",
  })
  async purchaseStatus(
    @Arg("kind", () => CatalogKind) kind: CatalogKind,
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: GqlContext,
  ): Promise<PurchaseStatusType> {
    const s = await ctx.services.purchases.status(
      requireAuth(ctx).user.id,
      ctx.services.purchasables.ofCatalogKind(kind),
      id,
    );
    return { itemId: s.itemId, kind, price: s.price, isFree: s.isFree, purchased: s.purchased };
  }
}
