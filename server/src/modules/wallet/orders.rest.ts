import { pageJson, privateCache, route, type RouteDef } from "../../rest/router";
import { orderJson } from "./orders.types";

export const ordersRoutes: RouteDef[] = [
  route("post", "/users/wallet/pay", "user", async ({ auth, body, services }) => {
    const o = await services.orders.pay(auth!.user.id, body.kind, body.id);
    return { ...orderJson(o), order_no: o.orderNo };
  }),
  route("get", "/users/orders", "user", async ({ auth, query, services, res }) => {
    privateCache(res);
    const p = await services.orders.list(auth!.user.id, {
      status: query.status,
      kind: query.kind,
      page: query.page,
      pageSize: query.limit ?? query.pageSize,
      after: query.after,
    });
    return pageJson("orders", p, orderJson);
  }),
  route("get", "/users/orders/:ref", "user", async ({ auth, params, services, res }) => {
    privateCache(res);
    return orderJson(await services.orders.mine(auth!.user.id, params.ref));
  }),
  route("get", "/admin/orders", "admin", async ({ query, services, res }) => {
    privateCache(res);
    const p = await services.orders.adminList({
      search: query.search,
      status: query.status,
      kind: query.kind,
      page: query.page,
      pageSize: query.limit ?? query.pageSize,
      after: query.after,
    });
    return pageJson("orders", p, orderJson);
  }),
  route("get", "/admin/orders/:ref", "admin", async ({ params, services, res }) => {
    privateCache(res);
    return orderJson(await services.orders.adminGet(params.ref));
  }),
  route("put", "/admin/orders/:id/status", "admin", async ({ params, body, services }) =>
    orderJson(await services.orders.adminSetStatus(params.id, body.status)),
  ),
  route("post", "/admin/orders/:id/refund", "admin", async ({ params, body, services }) =>
    orderJson(await services.orders.refund(params.id, body.reason)),
  ),
];
