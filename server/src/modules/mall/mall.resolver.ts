import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { fenToYuan } from "../../common/validate";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import type { Page } from "../../graphql/page";
import { OrderType, orderOut } from "../wallet/orders.types";
import type { PackageView, PlanInput, PlanView } from "./catalogue.service";
import type { MallOrderView } from "./mall.service";
import {
  AscAccountInputType,
  AscAccountType,
  CertPackageInputType,
  CertPackageType,
  CertPlanType,
  MallOrderLogType,
  MallOrderPageType,
  MallOrderType,
  PricePlanInputType,
  CertSupplierInputType,
  CertSupplierType,
} from "./mall.types";
import type { SupplierInput, SupplierView } from "./suppliers.service";
import { DomainError } from "../../common/errors";

const supplierOut = (s: SupplierView): CertSupplierType => ({ ...s, productMapJson: JSON.stringify(s.productMap) });
function supplierInput(i: CertSupplierInputType): SupplierInput {
  let productMap: unknown;
  if (i.productMapJson !== undefined && i.productMapJson !== null) {
    try {
      productMap = JSON.parse(i.productMapJson);
    } catch {
      throw new DomainError("MALL_SUPPLIER_INVALID", "套餐映射须为 JSON 对象");
    }
  }
  return {
    name: i.name,
    baseUrl: i.baseUrl,
    apiKey: i.apiKey,
    productMap,
    timeoutMs: i.timeoutMs,
    enabled: i.enabled,
    allowPrivate: i.allowPrivate,
  };
}

const planOut = (p: PlanView): CertPlanType => ({ ...p, price: fenToYuan(p.priceFen) });
const packageOut = (k: PackageView): CertPackageType => ({ ...k, plans: k.plans.map(planOut) });
const mallOrderOut = (o: MallOrderView): MallOrderType => ({
  ...o,
  packageName: o.snapshot.packageName,
  planName: o.snapshot.planName,
  durationDays: o.snapshot.durationDays,
  warrantyDays: o.snapshot.warrantyDays,
  amount: fenToYuan(o.amountFen),
});
const orderPage = (p: Page<MallOrderView>) => ({ ...p, items: p.items.map(mallOrderOut) });
const planInput = (i: PricePlanInputType): PlanInput => ({
  ...i,
  stock: i.unlimitedStock ? null : (i.stock ?? undefined),
});

@Resolver()
export class MallResolver {
  // ---- the mall ----

  @Access("guest")
  @Query(() => [CertPackageType], { description: "Packages on sale with their plans on sale (证书商城)." })
  async certificatePackages(@Ctx() ctx: GqlContext): Promise<CertPackageType[]> {
    return (await ctx.services.mallCatalogue.publicList()).map(packageOut);
  }

