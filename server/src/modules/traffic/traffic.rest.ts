import { privateCache, route, type RouteDef } from "../../rest/router";
import { fenToYuan } from "../../common/validate";
import { grantJson, quoteJson } from "./traffic.types";

export const trafficRoutes: RouteDef[] = [
  route("get", "/downloads/quote", "user", async ({ auth, query, services, res }) => {
    privateCache(res);
    return quoteJson(await services.traffic.quote(auth!.user, query.kind, query.id));
  }),
  route("post", "/downloads/grant", "user", async ({ auth, body, services }) =>
    grantJson(await services.traffic.confirm(auth!.user, body.quote_id ?? body.quoteId)),
  ),
  route("get", "/admin/traffic-fee/example", "admin", async ({ query, services, res }) => {
    privateCache(res);
    const e = await services.traffic.example(typeof query.size_mb === "string" ? Number(query.size_mb) : undefined);
    return { size_mb: e.sizeMB, fee: fenToYuan(e.feeFen), rule: e.rule };
  }),
];
