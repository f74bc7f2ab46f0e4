import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import { CatalogKind } from "../catalog/catalog.types";
import type { OrderKind } from "./orders.model";
import { OrderPageType, OrderType, orderOut } from "./orders.types";

type OrderPage = InstanceType<typeof OrderPageType>;

@Resolver(() => OrderType)
export class OrdersResolver {
  @Access("user")
  @FieldResolver(() => Boolean, {
    description:
      "A pending order its owner can pay now with payOrder: a catalogue item or any registered kind (the mall's).",
  })
  payable(@Root() o: OrderType, @Ctx() ctx: GqlContext): boolean {
    return o.status === "pending" && ctx.services.orders.isPayable(o.kind as OrderKind, o.itemId);
  }

  @Access("user")
  @Mutation(() => OrderType, { description: "Buys an item at its resource fee from the caller's wallet." })
  async buyItem(
    @Arg("kind", () => CatalogKind) kind: CatalogKind,
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: GqlContext,
  ): Promise<OrderType> {
    return orderOut(
      await ctx.services.orders.pay(requireAuth(ctx).user.id, ctx.services.purchasables.ofCatalogKind(kind), id),
    );
  }

  @Access("user")
  @Mutation(() => OrderType, {
    description: "Opens an unpaid order for an item at its resource fee, to pay with payOrder within 15 minutes.",
  })
  async createOrder(
    @Arg("kind", () => CatalogKind) kind: CatalogKind,
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: GqlContext,
  ): Promise<OrderType> {
    return orderOut(
      await ctx.services.orders.createForItem(
        requireAuth(ctx).user.id,
        ctx.services.purchasables.ofCatalogKind(kind),
        id,
      ),
    );
  }

  @Access("user")
  @Query(() => OrderPageType, { description: "The caller's orders, newest first." })
  async myOrders(
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("kind", () => String, { nullable: true }) kind: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<OrderPage> {
    const p = await ctx.services.orders.list(requireAuth(ctx).user.id, { status, kind, page, pageSize });
    return { ...p, items: p.items.map(orderOut) };
  }

  @Access("user")
  @Query(() => OrderType, { description: "One of the caller's orders, by order number or id." })
  async myOrder(@Arg("ref", () => String) ref: string, @Ctx() ctx: GqlContext): Promise<OrderType> {
    return orderOut(await ctx.services.orders.mine(requireAuth(ctx).user.id, ref));
  }

  @Access("admin")
  @Query(() => OrderPageType, {
    description: "Every order; `search` is an order number, user id, username or item name.",
  })
  async adminOrders(
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("kind", () => String, { nullable: true }) kind: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<OrderPage> {
    const p = await ctx.services.orders.adminList({ search, status, kind, page, pageSize });
    return { ...p, items: p.items.map(orderOut) };
  }

  @Access("admin")
  @Query(() => OrderType)
  async adminOrder(@Arg("ref", () => String) ref: string, @Ctx() ctx: GqlContext): Promise<OrderType> {
    return orderOut(await ctx.services.orders.adminGet(ref));
  }

  @Access("admin")
  @Mutation(() => OrderType, { description: "Refunds a paid or fulfilled order to the buyer's wallet." })
  async adminRefundOrder(
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String, { nullable: true }) reason: string | null,
    @Ctx() ctx: GqlContext,
  ): Promise<OrderType> {
    return orderOut(await ctx.services.orders.refund(id, reason));
  }

  @Access("admin")
  @Mutation(() => OrderType, {
    description: "Closes a pending order (status closed) or marks a paid one fulfilled (status fulfilled).",
  })
  async adminSetOrderStatus(
    @Arg("id", () => ID) id: string,
    @Arg("status", () => String) status: string,
    @Ctx() ctx: GqlContext,
  ): Promise<OrderType> {
    return orderOut(await ctx.services.orders.adminSetStatus(id, status));
  }
}
