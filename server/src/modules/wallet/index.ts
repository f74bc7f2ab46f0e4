import { defineDomain, type SharedDeps } from "../module";
import { Wallet1764100000000 } from "./1764100000000-Wallet";
import { LedgerEntryEntity, WalletEntity } from "./wallet.entity";
import { WalletResolver } from "./wallet.resolver";
import { walletRoutes } from "./wallet.rest";
import { WalletService } from "./wallet.service";

/**
 * Money: wallets in integer fen and their ledger (`WalletService.credit/debit`, one transaction each, optionally
 * inside a caller's), the `wallet.changed` event and the owner's `walletChanged` subscription.
 */
export const walletDomain = defineDomain({
  name: "wallet",
  entities: [WalletEntity, LedgerEntryEntity],
  migrations: [Wallet1764100000000],
  resolvers: [WalletResolver],
  routes: walletRoutes,
  services: ({ db, events }: SharedDeps) => ({ wallet: new WalletService(db, events) }),
});
