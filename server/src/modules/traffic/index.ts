import { defineDomain, type SharedDeps } from "../module";
import type { PurchasesService } from "../purchases/purchases.service";
import type { SettingsService } from "../settings/settings.service";
import type { OrdersService } from "../wallet/orders.service";
import type { WalletService } from "../wallet/wallet.service";
import { DownloadGrants1764300000000 } from "./1764300000000-DownloadGrants";
import { TrafficResolver } from "./traffic.resolver";
import { trafficRoutes } from "./traffic.rest";
import { TrafficService } from "./traffic.service";
import { TRAFFIC_ERRORS } from "./traffic.errors";

/**
 * Traffic fees (流量费) of dylib and resource-share downloads: the formula (traffic-fee.ts), signed quotes, paid
 * download grants (order kind `traffic` + wallet debit, once per quote) and the check the download endpoints make.
 */
export const trafficDomain = defineDomain({
  name: "traffic",
  errors: { traffic: TRAFFIC_ERRORS },
  permission: "settings",
  migrations: [DownloadGrants1764300000000],
  resolvers: [TrafficResolver],
  routes: trafficRoutes,
  services: ({
    db,
    config,
    settings,
    orders,
    wallet,
    purchases,
  }: SharedDeps & {
    settings: SettingsService;
    orders: OrdersService;
    wallet: WalletService;
    purchases: PurchasesService;
  }) => ({
    traffic: new TrafficService(db, settings, orders, wallet, purchases, config.jwtSecret),
  }),
});
