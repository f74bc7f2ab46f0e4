import { route, type RouteDef } from "../../rest/router";

export const purchasesRoutes: RouteDef[] = [
  route("get", "/settings/purchase-status/:id", "user", async ({ auth, params, query, services }) => {
    const s = await services.purchases.status(auth!.user.id, query.kind, params.id);
    return {
      itemId: s.itemId,
      item_id: s.itemId,
      kind: s.kind,
      price: s.price,
      isFree: s.isFree,
      is_free: s.isFree,
      purchased: s.purchased,
    };
  }),
];
