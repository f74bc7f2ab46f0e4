import { fenToYuan } from "../../common/validate";
import { pageJson, privateCache, publicCache, route, withMessage, type RouteDef } from "../../rest/router";
import { receiveForm } from "../../rest/upload";
import { P12_MAX_BYTES, PROFILE_MAX_BYTES } from "../certificates/certificate-bundle";
import { sendCertificateZip } from "../certificates/certificates.rest";
import { orderJson } from "../wallet/orders.types";
import type { AscAccountView } from "./accounts.service";
import type { PackageInput, PackageView, PlanInput, PlanView } from "./catalogue.service";
import type { MallLogView, MallOrderView } from "./mall.service";
import type { SupplierInput, SupplierView } from "./suppliers.service";

function supplierJson(s: SupplierView) {
  return {
    id: s.id,
    name: s.name,
    base_url: s.baseUrl,
    product_map: s.productMap,
    timeout_ms: s.timeoutMs,
    enabled: s.enabled,
    allow_private: s.allowPrivate,
    last_test_at: s.lastTestAt,
    last_test_ok: s.lastTestOk,
    last_test_message: s.lastTestMessage,
    created_at: s.createdAt,
  };
}

const supplierInput = (b: Record<string, unknown>): SupplierInput => ({
  name: b.name,
  baseUrl: b.base_url ?? b.baseUrl,
  apiKey: b.api_key ?? b.apiKey,
  productMap: b.product_map ?? b.productMap,
  timeoutMs: b.timeout_ms ?? b.timeoutMs,
  enabled: b.enabled,
  allowPrivate: b.allow_private ?? b.allowPrivate,
});

function planJson(p: PlanView) {
  return {
    id: p.id,
    package_id: p.packageId,
    name: p.name,
    duration_days: p.durationDays,
    price: fenToYuan(p.priceFen),
    warranty_days: p.warrantyDays,
    renewal_discount_pct: p.renewalDiscountPct,
    stock: p.stock,
    sold: p.sold,
    enabled: p.enabled,
    sort_order: p.sortOrder,
    order_count: p.orderCount,
  };
}

function packageJson(k: PackageView) {
  return {
    id: k.id,
    name: k.name,
    description: k.description,
    kind: k.kind,
    source: k.source,
    supplier_id: k.supplierId,
    certificate_id: k.certificateId,
    device_type: k.deviceType,
    enabled: k.enabled,
    sort_order: k.sortOrder,
    plans: k.plans.map(planJson),
  };
}

function mallOrderJson(o: MallOrderView) {
  return {
    id: o.id,
    order_no: o.orderNo,
    kind: o.kind,
    user_id: o.userId,
    username: o.username,
    device_id: o.deviceId,
    udid: o.udid,
    package_id: o.packageId,
    plan_id: o.planId,
    package_name: o.snapshot.packageName,
    plan_name: o.snapshot.planName,
    duration_days: o.snapshot.durationDays,
    warranty_days: o.snapshot.warrantyDays,
    source: o.source,
    amount: fenToYuan(o.amountFen),
    status: o.status,
    parent_order_id: o.parentOrderId,
    certificate_id: o.certificateId,
    asc_account_id: o.ascAccountId,
    attempts: o.attempts,
    last_error: o.lastError,
    warranty_until: o.warrantyUntil,
    expires_at: o.expiresAt,
    created_at: o.createdAt,
    paid_at: o.paidAt,
    delivered_at: o.deliveredAt,
    updated_at: o.updatedAt,
  };
}

const logJson = (l: MallLogView) => ({ id: l.id, level: l.level, message: l.message, created_at: l.createdAt });

function accountJson(a: AscAccountView) {
  return {
    id: a.id,
    name: a.name,
    p8_key_id: a.p8KeyId,
    key_id: a.keyId,
    issuer_id: a.issuerId,
    certificate_id: a.certificateId,
    certificate_name: a.certificateName,
    team_id: a.teamId,
    device_limit: a.deviceLimit,
    status: a.status,
    status_reason: a.statusReason,
    enabled: a.enabled,
    deliveries: a.deliveries,
    created_at: a.createdAt,
  };
}

const pick = (body: Record<string, unknown>, snake: string, camel: string) =>
  snake in body ? body[snake] : body[camel];
const packageInput = (b: Record<string, unknown>): PackageInput => ({
  name: b.name,
  description: b.description,
  kind: b.kind,
  source: b.source,
  supplierId: pick(b, "supplier_id", "supplierId"),
  certificateId: pick(b, "certificate_id", "certificateId"),
  deviceType: pick(b, "device_type", "deviceType"),
  enabled: b.enabled,
});
const planInput = (b: Record<string, unknown>): PlanInput => ({
  name: b.name,
  durationDays: pick(b, "duration_days", "durationDays"),
  price: b.price,
  warrantyDays: pick(b, "warranty_days", "warrantyDays"),
  renewalDiscountPct: pick(b, "renewal_discount_pct", "renewalDiscountPct"),
  stock: b.stock,
  enabled: b.enabled,
});
const accountInput = (b: Record<string, unknown>) => ({
  name: b.name,
  p8KeyId: pick(b, "p8_key_id", "p8KeyId"),
  certificateId: pick(b, "certificate_id", "certificateId"),
  deviceLimit: pick(b, "device_limit", "deviceLimit"),
  enabled: b.enabled,
  resetStatus: pick(b, "reset_status", "resetStatus"),
});

