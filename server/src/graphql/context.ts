import { DomainError } from "../common/errors";
import type { Authenticated, RequestMeta } from "../modules/auth/auth.service";
import type { Services } from "../services";

/**
 * What every resolver gets. Per-request DataLoaders belong here too, created in createContext, as soon as a list
 * field needs one (none does yet: no field resolves rows of another table).
 */
export interface GqlContext {
  services: Services;
  auth: Authenticated | null;
  meta: RequestMeta;
}

export function createContext(services: Services, auth: Authenticated | null, meta: RequestMeta): GqlContext {
  return { services, auth, meta };
}

/** The logged-in caller; resolvers guarded by @Access("user"/"admin") can rely on it. */
export function requireAuth(ctx: GqlContext): Authenticated {
  if (!ctx.auth) throw new DomainError("UNAUTHENTICATED");
  return ctx.auth;
}
