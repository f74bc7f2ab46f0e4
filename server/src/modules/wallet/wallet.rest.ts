import { pageJson, privateCache, route, type RouteDef } from "../../rest/router";
import { fenToYuan } from "../../common/validate";
import { ledgerEntryJson, walletChangeOut } from "./wallet.types";

export const walletRoutes: RouteDef[] = [
  route("get", "/users/wallet/balance", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return { balance: fenToYuan(await services.wallet.balanceFen(auth!.user.id)) };
  }),
  route("get", "/users/wallet/transactions", "user", async ({ auth, query, services, res }) => {
    privateCache(res);
    const p = await services.wallet.transactions(auth!.user.id, { type: query.type, page: query.page, pageSize: query.limit ?? query.pageSize });
    return pageJson("transactions", p, ledgerEntryJson);
  }),
  route("post", "/admin/users/:id/wallet/adjust", "admin", async ({ auth, params, body, services }) => {
    const c = await services.wallet.adminAdjust(auth!.user.username, params.id, body.amount, body.reason);
    const out = walletChangeOut(c);
    return { ...out, order_no: out.orderNo };
  }),
  route("get", "/admin/consumption-records", "admin", async ({ query, services, res }) => {
    privateCache(res);
    const p = await services.wallet.adminLedger({
      user: query.user,
      type: query.type,
      orderNo: query.order_no ?? query.orderNo,
      from: query.from,
      to: query.to,
      page: query.page,
      pageSize: query.limit ?? query.pageSize,
    });
    return pageJson("records", p, ledgerEntryJson);
  }),
];