export const mallRoutes: RouteDef[] = [
  // ---- public catalogue and buying ----
  route("get", "/certificate-packages", "guest", async ({ services, res }) => {
    publicCache(res);
    return (await services.mallCatalogue.publicList()).map(packageJson);
  }),
  // Creates (or answers the caller's unpaid) order for the plan and device and pays it from the wallet.
  route("post", "/certificate-mall/buy", "user", async ({ auth, body, services }) =>
    withMessage(
      "支付成功，证书交付中",
      mallOrderJson(
        await services.mall.buy(auth!.user.id, pick(body, "plan_id", "planId"), pick(body, "device_id", "deviceId")),
      ),
    ),
  ),
  // 卡密兑换: a certificate card key for one of the caller's devices, fulfilled like a purchase.
  route("post", "/certificate-mall/redeem", "user", async ({ auth, body, meta, services }) =>
    withMessage(
      "兑换成功，证书交付中",
      mallOrderJson(
        await services.mall.redeemCardKey(auth!.user.id, meta.ip, body.code, pick(body, "device_id", "deviceId")),
      ),
    ),
  ),
  // A guest's 卡密兑换 with the session of a guest UDID capture: the answer's token follows and downloads the order.
  route("post", "/certificate-mall/guest-redeem", "guest", async ({ body, meta, services, res }) => {
    privateCache(res);
    const r = await services.mall.redeemCardKeyAsGuest(meta.ip, body.code, body.session ?? body.session_id);
    return withMessage("兑换成功，证书交付中", { ...mallOrderJson(r.order), token: r.token });
  }),
  route("get", "/certificate-mall/guest-orders/:no", "guest", async ({ params, query, services, res }) => {
    privateCache(res);
    const o = await services.mall.guestOrder(params.no, query.token);
    return { ...mallOrderJson(o), ready: o.guestReady };
  }),
  route("get", "/certificate-mall/guest-orders/:no/download", "guest", async ({ params, query, services, res }) => {
    sendCertificateZip(res, await services.mall.guestBundle(params.no, query.token));
  }),
  route("get", "/certificate-mall/orders", "user", async ({ auth, query, services, res }) => {
    privateCache(res);
    return pageJson(
      "orders",
      await services.mall.myOrders(auth!.user.id, query.page, query.limit ?? query.pageSize),
      mallOrderJson,
    );
  }),
  route("get", "/certificate-mall/orders/:ref", "user", async ({ auth, params, services, res }) => {
    privateCache(res);
    return mallOrderJson(await services.mall.mine(auth!.user.id, params.ref));
  }),
  route("post", "/certificate-mall/orders/:ref/renew", "user", async ({ auth, params, services }) => {
    const o = await services.mall.renew(auth!.user.id, params.ref);
    return { ...orderJson(o), order_no: o.orderNo };
  }),

  // ---- admin: packages and plans ----
  route("get", "/admin/certificate-packages", "admin", async ({ services, res }) => {
    privateCache(res);
    return (await services.mallCatalogue.adminList()).map(packageJson);
  }),
  route("post", "/admin/certificate-packages", "admin", async ({ body, services }) =>
    withMessage("创建成功", packageJson(await services.mallCatalogue.createPackage(packageInput(body)))),
  ),
  route("post", "/admin/certificate-packages/reorder", "admin", async ({ body, services }) =>
    (await services.mallCatalogue.reorderPackages(body.ids)).map(packageJson),
  ),
  route("get", "/admin/certificate-packages/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    return packageJson(await services.mallCatalogue.package(params.id));
  }),
  route("put", "/admin/certificate-packages/:id", "admin", async ({ params, body, services }) =>
    withMessage("更新成功", packageJson(await services.mallCatalogue.updatePackage(params.id, packageInput(body)))),
  ),
  route("patch", "/admin/certificate-packages/:id/status", "admin", async ({ params, body, services }) =>
    packageJson(await services.mallCatalogue.updatePackage(params.id, { enabled: body.enabled })),
  ),
  route("delete", "/admin/certificate-packages/:id", "admin", async ({ params, query, services }) => {
    await services.mallCatalogue.deletePackage(params.id, query.force === "1" || query.force === "true");
    return withMessage("删除成功");
  }),
  route("post", "/admin/certificate-packages/:id/plans/reorder", "admin", async ({ params, body, services }) =>
    packageJson(await services.mallCatalogue.reorderPlans(params.id, body.ids)),
  ),
  route("post", "/admin/price-plans", "admin", async ({ body, services }) =>
    withMessage(
      "创建成功",
      planJson(await services.mallCatalogue.createPlan(pick(body, "package_id", "packageId"), planInput(body))),
    ),
  ),
  route("get", "/admin/price-plans/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    return planJson(await services.mallCatalogue.plan(params.id));
  }),
  route("put", "/admin/price-plans/:id", "admin", async ({ params, body, services }) =>
    withMessage("更新成功", planJson(await services.mallCatalogue.updatePlan(params.id, planInput(body)))),
  ),
  route("patch", "/admin/price-plans/:id/status", "admin", async ({ params, body, services }) =>
    planJson(await services.mallCatalogue.updatePlan(params.id, { enabled: body.enabled })),
  ),
  // A plan with orders is refused here (CERT_PLAN_HAS_ORDERS); force-delete is the confirmed deletion.
  route("delete", "/admin/price-plans/:id", "admin", async ({ params, services }) => {
    await services.mallCatalogue.deletePlan(params.id, false);
    return withMessage("删除成功");
  }),
  route("delete", "/admin/price-plans/:id/force-delete", "admin", async ({ params, services }) => {
    await services.mallCatalogue.deletePlan(params.id, true);
    return withMessage("已强制删除，订单保留购买时的快照");
  }),

  // ---- admin: App Store Connect accounts ----
  route("get", "/admin/cert-apis", "admin", async ({ services, res }) => {
    privateCache(res);
    return (await services.mallAccounts.list()).map(accountJson);
  }),
  route("post", "/admin/cert-apis", "admin", async ({ body, services }) =>
    withMessage("创建成功", accountJson(await services.mallAccounts.create(accountInput(body)))),
  ),
  route("put", "/admin/cert-apis/:id", "admin", async ({ params, body, services }) =>
    withMessage("更新成功", accountJson(await services.mallAccounts.update(params.id, accountInput(body)))),
  ),
  route("delete", "/admin/cert-apis/:id", "admin", async ({ params, services }) => {
    await services.mallAccounts.remove(params.id);
    return withMessage("删除成功");
  }),

  // The platform certificates that are enterprise (in-house) ones.
  route("get", "/admin/enterprise-certificates", "admin", async ({ services, res }) => {
    privateCache(res);
    return (await services.mallAccounts.enterpriseCertificates()).map((c) => ({
      id: c.id,
      name: c.name,
      common_name: c.commonName,
      team_id: c.teamId,
      team_name: c.teamName,
      expires_at: c.expiresAt,
      status: c.status,
    }));
  }),

  // ---- admin: suppliers (api-interfaces) ----
  route("get", "/admin/api-interfaces", "admin", async ({ services, res }) => {
    privateCache(res);
    return (await services.mallSuppliers.list()).map(supplierJson);
  }),
  route("post", "/admin/api-interfaces", "admin", async ({ body, services }) =>
    withMessage("创建成功", supplierJson(await services.mallSuppliers.create(supplierInput(body)))),
  ),
  route("put", "/admin/api-interfaces/:id", "admin", async ({ params, body, services }) =>
    withMessage("更新成功", supplierJson(await services.mallSuppliers.update(params.id, supplierInput(body)))),
  ),
  route("delete", "/admin/api-interfaces/:id", "admin", async ({ params, services }) => {
    await services.mallSuppliers.remove(params.id);
    return withMessage("删除成功");
  }),
  route("post", "/admin/api-interfaces/:id/test", "admin", async ({ params, services }) =>
    supplierJson(await services.mallSuppliers.test(params.id)),
  ),

  // ---- admin: fulfilment tasks ----
  route("get", "/admin/cert-tasks", "admin", async ({ query, services, res }) => {
    privateCache(res);
    return pageJson(
      "tasks",
      await services.mall.adminOrders({
        status: query.status,
        search: query.search,
        page: query.page,
        pageSize: query.limit ?? query.pageSize,
      }),
      mallOrderJson,
    );
  }),
  route("get", "/admin/cert-tasks/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    const [order, logs] = await Promise.all([services.mall.adminOrder(params.id), services.mall.logs(params.id)]);
    return { ...mallOrderJson(order), logs: logs.map(logJson) };
  }),
  route("post", "/admin/cert-tasks/:id/retry", "admin", async ({ auth, params, services }) =>
    withMessage("已重新提交", mallOrderJson(await services.mall.retry(params.id, auth!.user.username))),
  ),
  // 人工交付: multipart p12 + mobileprovision + password.
  route("post", "/admin/cert-tasks/:id/deliver", "admin", async ({ auth, params, req, services }) => {
    const { files, fields } = await receiveForm(req, {
      files: { p12: P12_MAX_BYTES, mobileprovision: PROFILE_MAX_BYTES },
    });
    return withMessage(
      "已交付",
      mallOrderJson(
        await services.mall.manualDeliver(params.id, auth!.user.username, {
          p12: files.p12,
          profile: files.mobileprovision,
          password: fields.password,
        }),
      ),
    );
  }),
];
