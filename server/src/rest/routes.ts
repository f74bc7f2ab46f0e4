import type { RouteDef } from "./router";
import { DOMAINS } from "../modules";
import type { DomainModule } from "../modules/module";
import { domainLevel } from "../graphql/staff-permissions";

/** The REST facades of a domain list: each domain's, in list order, its "admin" routes guarded by its permission. */
export const restRoutesOf = (domains: readonly DomainModule<any, any>[]): RouteDef[] =>
  domains.flatMap((d) => (d.routes ?? []).map((r) => ({ ...r, access: domainLevel(r.access, d.permission) })));

/** Every REST facade under /api. */
export const REST_ROUTES: RouteDef[] = restRoutesOf(DOMAINS);
