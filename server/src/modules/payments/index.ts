import type { EmailService } from "../email/email.service";
import { defineDomain, type SharedDeps } from "../module";
import { Payments1764200000000 } from "./1764200000000-Payments";
import { OrdersAndWithdrawals1764200100000 } from "./1764200100000-OrdersAndWithdrawals";
import { PaymentsResolver } from "./payments.resolver";
import { paymentsRoutes } from "./payments.rest";
import { MERCHANT_KEY_PURPOSE, PaymentsService } from "./payments.service";
import type { WalletService } from "../wallet/wallet.service";
import type { OrdersService } from "../wallet/orders.service";
import { WithdrawalsService } from "./withdrawals.service";
import { WithdrawalsResolver } from "./withdrawals.resolver";
import { PAYMENTS_ERRORS } from "./payments.errors";
import { PAYMENTS_JOBS } from "./payments.jobs";

export const paymentsDomain = defineDomain({
  name: "payments",
  errors: { payments: PAYMENTS_ERRORS },
  jobs: PAYMENTS_JOBS,
  processors: ({ payments }) => ({
    "payments.close-expired": () => payments.closeExpired(),
    "payments.query-pending": () => payments.reconcilePending(),
  }),
  permission: "finance",
  migrations: [Payments1764200000000, OrdersAndWithdrawals1764200100000],
  resolvers: [PaymentsResolver, WithdrawalsResolver],
  routes: paymentsRoutes,
  sealed: [{ table: "payment_methods", columns: { key_encrypted: MERCHANT_KEY_PURPOSE } }],
  services: ({
    db,
    config,
    rateCounter,
    wallet,
    orders,
    email,
  }: SharedDeps & { wallet: WalletService; orders: OrdersService; email: EmailService }) => ({
    payments: new PaymentsService(db, wallet, orders, rateCounter, config.secrets, {
      publicUrl: config.publicUrl,
      businessTimeZone: config.businessTimeZone,
      sandbox: config.paymentSandbox,
    }),
    withdrawals: new WithdrawalsService(db, wallet, config.businessTimeZone, email),
  }),
});
