import { OrderStatusIndex1765100100000 } from "./1765100100000-OrderStatusIndex";
import { defineDomain, type SharedDeps } from "../module";
import type { PurchasesService } from "../purchases/purchases.service";
import { Wallet1764100000000 } from "./1764100000000-Wallet";
import { Orders1764100100000 } from "./1764100100000-Orders";
import { WithdrawLedger1764200050000 } from "./1764200050000-WithdrawLedger";
import { OrdersResolver } from "./orders.resolver";
import { ordersRoutes } from "./orders.rest";
import { OrdersService } from "./orders.service";
import { WalletResolver } from "./wallet.resolver";
import { walletRoutes } from "./wallet.rest";
import { WalletService } from "./wallet.service";
import { WALLET_ERRORS } from "./wallet.errors";
import { WALLET_JOBS } from "./wallet.jobs";
import { WALLET_EVENTS } from "./wallet.events";

/**
 * Money: wallets in integer fen and their ledger (`WalletService.credit/debit`, one transaction each, optionally
 * inside a caller's), the `wallet.changed` event and the owner's `walletChanged` subscription; orders (numbers,
 * status machine, the scheduled close of unpaid ones) and purchases paid from the wallet (`OrdersService.pay`).
 */
export const walletDomain = defineDomain({
  name: "wallet",
  errors: { wallet: WALLET_ERRORS },
  events: WALLET_EVENTS,
  jobs: WALLET_JOBS,
  processors: ({ orders }) => ({ "orders.close-expired": async () => ({ closed: await orders.closeExpired() }) }),
  permission: "orders",
  migrations: [Wallet1764100000000, Orders1764100100000, WithdrawLedger1764200050000, OrderStatusIndex1765100100000],
  resolvers: [WalletResolver, OrdersResolver],
  routes: [...walletRoutes, ...ordersRoutes],
  services: ({ db, events, config, purchases }: SharedDeps & { purchases: PurchasesService }) => {
    const wallet = new WalletService(db, events, config.businessTimeZone);
    return { wallet, orders: new OrdersService(db, wallet, purchases, config.businessTimeZone) };
  },
});
