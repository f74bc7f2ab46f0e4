import { defineDomain, type SharedDeps } from "../module";
import { Payments1764200000000 } from "./1764200000000-Payments";
import { PaymentMethodEntity, PaymentOrderEntity } from "./payment.entity";
import { PaymentsResolver } from "./payments.resolver";
import { paymentsRoutes } from "./payments.rest";
import { MERCHANT_KEY_PURPOSE, PaymentsService } from "./payments.service";
import type { WalletService } from "../wallet/wallet.service";

export const paymentsDomain = defineDomain({
  name: "payments",
  entities: [PaymentMethodEntity, PaymentOrderEntity],
  migrations: [Payments1764200000000],
  resolvers: [PaymentsResolver],
  routes: paymentsRoutes,
  sealed: [{ table: "payment_methods", columns: { key_encrypted: MERCHANT_KEY_PURPOSE } }],
  services: ({ db, config, rateCounter, wallet }: SharedDeps & { wallet: WalletService }) => ({
    payments: new PaymentsService(db, wallet, rateCounter, config.secrets, { publicUrl: config.publicUrl, businessTimeZone: config.businessTimeZone, sandbox: config.paymentSandbox }),
  }),
});
