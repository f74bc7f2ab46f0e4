import type { DataSource } from "typeorm";
import type { Config } from "./config";
import { RateCounter } from "./common/rate-limit";
import type { JobQueue } from "./jobs/enqueue";
import type { EventBus } from "@gryx/platform";
import { CONTENT_KINDS, DOMAIN_LIST, DOMAINS } from "./modules";
import type { ServicesOf, SharedDeps } from "./modules/module";
import { PurchasableKinds } from "./modules/purchases/purchase-kinds";
import { everyDomain } from "./modules/storage/file-references";
import { REST_ROUTES } from "./rest/routes";

/** The shared deps and one instance of each domain service, shared by GraphQL resolvers and REST handlers. */
export type Services = SharedDeps & ServicesOf<typeof DOMAIN_LIST>;

/** Builds every domain's services in list order; each factory gets the shared deps and the services built so far. */
export function createServices(deps: { config: Config; db: DataSource; jobs: JobQueue; events: EventBus }): Services {
  const shared: SharedDeps = {
    ...deps,
    rateCounter: new RateCounter(deps.db),
    contentKinds: CONTENT_KINDS,
    storedFiles: everyDomain(
      deps.db,
      DOMAINS.flatMap((d) => d.storedFiles ?? []),
    ),
    purchasables: new PurchasableKinds(),
    restRoutes: REST_ROUTES,
  };
  const services: Record<string, unknown> = { ...shared };
  for (const domain of DOMAINS) {
    const given = domain.services?.(services as never) ?? {};
    for (const [name, service] of Object.entries(given)) {
      if (name in services) throw new Error(`service ${name} of domain ${domain.name} is already defined`);
      services[name] = service;
    }
  }
  for (const domain of DOMAINS)
    if (domain.purchasable) {
      const { kind, source, ...rest } = domain.purchasable;
      shared.purchasables.register(kind, { ...rest, source: source(services) });
    }
  return services as unknown as Services;
}
