import DataLoader from "dataloader";
import { DomainError } from "../common/errors";
import type { Authenticated, RequestMeta } from "../modules/auth/auth.service";
import type { UserEntity } from "../modules/users/user.entity";
import type { Services } from "../services";

/** Per-request DataLoaders: list fields batch their lookups through these, never a query per row. */
export function createLoaders(services: Services) {
  return {
    user: new DataLoader<number, UserEntity | null>(async (ids) => {
      const rows = await services.users.findByIds(ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}

export interface GqlContext {
  services: Services;
  auth: Authenticated | null;
  meta: RequestMeta;
  loaders: ReturnType<typeof createLoaders>;
}

export function createContext(services: Services, auth: Authenticated | null, meta: RequestMeta): GqlContext {
  return { services, auth, meta, loaders: createLoaders(services) };
}

/** The logged-in caller; resolvers guarded by @Access("user"/"admin") can rely on it. */
export function requireAuth(ctx: GqlContext): Authenticated {
  if (!ctx.auth) throw new DomainError("UNAUTHENTICATED");
  return ctx.auth;
}
