import type { RouteDef } from "./router";
import { DOMAINS } from "../modules";
import { domainLevel } from "../graphql/staff-permissions";

/** Every REST facade under /api: each domain's, in list order, its "admin" routes guarded by the domain's permission. */
export const REST_ROUTES: RouteDef[] = DOMAINS.flatMap((d) =>
  (d.routes ?? []).map((r) => ({ ...r, access: domainLevel(r.access, d.permission) })),
);
