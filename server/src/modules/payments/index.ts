import { defineDomain, type SharedDeps } from "../module";
import { Payments1764200000000 } from "./1764200000000-Payments";
import { PaymentMethodEntity, PaymentOrderEntity } from "./payment.entity";
import { PaymentsResolver } from "./payments.resolver";
import { paymentsRoutes } from "./payments.rest";
import { PaymentsService } from "./payments.service";
import type { WalletService } from "../wallet/wallet.service";

export const paymentsDomain = defineDomain({
  name: "payments",
  entities: [PaymentMethodEntity, PaymentOrderEntity],
  migrations: [Payments1764200000000],
  resolvers: [PaymentsResolver],
  routes: paymentsRoutes,
  services: ({ db, config, rateCounter, wallet }: SharedDeps & { wallet: WalletService }) => ({
    payments: new PaymentsService(db, wallet, rateCounter, config.secretsKey, { publicUrl: config.publicUrl, businessTimeZone: config.businessTimeZone, sandbox: config.paymentSandbox }),
  }),
});
