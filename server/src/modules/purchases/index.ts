import { defineDomain, type SharedDeps } from "../module";
import { PurchasesResolver } from "./purchases.resolver";
import { purchasesRoutes } from "./purchases.rest";
import { PurchasesService } from "./purchases.service";
import { PURCHASES_ERRORS } from "./purchases.errors";

/** Purchases of catalogue items; the purchasable kinds come from the domains that declare `purchasable`. */
export const purchasesDomain = defineDomain({
  name: "purchases",
  errors: { purchases: PURCHASES_ERRORS },
  permission: "orders",
  resolvers: [PurchasesResolver],
  routes: purchasesRoutes,
  services: ({ db, purchasables }: SharedDeps) => ({ purchases: new PurchasesService(db, purchasables) }),
});