  @Access("user")
  @Mutation(() => OrderType, {
    description: "An unpaid order for a plan and one of the caller's bound devices; pay it with payOrder.",
  })
  async createCertificateOrder(
    @Arg("planId", () => ID) planId: string,
    @Arg("deviceId", () => ID) deviceId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<OrderType> {
    return orderOut(await ctx.services.mall.createOrder(requireAuth(ctx).user.id, planId, deviceId));
  }

  @Access("user")
  @Mutation(() => MallOrderType, {
    description:
      "Redeems a certificate card key for one of the caller's bound devices; the order is fulfilled like a purchase.",
  })
  async redeemCertificateCardKey(
    @Arg("code", () => String) code: string,
    @Arg("deviceId", () => ID) deviceId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<MallOrderType> {
    return mallOrderOut(await ctx.services.mall.redeemCardKey(requireAuth(ctx).user.id, ctx.meta.ip, code, deviceId));
  }

  @Access("user")
  @Mutation(() => OrderType, {
    description: "A discounted renewal order of one of the caller's delivered mall orders.",
  })
  async renewCertificateOrder(@Arg("orderId", () => ID) orderId: string, @Ctx() ctx: GqlContext): Promise<OrderType> {
    return orderOut(await ctx.services.mall.renew(requireAuth(ctx).user.id, orderId));
  }

  @Access("user")
  @Query(() => MallOrderPageType, { description: "The caller's mall orders, newest first." })
  async myMallOrders(
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return orderPage(await ctx.services.mall.myOrders(requireAuth(ctx).user.id, page, pageSize));
  }

  @Access("user")
  @Query(() => MallOrderType, { description: "One of the caller's mall orders by its order number (or id)." })
  async myMallOrder(@Arg("ref", () => String) ref: string, @Ctx() ctx: GqlContext): Promise<MallOrderType> {
    return mallOrderOut(await ctx.services.mall.mine(requireAuth(ctx).user.id, ref));
  }

  @Access("user")
  @Subscription(() => MallOrderType, {
    subscribe: ({ args, context }) => {
      const ctx = context as GqlContext;
      return ctx.services.mall.watchMine(requireAuth(ctx).user.id, args.ref);
    },
    description: "One of the caller's mall orders now, then each time it moves (paid → fulfilling → delivered).",
  })
  mallOrderChanged(@Arg("ref", () => String) _ref: string, @Root() o: MallOrderView): MallOrderType {
    return mallOrderOut(o);
  }

  // ---- admin: catalogue ----

  @Access("admin")
  @Query(() => [CertPackageType], { description: "Every package with every plan and their order counts." })
  async adminCertificatePackages(@Ctx() ctx: GqlContext): Promise<CertPackageType[]> {
    return (await ctx.services.mallCatalogue.adminList()).map(packageOut);
  }

  @Access("admin")
  @Mutation(() => CertPackageType)
  async createCertPackage(
    @Arg("input", () => CertPackageInputType) input: CertPackageInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<CertPackageType> {
    return packageOut(await ctx.services.mallCatalogue.createPackage({ ...input }));
  }

  @Access("admin")
  @Mutation(() => CertPackageType)
  async updateCertPackage(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => CertPackageInputType) input: CertPackageInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<CertPackageType> {
    return packageOut(await ctx.services.mallCatalogue.updatePackage(id, { ...input }));
  }

  @Access("admin")
  @Mutation(() => Boolean, { description: "Deletes a package and its plans; with orders only when force is true." })
  async deleteCertPackage(
    @Arg("id", () => ID) id: string,
    @Arg("force", () => Boolean, { nullable: true }) force: boolean | undefined,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.mallCatalogue.deletePackage(id, force === true);
    return true;
  }

  @Access("admin")
  @Mutation(() => [CertPackageType])
  async reorderCertPackages(@Arg("ids", () => [ID]) ids: string[], @Ctx() ctx: GqlContext): Promise<CertPackageType[]> {
    return (await ctx.services.mallCatalogue.reorderPackages(ids)).map(packageOut);
  }

  @Access("admin")
  @Mutation(() => CertPlanType)
  async createPricePlan(
    @Arg("packageId", () => ID) packageId: string,
    @Arg("input", () => PricePlanInputType) input: PricePlanInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<CertPlanType> {
    return planOut(await ctx.services.mallCatalogue.createPlan(packageId, planInput(input)));
  }

  @Access("admin")
  @Mutation(() => CertPlanType)
  async updatePricePlan(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => PricePlanInputType) input: PricePlanInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<CertPlanType> {
    return planOut(await ctx.services.mallCatalogue.updatePlan(id, planInput(input)));
  }

  @Access("admin")
  @Mutation(() => Boolean, {
    description: "Deletes a plan; one with orders only when force is true (the orders keep their snapshot).",
  })
  async deletePricePlan(
    @Arg("id", () => ID) id: string,
    @Arg("force", () => Boolean, { nullable: true }) force: boolean | undefined,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.mallCatalogue.deletePlan(id, force === true);
    return true;
  }

  @Access("admin")
  @Mutation(() => CertPackageType)
  async reorderPricePlans(
    @Arg("packageId", () => ID) packageId: string,
    @Arg("ids", () => [ID]) ids: string[],
    @Ctx() ctx: GqlContext,
  ): Promise<CertPackageType> {
    return packageOut(await ctx.services.mallCatalogue.reorderPlans(packageId, ids));
  }

  // ---- admin: fulfilment tasks ----

  @Access("admin")
  @Query(() => MallOrderPageType, { description: "Mall orders as fulfilment tasks (证书任务), newest first." })
  async adminMallOrders(
    @Arg("status", () => String, { nullable: true }) status: string | undefined,
    @Arg("search", () => String, { nullable: true }) search: string | undefined,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return orderPage(await ctx.services.mall.adminOrders({ status, search, page, pageSize }));
  }

  @Access("admin")
  @Query(() => [MallOrderLogType], { description: "A mall order's fulfilment log, oldest first." })
  adminMallOrderLogs(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.mall.logs(id);
  }

  @Access("admin")
  @Mutation(() => MallOrderType, { description: "Sends a failed or waiting order back to fulfilment." })
  async retryMallOrder(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<MallOrderType> {
    return mallOrderOut(await ctx.services.mall.retry(id, requireAuth(ctx).user.username));
  }

  // ---- admin: App Store Connect accounts (cert-apis) ----

  @Access("admin")
  @Query(() => [AscAccountType])
  adminAscAccounts(@Ctx() ctx: GqlContext) {
    return ctx.services.mallAccounts.list();
  }

  @Access("admin")
  @Mutation(() => AscAccountType)
  createAscAccount(@Arg("input", () => AscAccountInputType) input: AscAccountInputType, @Ctx() ctx: GqlContext) {
    return ctx.services.mallAccounts.create({ ...input });
  }

  @Access("admin")
  @Mutation(() => AscAccountType)
  updateAscAccount(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => AscAccountInputType) input: AscAccountInputType,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.mallAccounts.update(id, { ...input });
  }

  @Access("admin")
  @Mutation(() => Boolean)
  async deleteAscAccount(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.mallAccounts.remove(id);
    return true;
  }

  // ---- admin: suppliers (api-interfaces) ----

  @Access("admin")
  @Query(() => [CertSupplierType])
  async adminCertSuppliers(@Ctx() ctx: GqlContext): Promise<CertSupplierType[]> {
    return (await ctx.services.mallSuppliers.list()).map(supplierOut);
  }

  @Access("admin")
  @Mutation(() => CertSupplierType)
  async createCertSupplier(
    @Arg("input", () => CertSupplierInputType) input: CertSupplierInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<CertSupplierType> {
    return supplierOut(await ctx.services.mallSuppliers.create(supplierInput(input)));
  }

  @Access("admin")
  @Mutation(() => CertSupplierType)
  async updateCertSupplier(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => CertSupplierInputType) input: CertSupplierInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<CertSupplierType> {
    return supplierOut(await ctx.services.mallSuppliers.update(id, supplierInput(input)));
  }

  @Access("admin")
  @Mutation(() => Boolean)
  async deleteCertSupplier(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.mallSuppliers.remove(id);
    return true;
  }

  @Access("admin")
  @Mutation(() => CertSupplierType, {
    description: "测试连接: a signed GET /ping; the outcome is kept on the supplier.",
  })
  async testCertSupplier(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<CertSupplierType> {
    return supplierOut(await ctx.services.mallSuppliers.test(id));
  }
}
