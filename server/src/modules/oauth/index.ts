import { defineDomain, type SharedDeps } from "../module";
import type { AuthService } from "../auth/auth.service";
import type { UsersService } from "../users/users.service";
import { OAuth1764700100000 } from "./1764700100000-OAuth";
import { APP_SECRET_PURPOSE, OAuthConfigsService } from "./oauth-configs.service";
import { oauthRoutes } from "./oauth.rest";
import { OAuthService, providerGet } from "./oauth.service";
import { OAUTH_ERRORS } from "./oauth.errors";

/** QQ 互联 and Sign in with Apple: provider settings, bound identities, login and binding flows (see oauth.service.ts). */
export const oauthDomain = defineDomain({
  name: "oauth",
  errors: { oauth: OAUTH_ERRORS },
  permission: "settings",
  migrations: [OAuth1764700100000],
  routes: oauthRoutes,
  sealed: [{ table: "oauth_configs", columns: { app_secret_sealed: APP_SECRET_PURPOSE } }],
  services: ({ db, config, rateCounter, users, auth }: SharedDeps & { users: UsersService; auth: AuthService }) => {
    const oauthConfigs = new OAuthConfigsService(db, config.secrets, {
      allowPrivate: config.oauth.allowPrivate,
      publicUrl: config.publicUrl,
    });
    return {
      oauthConfigs,
      oauth: new OAuthService(db, oauthConfigs, users, auth, rateCounter, providerGet(config.oauth.allowPrivate)),
    };
  },
});
