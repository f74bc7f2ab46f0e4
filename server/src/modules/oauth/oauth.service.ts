import { createHash, randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import {
  insertOAuthIdentity,
  insertOAuthState,
  oauthStateByHash,
  takeOAuthState,
  type OAuthStateRow,
  oauthIdentitiesOfUser,
  oauthIdentity,
  touchOAuthIdentity,
  unbindOAuthIdentity,
  type OAuthIdentityRow,
  type OAuthProfile,
  type Sql,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import type { RateCounter } from "../../common/rate-limit";
import { EMAIL_PATTERN } from "../../common/validate";
import type { AuthResult, AuthService, Authenticated, RequestMeta } from "../auth/auth.service";
import type { UsersService } from "../users/users.service";
import type { User } from "../users/user";
import { AppleKeys, appleJwksUrl, verifyAppleIdToken } from "./apple";
import { guardedFetch } from "@gryx/platform/outbound";
import type { ActiveConfig, OAuthConfigsService } from "./oauth-configs.service";
import type { Provider } from "./providers";
import { qqAuthorizeUrl, qqExchangeCode, qqOpenId, qqUserInfo } from "./qq";

/** A pending authorisation request lives 10 minutes and is used once. */
const STATE_TTL_SECONDS = 10 * 60;
/** Starts (new states) and callbacks per address: a browser logs in a few times, a script gets 429. */
const LIMITS = { windowSeconds: 10 * 60, startsPerIp: 60, callbacksPerIp: 60 };

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const token = (bytes = 24) => randomBytes(bytes).toString("base64url");
const LOST_RACE = new Error("identity bound by a concurrent callback");
const LABEL: Record<Provider, string> = { qq: "QQ", apple: "Apple" };

/** What a callback did: a login (the session, like POST /api/auth/login) or a binding to the logged-in account. */
export type CallbackResult = { kind: "login"; result: AuthResult } | { kind: "bind"; provider: Provider; user: User };

/** The verified identity a provider answered, before it becomes an account. */
interface ProviderIdentity {
  provider: Provider;
  subject: string;
  unionid?: string | null;
  nickname?: string | null;
  avatarUrl?: string | null;
  email?: string | null;
  isPrivateEmail?: boolean;
  /** Usable as the new account's email (verified and not a private relay address). */
  accountEmail?: string | null;
  /** Wanted username of a new account. */
  username: string;
}

/**
 * A GET to QQ 互联 or Apple (its keys): the body of a 2xx. Rejects with the guard's OutboundError (refused address,
 * timeout, network, HTTP error, too large), which qq.ts and apple.ts turn into their 暂不可用 errors. Tests pass their own.
 */
export type ProviderGet = (url: string) => Promise<string>;

/** The providers' GET: the one address guard (@gryx/platform/outbound) with 64 KiB, 10 s and 2 redirects. */
export const providerGet =
  (allowPrivate: boolean): ProviderGet =>
  async (url) => {
    const r = await guardedFetch(url, { maxBytes: 64 * 1024, timeoutMs: 10_000, maxRedirects: 2, allowPrivate });
    return r.notModified ? "" : r.body;
  };

/**
 * QQ 互联 and Sign in with Apple: authorisation requests (`state`: random, stored hashed, single use, bound to the
 * browser by an HttpOnly cookie, 10 minutes; Apple's also carry the `nonce` its id_token must repeat), the
 * provider round-trips, and the accounts' bound identities. A first login creates an account (no password, a free
 * username from the nickname) bound to the provider's id; a logged-in user binds and unbinds in /profile, never
 * unbinding the last way to log in.
 */
export class OAuthService {
  readonly appleKeys: AppleKeys;

  constructor(
    private readonly db: DataSource,
    private readonly configs: OAuthConfigsService,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly limits: RateCounter,
    private readonly get: ProviderGet,
  ) {
    this.appleKeys = new AppleKeys(get);
  }

  // ---- starting -------------------------------------------------------------------------------------------------

  /** GET /api/auth/qq: the authorize URL (`bind` with a logged-in user binds instead of logging in). */
  async qqStart(
    browser: string,
    meta: RequestMeta,
    bind: { auth: Authenticated | null; wanted: boolean },
  ): Promise<{ auth_url: string }> {
    const cfg = await this.require("qq", meta);
    const { state } = await this.newState(cfg, browser, meta, bind);
    return {
      auth_url: qqAuthorizeUrl(cfg.baseUrl, {
        appId: cfg.appId,
        redirectUri: cfg.redirectUri,
        state,
        scope: cfg.scope,
      }),
    };
  }

  /** GET /api/auth/apple: what AppleID.auth.init needs, with a fresh state and nonce. */
  async appleStart(browser: string, meta: RequestMeta, bind: { auth: Authenticated | null; wanted: boolean }) {
    const cfg = await this.require("apple", meta);
    const { state, nonce } = await this.newState(cfg, browser, meta, bind);
    return { client_id: cfg.appId, scope: cfg.scope, redirect_uri: cfg.redirectUri, state, nonce, sdk_url: cfg.sdkUrl };
  }

  private async require(provider: Provider, meta: RequestMeta): Promise<ActiveConfig> {
    const cfg = await this.configs.active(provider, meta.origin);
    if (!cfg || (provider === "qq" && !cfg.secret))
      throw new DomainError(provider === "qq" ? "OAUTH_QQ_NOT_CONFIGURED" : "OAUTH_APPLE_NOT_CONFIGURED");
    return cfg;
  }

  private async newState(
    cfg: ActiveConfig,
    browser: string,
    meta: RequestMeta,
    bind: { auth: Authenticated | null; wanted: boolean },
  ) {
    if (bind.wanted && !bind.auth) throw new DomainError("OAUTH_BIND_LOGIN_REQUIRED");
    await this.limit(`oauth-start:ip:${meta.ip}`, LIMITS.startsPerIp);
    const state = token();
    const nonce = cfg.provider === "apple" ? token(16) : null;
    await insertOAuthState(this.db, {
      stateHash: sha256(state),
      provider: cfg.provider,
      purpose: bind.wanted ? "bind" : "login",
      userId: bind.wanted ? bind.auth!.user.id : null,
      browserHash: sha256(browser),
      nonce,
      redirectUri: cfg.redirectUri,
      ttlSeconds: STATE_TTL_SECONDS,
    });
    return { state, nonce };
  }

  /**
   * Takes the state: it must exist for this provider, come from this browser, be unexpired and unused; it is
   * marked used atomically, so two callbacks racing with one state get one answer.
   */
  private async takeState(provider: Provider, raw: unknown, browser: string | undefined): Promise<OAuthStateRow> {
    if (typeof raw !== "string" || !raw) throw new DomainError("OAUTH_STATE_MISSING");
    if (raw.length > 128) throw new DomainError("OAUTH_STATE_INVALID");
    const hash = sha256(raw);
    const row = await oauthStateByHash(this.db, hash);
    if (!row || row.provider !== provider) throw new DomainError("OAUTH_STATE_INVALID");
    if (!browser || sha256(browser) !== row.browser_hash) throw new DomainError("OAUTH_STATE_FOREIGN");
    if (row.used) throw new DomainError("OAUTH_STATE_USED");
    if (row.expired) throw new DomainError("OAUTH_STATE_EXPIRED");
    if (!(await takeOAuthState(this.db, hash))) throw new DomainError("OAUTH_STATE_USED");
    return row;
  }

  // ---- callbacks ------------------------------------------------------------------------------------------------

  /** POST /api/auth/qq/callback {code, state}. */
  async qqCallback(
    input: { code: unknown; state: unknown },
    browser: string | undefined,
    auth: Authenticated | null,
    meta: RequestMeta,
  ): Promise<CallbackResult> {
    await this.limit(`oauth-callback:ip:${meta.ip}`, LIMITS.callbacksPerIp);
    const st = await this.takeState("qq", input.state, browser);
    this.checkBinder(st, auth);
    if (typeof input.code !== "string" || !input.code || input.code.length > 512)
      throw new DomainError("OAUTH_QQ_CODE_REQUIRED");
    const cfg = await this.require("qq", meta);
    const accessToken = await qqExchangeCode(this.get, cfg.baseUrl, {
      appId: cfg.appId,
      secret: cfg.secret!,
      code: input.code,
      redirectUri: st.redirect_uri,
    });
    const { openid, unionid } = await qqOpenId(this.get, cfg.baseUrl, { accessToken, appId: cfg.appId });
    const info = await qqUserInfo(this.get, cfg.baseUrl, { accessToken, appId: cfg.appId, openid });
    return this.finish(st, auth, meta, {
      provider: "qq",
      subject: openid,
      unionid,
      nickname: info.nickname || null,
      avatarUrl: info.avatar,
      username: usernameFrom(info.nickname, "qq"),
    });
  }

  /** POST /api/auth/apple/js-callback {id_token, state}. */
  async appleCallback(
    input: { id_token: unknown; state: unknown },
    browser: string | undefined,
    auth: Authenticated | null,
    meta: RequestMeta,
  ): Promise<CallbackResult> {
    await this.limit(`oauth-callback:ip:${meta.ip}`, LIMITS.callbacksPerIp);
    if (typeof input.id_token !== "string" || !input.id_token) throw new DomainError("OAUTH_APPLE_TOKEN_REQUIRED");
    const st = await this.takeState("apple", input.state, browser);
    this.checkBinder(st, auth);
    const cfg = await this.require("apple", meta);
    const id = await verifyAppleIdToken(input.id_token, {
      keys: this.appleKeys,
      jwksUrl: appleJwksUrl(cfg.baseUrl),
      audience: cfg.appId,
      nonce: st.nonce ?? "",
    });
    const usable = id.email && id.emailVerified && !id.isPrivateEmail && EMAIL_PATTERN.test(id.email) ? id.email : null;
    return this.finish(st, auth, meta, {
      provider: "apple",
      subject: id.sub,
      email: id.email,
      isPrivateEmail: id.isPrivateEmail,
      accountEmail: usable,
      username: usernameFrom(usable ? usable.split("@")[0] : "", "apple"),
    });
  }

  /** A binding's callback must come from the account that started it. */
  private checkBinder(st: OAuthStateRow, auth: Authenticated | null): void {
    if (st.purpose !== "bind") return;
    if (!auth) throw new DomainError("OAUTH_BIND_LOGIN_REQUIRED");
    if (auth.user.id !== st.user_id) throw new DomainError("OAUTH_BIND_ACCOUNT_MISMATCH");
  }

  private async finish(
    st: OAuthStateRow,
    auth: Authenticated | null,
    meta: RequestMeta,
    id: ProviderIdentity,
  ): Promise<CallbackResult> {
    if (st.purpose === "bind") {
      await this.bind(auth!.user.id, id);
      return { kind: "bind", provider: id.provider, user: await this.users.getById(auth!.user.id) };
    }
    const userId = await this.accountFor(id);
    return { kind: "login", result: await this.auth.loginVerified(userId, meta) };
  }

  /** The account bound to the identity, or a new one made for it (its first login). */
  private async accountFor(id: ProviderIdentity): Promise<number> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await oauthIdentity(this.db, id.provider, { subject: id.subject });
      if (existing) {
        await touchOAuthIdentity(this.db, existing.id, this.profile(id));
        return existing.user_id;
      }
      const created = await this.db
        .transaction(async (m) => {
          const userId = await this.users.createExternal(m, id.username, id.accountEmail ?? null);
          // Rolls the new account back when another callback bound this identity first.
          if (!(await this.insertIdentity(m, userId, id))) throw LOST_RACE;
          return userId;
        })
        .catch((e) => {
          if (e === LOST_RACE) return null;
          throw e;
        });
      if (created !== null) {
        await this.users.announceRegistered(created);
        return created;
      }
      // Another callback for the same identity made its account first: use that one (the loop reads it).
    }
    throw new DomainError("CONFLICT");
  }

  private async bind(userId: number, id: ProviderIdentity): Promise<void> {
    const owner = await oauthIdentity(this.db, id.provider, { subject: id.subject });
    if (owner && owner.user_id !== userId)
      throw new DomainError("OAUTH_IDENTITY_TAKEN", `该${LABEL[id.provider]}已绑定其他账号`);
    if (owner) return;
    const mine = await oauthIdentity(this.db, id.provider, { userId });
    if (mine) throw new DomainError("OAUTH_ALREADY_BOUND", `您已绑定${LABEL[id.provider]}，请先解绑`);
    const ok = await this.db.transaction((m) => this.insertIdentity(m, userId, id));
    if (!ok) throw new DomainError("OAUTH_IDENTITY_TAKEN", `该${LABEL[id.provider]}已绑定其他账号`);
  }

  /** False when the identity (or this account's binding of the provider) exists already. */
  private insertIdentity(m: Sql, userId: number, id: ProviderIdentity): Promise<boolean> {
    return insertOAuthIdentity(m, userId, id.provider, id.subject, this.profile(id));
  }

  /** The provider's latest profile fields (only those it answered). */
  private profile(id: ProviderIdentity): OAuthProfile {
    const out: OAuthProfile = {};
    if (id.unionid !== undefined) out.unionid = id.unionid;
    if (id.nickname !== undefined) out.nickname = id.nickname?.slice(0, 100) ?? null;
    if (id.avatarUrl !== undefined) out.avatarUrl = id.avatarUrl;
    if (id.email !== undefined) {
      out.email = id.email;
      out.isPrivateEmail = id.isPrivateEmail ?? false;
    }
    return out;
  }

  // ---- the account's bindings (/profile) ------------------------------------------------------------------------

  async bindings(userId: number): Promise<{ hasPassword: boolean; items: OAuthIdentityRow[] }> {
    const [hasPassword, items] = await Promise.all([
      this.users.hasPassword(userId),
      oauthIdentitiesOfUser(this.db, userId),
    ]);
    return { hasPassword, items };
  }

  /**
   * Unbinds a provider, unless it is the account's last way to log in (no password and no other binding). The
   * check and the delete are one statement, so two unbinds racing cannot remove both.
   */
  async unbind(userId: number, provider: Provider): Promise<void> {
    if (await unbindOAuthIdentity(this.db, userId, provider)) return;
    const bound = await oauthIdentity(this.db, provider, { userId });
    throw new DomainError(bound ? "OAUTH_LAST_LOGIN_METHOD" : "OAUTH_NOT_BOUND");
  }

  async setFirstPassword(userId: number, password: unknown): Promise<void> {
    if (!(await this.users.setFirstPassword(userId, password))) throw new DomainError("OAUTH_PASSWORD_ALREADY_SET");
  }

  private async limit(key: string, max: number): Promise<void> {
    const hit = await this.limits.hit(key, LIMITS.windowSeconds);
    if (hit.count > max) throw new DomainError("RATE_LIMITED", undefined, { retryAfter: hit.retryAfter });
  }
}

/**
 * A username from a provider's nickname: the characters usernames allow (letters, digits, _ and Chinese), at most
 * 24 of them; too short or nothing left gives `<prefix>_<random>`. UsersService.createExternal makes it free.
 */
export function usernameFrom(nickname: string, prefix: string): string {
  const kept = [...nickname.normalize("NFKC")]
    .filter((c) => /[A-Za-z0-9_\u4e00-\u9fa5]/.test(c))
    .slice(0, 24)
    .join("");
  return kept.length >= 3 ? kept : `${prefix}_${kept}${randomBytes(3).toString("hex")}`.slice(0, 32);
}
