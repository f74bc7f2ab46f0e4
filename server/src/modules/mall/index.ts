import { defineDomain, type SharedDeps } from "../module";
import type { CertificatesService } from "../certificates/certificates.service";
import type { CardKeysService } from "../card-keys/card-keys.service";
import type { DevicesService } from "../devices/devices.service";
import type { OrdersService } from "../wallet/orders.service";
import type { WalletService } from "../wallet/wallet.service";
import { Mall1764500000000 } from "./1764500000000-Mall";
import { SupplierAllowPrivate1764600100000 } from "./1764600100000-SupplierAllowPrivate";
import { MallAccountsService } from "./accounts.service";
import { MallCatalogueService } from "./catalogue.service";
import { MallResolver } from "./mall.resolver";
import { mallRoutes } from "./mall.rest";
import { MallService } from "./mall.service";
import { MallSuppliersService, SUPPLIER_KEY_PURPOSE } from "./suppliers.service";
import { MALL_ERRORS } from "./mall.errors";
import { MALL_JOBS } from "./mall.jobs";

/**
 * The certificate mall (证书商城): packages and price plans, orders bound to a device and paid from the wallet
 * (a wallet order kind `certificate` registered with OrdersService), fulfilment by the worker's `mall.fulfil`
 * (App Store Connect accounts, or an admin's manual delivery), refunds and the sweep on the maintenance queue, and
 * warranty re-issue when a status check finds a delivered certificate revoked (`certificates.checked`).
 */
export const mallDomain = defineDomain({
  name: "mall",
  errors: { mall: MALL_ERRORS },
  jobs: MALL_JOBS,
  processors: ({ mall }) => ({
    "mall.refund": (job) => mall.refund(job.data.orderId),
    "mall.sweep": () => mall.sweep(),
  }),
  permission: "signing",
  migrations: [Mall1764500000000, SupplierAllowPrivate1764600100000],
  resolvers: [MallResolver],
  routes: mallRoutes,
  sealed: [
    { table: "cert_suppliers", columns: { api_key_sealed: SUPPLIER_KEY_PURPOSE }, keyIdColumn: "secrets_key_id" },
    // A guest's delivered certificate (no account to own a certificates row), sealed like the certificates' own.
    {
      table: "mall_orders",
      columns: { guest_p12_sealed: "certificates.p12", guest_password_sealed: "certificates.password" },
    },
  ],
  services: ({
    db,
    config,
    jobs,
    events,
    orders,
    wallet,
    certificates,
    cardKeys,
    devices,
  }: SharedDeps & {
    orders: OrdersService;
    wallet: WalletService;
    certificates: CertificatesService;
    cardKeys: CardKeysService;
    devices: DevicesService;
  }) => {
    const mall = new MallService(db, jobs, events, orders, wallet, certificates, cardKeys, devices, config.secrets);
    // A check (a user's or a detection batch's) found a certificate revoked: a mall certificate within its warranty is
    // re-issued. Every server instance hears the event; onRevoked acts once per certificate (row lock + dedupe).
    events.subscribe("certificates.checked", (e) => {
      if (e.status === "revoked" && e.userId !== null) void mall.onRevoked(e.certificateId).catch(() => undefined);
    });
    return {
      mall,
      mallCatalogue: new MallCatalogueService(db),
      mallAccounts: new MallAccountsService(db),
      mallSuppliers: new MallSuppliersService(db, config.secrets),
    };
  },
});
