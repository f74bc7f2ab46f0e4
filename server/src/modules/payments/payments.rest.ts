import express, { type Request, type Response } from "express";
import { fenToYuan } from "../../common/validate";
import { pageJson, privateCache, route, withMessage, type RouteDef } from "../../rest/router";
import { notifyParams } from "./epay";
import type { PaymentMethodInput, PaymentMethodView, RechargeOrderView } from "./payments.service";
import type { WithdrawalView } from "./withdrawals.service";
import { orderJson as itemOrderJson } from "../wallet/orders.types";
import { walletTransactions } from "../wallet/wallet.rest";

function methodJson(m: PaymentMethodView) {
  return {
    id: m.id,
    name: m.name,
    channel: m.channel,
    gateway_url: m.gatewayUrl,
    pid: m.pid,
    min_amount: fenToYuan(m.minAmountFen),
    max_amount: fenToYuan(m.maxAmountFen),
    enabled: m.enabled,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
  };
}

function orderJson(o: RechargeOrderView) {
  return {
    order_no: o.orderNo,
    user_id: o.userId,
    username: o.username,
    method_id: o.methodId,
    method_name: o.methodName,
    channel: o.channel,
    amount: fenToYuan(o.amountFen),
    status: o.status,
    trade_no: o.tradeNo,
    created_at: o.createdAt,
    paid_at: o.paidAt,
    closed_at: o.closedAt,
  };
}

function withdrawalJson(w: WithdrawalView) {
  return {
    id: w.id,
    withdraw_no: w.withdrawNo,
    user_id: w.userId,
    username: w.username,
    amount: fenToYuan(w.amountFen),
    channel: w.channel,
    account: w.account,
    real_name: w.realName,
    status: w.status,
    payout_ref: w.payoutRef,
    review_note: w.reviewNote,
    reviewed_by: w.reviewedBy,
    created_at: w.createdAt,
    reviewed_at: w.reviewedAt,
  };
}

function methodInput(body: Record<string, unknown>): PaymentMethodInput {
  const pick = (snake: string, camel: string) => (snake in body ? body[snake] : body[camel]);
  return {
    name: body.name,
    channel: body.channel,
    gatewayUrl: pick("gateway_url", "gatewayUrl"),
    pid: body.pid,
    key: body.key,
    minAmount: pick("min_amount", "minAmount"),
    maxAmount: pick("max_amount", "maxAmount"),
    enabled: body.enabled,
  };
}

const formBody = express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 50 });

/** The notify's parameters: the query string (GET), or the form or JSON body (POST). */
async function notifyInput(
  req: Request,
  res: Response,
  body: Record<string, unknown>,
): Promise<Record<string, string>> {
  if (req.method === "GET") return notifyParams(req.query as Record<string, unknown>);
  if (req.is("application/x-www-form-urlencoded")) {
    await new Promise<void>((resolve, reject) => formBody(req, res, (e?: Error) => (e ? reject(e) : resolve())));
    return notifyParams((req.body ?? {}) as Record<string, unknown>);
  }
  return notifyParams(Object.keys(body).length ? body : (req.query as Record<string, unknown>));
}

async function callback({ req, res, body, services }: Parameters<RouteDef["handler"]>[0]) {
  let answer = "fail";
  try {
    const outcome = await services.payments.handleNotify(await notifyInput(req, res, body));
    answer = outcome === "refused" ? "fail" : "success";
  } finally {
    // Plain text, as EPay gateways expect; "fail" (or no answer) makes the gateway retry later.
    res.status(200).type("text/plain").send(answer);
  }
}

async function recharge({ auth, body, meta, res, services }: Parameters<RouteDef["handler"]>[0]) {
  privateCache(res);
  // Where the gateway reaches this site when PUBLIC_URL is not configured: the request's own origin.
  const r = await services.payments.recharge(auth!.user.id, { amount: body.amount, method: body.method }, meta.origin!);
  return { order_no: r.orderNo, pay_url: r.payUrl, amount: fenToYuan(r.amountFen) };
}

