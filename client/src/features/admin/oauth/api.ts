import { api } from "../../../shared/request";

/** A provider's settings as /api/admin/oauth-configs lists them (the secret only as has_secret). */
export interface OAuthConfigRow {
  id: number;
  provider: "qq" | "apple";
  enabled: boolean;
  app_id: string;
  has_secret: boolean;
  scope: string;
  redirect_uri: string;
  base_url: string | null;
  sdk_url: string | null;
  updated_at: string;
}

export interface OAuthConfigInput {
  provider?: "qq" | "apple";
  enabled?: boolean;
  app_id?: string;
  app_secret?: string;
  scope?: string;
  redirect_uri?: string;
  base_url?: string;
  sdk_url?: string;
}

export const PROVIDER_LABELS = { qq: "QQ 互联", apple: "Sign in with Apple" } as const;

/** The real addresses, used when base_url (and Apple's SDK URL) are left empty. */
export const DEFAULTS = {
  qq: { base: "https://graph.qq.com", scope: "get_user_info" },
  apple: {
    base: "https://appleid.apple.com",
    scope: "name email",
    sdk: "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/zh_CN/appleid.auth.js",
  },
} as const;

export const oauthConfigsApi = {
  list: async () => (await api.get<OAuthConfigRow[]>("/api/admin/oauth-configs")).data,
  create: (input: OAuthConfigInput) => api.post<OAuthConfigRow>("/api/admin/oauth-configs", input),
  update: (id: number, input: OAuthConfigInput) => api.put<OAuthConfigRow>(`/api/admin/oauth-configs/${id}`, input),
  remove: (id: number) => api.delete(`/api/admin/oauth-configs/${id}`),
};
