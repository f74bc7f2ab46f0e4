import { Arg, Ctx, Float, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { fenToYuan } from "../../common/validate";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import type { Page } from "../../graphql/page";
import type { PaymentMethodView, RechargeOrderView } from "./payments.service";
import { orderOut } from "../wallet/orders.types";
import {
  OrderPaymentType,
  PaymentMethodInputType,
  PaymentMethodType,
  PublicPaymentMethodType,
  RechargeOrderPageType,
  RechargeOrderType,
  RechargeStartType,
} from "./payments.types";
import type { OpenedPayment } from "./payments.service";

const method = (m: PaymentMethodView): PaymentMethodType => ({
  ...m,
  minAmount: fenToYuan(m.minAmountFen),
  maxAmount: fenToYuan(m.maxAmountFen),
});
const order = (o: RechargeOrderView): RechargeOrderType => ({ ...o, amount: fenToYuan(o.amountFen) });
const orderPage = (p: Page<RechargeOrderView>) => ({ ...p, items: p.items.map(order) });
/** Where the gateway reaches this site when PUBLIC_URL is not configured: the request's own origin. */
const requestOrigin = (ctx: GqlContext) => ctx.meta.origin ?? "http://localhost";
const started = (p: OpenedPayment): RechargeStartType => ({
  orderNo: p.orderNo,
  payUrl: p.payUrl,
  amount: fenToYuan(p.amountFen),
});

@Resolver()
export class PaymentsResolver {
  @Access("guest")
  @Query(() => [PublicPaymentMethodType], { description: "Enabled payment methods for top-ups." })
  async paymentMethods(@Ctx() ctx: GqlContext): Promise<PublicPaymentMethodType[]> {
    return (await ctx.services.payments.listPublicMethods()).map((m) => ({
      id: m.id,
      name: m.name,
      channel: m.channel,
      minAmount: fenToYuan(m.minAmountFen),
      maxAmount: fenToYuan(m.maxAmountFen),
    }));
  }

  @Access("user")
  @Query(() => RechargeOrderType, { description: "One of the caller's recharge orders." })
  async rechargeOrder(
    @Arg("orderNo", () => String) orderNo: string,
    @Ctx() ctx: GqlContext,
  ): Promise<RechargeOrderType> {
    return order(await ctx.services.payments.orderOf(requireAuth(ctx).user.id, orderNo));
  }

  @Access("user")
  @Query(() => RechargeOrderPageType, { description: "The caller's recharge orders, newest first." })
  async myRechargeOrders(
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Arg("status", () => String, { nullable: true }) status: string | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return orderPage(await ctx.services.payments.myOrders(requireAuth(ctx).user.id, { page, pageSize, status }));
  }

  @Access("user")
  @Mutation(() => RechargeStartType, {
    description: "Opens a recharge order at a payment method; send the payer to payUrl.",
  })
  async recharge(
    @Arg("amount", () => Float) amount: number,
    @Arg("methodId", () => ID) methodId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<RechargeStartType> {
    return started(
      await ctx.services.payments.recharge(requireAuth(ctx).user.id, { amount, method: methodId }, requestOrigin(ctx)),
    );
  }

  @Access("user")
  @Mutation(() => OrderPaymentType, {
    description:
      "Pays one of the caller's pending orders: method \"wallet\" from the balance at once, or a payment method id (a gateway payment of the order's amount that pays the order when confirmed).",
  })
  async payOrder(
    @Arg("orderNo", () => String) orderNo: string,
    @Arg("method", () => String) method: string,
    @Ctx() ctx: GqlContext,
  ): Promise<OrderPaymentType> {
    const r = await ctx.services.payments.payOrder(requireAuth(ctx).user.id, orderNo, method, requestOrigin(ctx));
    return { paid: r.paid, order: orderOut(r.order), payment: r.paid ? null : started(r.payment) };
  }

  @Access("admin")
  @Query(() => [PaymentMethodType])
  async adminPaymentMethods(@Ctx() ctx: GqlContext): Promise<PaymentMethodType[]> {
    return (await ctx.services.payments.listMethods()).map(method);
  }

  @Access("admin")
  @Query(() => RechargeOrderPageType, {
    description: "Every recharge order; search matches an order number, trade number or username exactly.",
  })
  async adminRechargeOrders(
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Arg("status", () => String, { nullable: true }) status: string | undefined,
    @Arg("search", () => String, { nullable: true }) search: string | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return orderPage(await ctx.services.payments.listOrders({ page, pageSize, status, search }));
  }

  @Access("admin")
  @Mutation(() => PaymentMethodType)
  async createPaymentMethod(
    @Arg("input", () => PaymentMethodInputType) input: PaymentMethodInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<PaymentMethodType> {
    return method(await ctx.services.payments.createMethod({ ...input }));
  }

  @Access("admin")
  @Mutation(() => PaymentMethodType)
  async updatePaymentMethod(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => PaymentMethodInputType) input: PaymentMethodInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<PaymentMethodType> {
    return method(await ctx.services.payments.updateMethod(id, { ...input }));
  }

  @Access("admin")
  @Mutation(() => PaymentMethodType, {
    description: "Enables or disables a method (disabled ones are not offered and refuse new recharges).",
  })
  async setPaymentMethodEnabled(
    @Arg("id", () => ID) id: string,
    @Arg("enabled", () => Boolean) enabled: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<PaymentMethodType> {
    return method(await ctx.services.payments.setMethodEnabled(id, enabled));
  }
}
