import { guardedFetch, OutboundError } from "@gryx/platform/outbound";

/**
 * GETs to QQ 互联 and Apple, through the project's one address guard (@gryx/platform/outbound: http/https only, every
 * resolved address public unless the deployment allows private ones, redirects re-checked, one deadline, a size cap).
 * Answers the body of a 2xx; anything else (refused address, timeout, network, HTTP error, too large) is `down`.
 */
export type ProviderGet = (url: string) => Promise<string>;

export class ProviderDown extends Error {
  constructor(override readonly cause: OutboundError | Error) {
    super(cause.message);
  }
}

export const PROVIDER_LIMITS = { maxBytes: 64 * 1024, timeoutMs: 10_000, maxRedirects: 2 };

export function providerGet(allowPrivate: boolean): ProviderGet {
  return async (url) => {
    try {
      const r = await guardedFetch(url, { ...PROVIDER_LIMITS, allowPrivate });
      return r.notModified ? "" : r.body;
    } catch (e) {
      throw new ProviderDown(e instanceof Error ? e : new Error(String(e)));
    }
  };
}