export const paymentsRoutes: RouteDef[] = [
  route("get", "/payments/methods", "guest", async ({ services }) =>
    (await services.payments.listPublicMethods()).map((m) => ({ id: m.id, name: m.name, channel: m.channel })),
  ),
  route("get", "/payments/balance", "user", async ({ auth, services, res }) => {
    privateCache(res);
    const [balance, frozen] = await Promise.all([
      services.wallet.balanceFen(auth!.user.id),
      services.withdrawals.frozenFen(auth!.user.id),
    ]);
    return { balance: fenToYuan(balance), frozen: fenToYuan(frozen) };
  }),
  route("get", "/payments/transactions", "user", walletTransactions),
  route("post", "/payments/create-order", "user", async ({ auth, body, services }) => {
    const o = await services.orders.createForItem(auth!.user.id, body.kind, body.id, body);
    return { ...itemOrderJson(o), order_no: o.orderNo };
  }),
  route("post", "/payments/create", "user", async ({ auth, body, meta, res, services }) => {
    privateCache(res);
    const r = await services.payments.payOrder(auth!.user.id, body.order_no ?? body.orderNo, body.method, meta.origin!);
    if (r.paid)
      return { paid: true, order_no: r.order.orderNo, status: r.order.status, amount: fenToYuan(r.order.amountFen) };
    return {
      paid: false,
      order_no: r.order.orderNo,
      status: r.order.status,
      amount: fenToYuan(r.order.amountFen),
      payment_no: r.payment.orderNo,
      pay_url: r.payment.payUrl,
    };
  }),
  route("post", "/payments/withdraw", "user", async ({ auth, body, services }) =>
    withMessage(
      "提现申请已提交，等待审核",
      withdrawalJson(
        await services.withdrawals.request(auth!.user.id, {
          amount: body.amount,
          channel: body.channel,
          account: body.account,
          realName: body.real_name ?? body.realName,
        }),
      ),
    ),
  ),
  route("get", "/payments/withdrawals", "user", async ({ auth, query, res, services }) => {
    privateCache(res);
    return pageJson(
      "withdrawals",
      await services.withdrawals.mine(auth!.user.id, { page: query.page, pageSize: query.limit ?? query.pageSize }),
      withdrawalJson,
    );
  }),
  route("post", "/payments/recharge", "user", recharge),
  // The wallet's name for the same call (issue 9: `/api/users/wallet/recharge`, same as the payments recharge).
  route("post", "/users/wallet/recharge", "user", recharge),
  route("get", "/payments/status/:order_no", "user", async ({ auth, params, res, services }) => {
    privateCache(res);
    const o = await services.payments.orderOf(auth!.user.id, params.order_no);
    return { order_no: o.orderNo, status: o.status, amount: fenToYuan(o.amountFen), paid_at: o.paidAt };
  }),
  route("get", "/payments/orders", "user", async ({ auth, query, res, services }) => {
    privateCache(res);
    return pageJson(
      "orders",
      await services.payments.myOrders(auth!.user.id, {
        page: query.page,
        pageSize: query.limit,
        status: query.status,
      }),
      orderJson,
    );
  }),
  route("get", "/payments/callback/epay", "guest", callback),
  route("post", "/payments/callback/epay", "guest", callback),

  route("get", "/admin/payments/methods", "admin", async ({ services, res }) => {
    privateCache(res);
    return (await services.payments.listMethods()).map(methodJson);
  }),
  route("post", "/admin/payments/methods", "admin", async ({ body, services }) =>
    withMessage("创建成功", methodJson(await services.payments.createMethod(methodInput(body)))),
  ),
  route("put", "/admin/payments/methods/:id", "admin", async ({ params, body, services }) =>
    withMessage("更新成功", methodJson(await services.payments.updateMethod(params.id, methodInput(body)))),
  ),
  route("post", "/admin/payments/methods/:id/disable", "admin", async ({ params, services }) =>
    withMessage("已停用", methodJson(await services.payments.setMethodEnabled(params.id, false))),
  ),
  route("post", "/admin/payments/methods/:id/enable", "admin", async ({ params, services }) =>
    withMessage("已启用", methodJson(await services.payments.setMethodEnabled(params.id, true))),
  ),
  route("get", "/admin/payments/orders", "admin", async ({ query, res, services }) => {
    privateCache(res);
    return pageJson(
      "orders",
      await services.payments.listOrders({
        page: query.page,
        pageSize: query.limit,
        status: query.status,
        search: query.search,
      }),
      orderJson,
    );
  }),
  route("get", "/admin/payments/withdrawals", "admin", async ({ query, res, services }) => {
    privateCache(res);
    return pageJson(
      "withdrawals",
      await services.withdrawals.adminList({
        page: query.page,
        pageSize: query.limit ?? query.pageSize,
        status: query.status,
        search: query.search,
      }),
      withdrawalJson,
    );
  }),
  route("post", "/admin/payments/withdrawals/:id/approve", "admin", async ({ auth, params, body, services }) =>
    withMessage(
      "已通过",
      withdrawalJson(
        await services.withdrawals.approve(auth!.user.username, params.id, body.payout_ref ?? body.payoutRef),
      ),
    ),
  ),
  route("post", "/admin/payments/withdrawals/:id/reject", "admin", async ({ auth, params, body, services }) =>
    withMessage(
      "已驳回，金额已退回用户余额",
      withdrawalJson(await services.withdrawals.reject(auth!.user.username, params.id, body.reason)),
    ),
  ),
];
