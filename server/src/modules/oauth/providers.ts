import type { OAuthProvider } from "@gryx/store";

/** The login providers: QQ 互联 and Sign in with Apple (their settings and identities: @gryx/store's oauth owner). */
export const PROVIDERS = ["qq", "apple"] as const satisfies readonly OAuthProvider[];
export type Provider = (typeof PROVIDERS)[number];
