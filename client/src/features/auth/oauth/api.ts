import { api } from "../../../shared/request";
import type { SessionUser } from "../../../shared/session";
import { LOCAL_KEYS, readItem } from "../../../shared/storage";
import { toSessionUser } from "../sessionUser";

/** The spec's OAuth public config: one per enabled provider, never a secret. */
export interface OAuthPublicConfig {
  provider: "qq" | "apple";
  app_id: string;
  scope: string;
  redirect_uri: string;
}
export type Provider = OAuthPublicConfig["provider"];

export interface AppleStart {
  client_id: string;
  scope: string;
  redirect_uri: string;
  state: string;
  nonce: string;
  sdk_url: string;
}

interface RestUser {
  id: number;
  username: string;
  role: string;
  permissions: string[];
  email: string | null;
}

/** A callback's answer: a login (token and user, like /api/auth/login) or a binding to the logged-in account. */
export type CallbackOutcome =
  { kind: "login"; token: string; user: SessionUser } | { kind: "bind"; provider: Provider };

export interface Binding {
  provider: Provider;
  nickname: string | null;
  avatar_url: string | null;
  email: string | null;
  is_private_email: boolean;
  created_at: string;
}

const asUser = (u: RestUser): SessionUser =>
  toSessionUser({ id: String(u.id), username: u.username, role: u.role, permissions: u.permissions, email: u.email });

function outcome(data: { token?: string; user: RestUser; bound?: Provider }): CallbackOutcome {
  return data.bound
    ? { kind: "bind", provider: data.bound }
    : { kind: "login", token: data.token!, user: asUser(data.user) };
}

let publicConfigs: Promise<OAuthPublicConfig[]> | null = null;

/** GET /api/oauth/configs/public, once per page load (a failure is retried next time; no buttons meanwhile). */
export function loadPublicConfigs(): Promise<OAuthPublicConfig[]> {
  publicConfigs ??= api.get<OAuthPublicConfig[]>("/api/oauth/configs/public").then(
    (r) => (Array.isArray(r.data) ? r.data : []),
    () => {
      publicConfigs = null;
      return [];
    },
  );
  return publicConfigs;
}

const bindQuery = (bind: boolean) => (bind ? { bind: 1 } : undefined);

/** A login carries the chat's guest id, like the password login, so the guest's conversation joins the account. */
const loginHeaders = (): { headers?: Record<string, string> } => {
  const guestId = readItem("local", LOCAL_KEYS.csGuestId);
  return guestId ? { headers: { "X-Guest-Id": guestId } } : {};
};

export const oauthApi = {
  qqStart: async (bind: boolean) =>
    (await api.get<{ auth_url: string }>("/api/auth/qq", bindQuery(bind))).data.auth_url,
  qqCallback: async (code: string, state: string) =>
    outcome(
      (
        await api.post<{ token?: string; user: RestUser; bound?: Provider }>(
          "/api/auth/qq/callback",
          { code, state },
          loginHeaders(),
        )
      ).data,
    ),
  appleStart: async (bind: boolean) => (await api.get<AppleStart>("/api/auth/apple", bindQuery(bind))).data,
  appleCallback: async (idToken: string, state: string) =>
    outcome(
      (
        await api.post<{ token?: string; user: RestUser; bound?: Provider }>(
          "/api/auth/apple/js-callback",
          { id_token: idToken, state },
          loginHeaders(),
        )
      ).data,
    ),
  bindings: async () =>
    (await api.get<{ has_password: boolean; bindings: Binding[] }>("/api/auth/oauth/bindings")).data,
  unbind: (provider: Provider) => api.delete(`/api/auth/oauth/bindings/${provider}`),
  setPassword: (password: string) => api.post("/api/auth/oauth/password", { password }),
};
