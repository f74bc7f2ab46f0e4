import type { Keyring } from "@gryx/platform/secrets";
import {
  deleteOAuthConfig,
  insertOAuthConfig,
  listOAuthConfigs,
  oauthConfigById,
  oauthConfigOf,
  updateOAuthConfig,
  type OAuthConfigFields,
  type OAuthConfigRow,
  type Sql,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { parseId } from "../../common/validate";
import { log } from "../../common/logger";
import { checkUrl, OutboundError } from "@gryx/platform/outbound";
import { APPLE_DEFAULT_BASE, APPLE_DEFAULT_SCOPE, APPLE_DEFAULT_SDK } from "./apple";
import { QQ_DEFAULT_BASE, QQ_DEFAULT_SCOPE } from "./qq";
import { PROVIDERS, type Provider } from "./providers";

/** Purpose (associated data) the providers' secrets are sealed with; also in the domain's `sealed` list. */
export const APP_SECRET_PURPOSE = "oauth_configs.app_secret";

export interface OAuthConfigInput {
  provider?: unknown;
  enabled?: unknown;
  app_id?: unknown;
  app_secret?: unknown;
  scope?: unknown;
  redirect_uri?: unknown;
  base_url?: unknown;
  sdk_url?: unknown;
}

/** A provider's settings ready for a login: the secret opened, every default filled in. */
export interface ActiveConfig {
  provider: Provider;
  appId: string;
  secret: string | null;
  scope: string;
  redirectUri: string;
  baseUrl: string;
  sdkUrl: string;
}

const DEFAULTS: Record<Provider, { base: string; scope: string }> = {
  qq: { base: QQ_DEFAULT_BASE, scope: QQ_DEFAULT_SCOPE },
  apple: { base: APPLE_DEFAULT_BASE, scope: APPLE_DEFAULT_SCOPE },
};

const bad = (message: string) => new DomainError("OAUTH_CONFIG_FIELD_INVALID", message);

/**
 * The providers' settings (/admin/oauth-config): one row per provider; the secret sealed with the keyring and
 * never answered (the list says only whether one is set). Also keeps, per server instance, the script origin the
 * pages' Content-Security-Policy must allow for Apple's JS SDK while Apple login is enabled.
 */
export class OAuthConfigsService {
  private origins: readonly string[] = [];
  private originsAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: Sql,
    private readonly secrets: Keyring,
    private readonly opts: { allowPrivate: boolean; publicUrl?: string },
  ) {}

  list(): Promise<OAuthConfigRow[]> {
    return listOAuthConfigs(this.db);
  }

  /** The enabled providers as the login buttons need them (never a secret). */
  async listPublic(
    origin?: string,
  ): Promise<{ provider: Provider; app_id: string; scope: string; redirect_uri: string }[]> {
    const rows = await listOAuthConfigs(this.db, true);
    return rows.map((r) => ({
      provider: r.provider,
      app_id: r.app_id,
      scope: r.scope || DEFAULTS[r.provider].scope,
      redirect_uri: this.redirectUri(r, origin),
    }));
  }

  /** The enabled config of a provider with its secret, or null when it is off or missing. */
  async active(provider: Provider, origin?: string): Promise<ActiveConfig | null> {
    const r = await oauthConfigOf(this.db, provider, true);
    if (!r) return null;
    let secret: string | null = null;
    if (r.app_secret_sealed) {
      secret = this.secrets.openText(APP_SECRET_PURPOSE, r.app_secret_sealed);
      if (secret === null) log.error("oauth secret cannot be opened with the keyring", { provider });
    }
    return {
      provider,
      appId: r.app_id,
      secret,
      scope: r.scope || DEFAULTS[provider].scope,
      redirectUri: this.redirectUri(r, origin),
      baseUrl: (r.base_url || DEFAULTS[provider].base).replace(/\/+$/, ""),
      sdkUrl: r.sdk_url || APPLE_DEFAULT_SDK,
    };
  }

  /** The configured redirect URI, or this site's /oauth/callback. */
  private redirectUri(r: OAuthConfigRow, origin?: string): string {
    if (r.redirect_uri) return r.redirect_uri;
    const site = (this.opts.publicUrl ?? origin ?? "").replace(/\/+$/, "");
    return `${site}/oauth/callback`;
  }

  async create(input: OAuthConfigInput): Promise<OAuthConfigRow> {
    const provider = parseProvider(input.provider);
    const f = this.fields(provider, input, true);
    if (await oauthConfigOf(this.db, provider)) throw new DomainError("OAUTH_CONFIG_EXISTS");
    try {
      const saved = await insertOAuthConfig(this.db, provider, f);
      await this.refreshScriptOrigins();
      return saved;
    } catch (e) {
      if ((e as { code?: string }).code === "23505") throw new DomainError("OAUTH_CONFIG_EXISTS");
      throw e;
    }
  }

  async update(rawId: unknown, input: OAuthConfigInput): Promise<OAuthConfigRow> {
    const id = parseId(rawId, "配置ID");
    const row = await oauthConfigById(this.db, id);
    if (!row) throw new DomainError("OAUTH_CONFIG_NOT_FOUND");
    if (input.provider !== undefined && input.provider !== row.provider) throw bad("登录方式创建后不能更改");
    const f = this.fields(row.provider, input, false, row);
    if (Object.keys(f).length === 0) throw new DomainError("NOTHING_TO_UPDATE");
    await updateOAuthConfig(this.db, id, f);
    await this.refreshScriptOrigins();
    return (await oauthConfigById(this.db, id))!;
  }

  async remove(rawId: unknown): Promise<void> {
    const id = parseId(rawId, "配置ID");
    if (!(await deleteOAuthConfig(this.db, id))) throw new DomainError("OAUTH_CONFIG_NOT_FOUND");
    await this.refreshScriptOrigins();
  }

  /** Validates the fields of a create (all) or an update (those sent); an empty secret on update keeps the old one. */
  private fields(
    provider: Provider,
    input: OAuthConfigInput,
    creating: boolean,
    existing?: OAuthConfigRow,
  ): OAuthConfigFields {
    const out: OAuthConfigFields = {};
    const sent = (k: keyof OAuthConfigInput) => creating || input[k] !== undefined;
    if (sent("enabled")) {
      if (input.enabled !== undefined && typeof input.enabled !== "boolean") throw bad("启用状态必须是布尔值");
      out.enabled = input.enabled === true;
    }
    if (sent("app_id")) {
      const appId = typeof input.app_id === "string" ? input.app_id.trim() : "";
      if (!/^[A-Za-z0-9._-]{1,128}$/.test(appId))
        throw bad(
          provider === "qq"
            ? "请填写 QQ 互联的 APP ID（字母、数字、点、横线）"
            : "请填写 Apple 的 Services ID（字母、数字、点、横线）",
        );
      out.appId = appId;
    }
    if (typeof input.app_secret === "string" && input.app_secret.trim()) {
      const secret = input.app_secret.trim();
      if (secret.length > 4096) throw bad("密钥过长");
      out.appSecretSealed = this.secrets.seal(APP_SECRET_PURPOSE, secret);
    } else if (input.app_secret !== undefined && input.app_secret !== null && typeof input.app_secret !== "string")
      throw bad("密钥必须是文本");
    if (sent("scope")) {
      const scope = typeof input.scope === "string" ? input.scope.trim() : input.scope == null ? "" : null;
      if (scope === null || scope.length > 255 || !/^[\w ,:.-]*$/.test(scope)) throw bad("授权范围格式不正确");
      out.scope = scope;
    }
    if (sent("redirect_uri")) out.redirectUri = this.url(input.redirect_uri, "回调地址", false) ?? "";
    if (sent("base_url")) out.baseUrl = this.url(input.base_url, "接口地址", true);
    if (sent("sdk_url")) out.sdkUrl = provider === "apple" ? this.url(input.sdk_url, "SDK 地址", false) : null;
    const enabled = out.enabled ?? existing?.enabled ?? false;
    const hasSecret = out.appSecretSealed !== undefined || !!existing?.app_secret_sealed;
    if (provider === "qq" && enabled && !hasSecret) throw bad("启用 QQ 登录需要填写 APP Key（密钥）");
    return out;
  }

  /** An optional absolute http(s) URL; `fetched` ones (the provider's base) must also pass the address guard. */
  private url(raw: unknown, what: string, fetched: boolean): string | null {
    if (raw === undefined || raw === null || raw === "") return null;
    if (typeof raw !== "string" || raw.trim().length > 500) throw bad(`${what}过长或格式不正确`);
    const s = raw.trim();
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      throw bad(`${what}不是有效的网址`);
    }
    if (u.protocol !== "https:" && u.protocol !== "http:") throw bad(`${what}只支持 http 和 https`);
    if (u.username || u.password) throw bad(`${what}不能包含用户名或密码`);
    if (fetched) {
      try {
        checkUrl(s, this.opts.allowPrivate);
      } catch (e) {
        throw bad(
          e instanceof OutboundError && e.code === "ADDRESS_BLOCKED"
            ? `${what}指向内网或本机地址，已拒绝`
            : `${what}不是有效的网址`,
        );
      }
    }
    return fetched ? s.replace(/\/+$/, "") : s;
  }

  // ---- the Content-Security-Policy's script origins --------------------------------------------------------------

  /** The origins of the SDKs the pages load now (Apple's while enabled); refreshed in the background when stale. */
  scriptOrigins(): readonly string[] {
    if (Date.now() - this.originsAt > 30_000 && !this.refreshing)
      void this.refreshScriptOrigins().catch(() => undefined);
    return this.origins;
  }

  async refreshScriptOrigins(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const apple = await oauthConfigOf(this.db, "apple", true);
        const next = apple ? [new URL(apple.sdk_url || APPLE_DEFAULT_SDK).origin] : [];
        if (next.join() !== this.origins.join()) this.origins = next;
        this.originsAt = Date.now();
      } catch (e) {
        log.warn("oauth script origins not refreshed", { error: (e as Error).message });
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }
}

export function parseProvider(raw: unknown): Provider {
  if (typeof raw !== "string" || !PROVIDERS.includes(raw as Provider)) throw new DomainError("OAUTH_PROVIDER_INVALID");
  return raw as Provider;
}
