import { OAUTH_TEXTS } from "./errors";
import { oauthApi, type AppleStart, type CallbackOutcome } from "./api";

/** The part of Apple's JS SDK we call (DESIGN.md: AppleID.auth.init / signIn). */
interface AppleIdAuth {
  init(config: {
    clientId: string;
    scope: string;
    redirectURI: string;
    state: string;
    nonce: string;
    usePopup: boolean;
  }): void;
  signIn(): Promise<{ authorization?: { id_token?: string; code?: string; state?: string }; user?: unknown }>;
}
declare global {
  interface Window {
    AppleID?: { auth: AppleIdAuth };
  }
}

const loaded = new Map<string, Promise<AppleIdAuth>>();

/** Loads the SDK from the configured URL once (the server allows its origin in the page's CSP while Apple is on). */
function loadAppleSdk(url: string): Promise<AppleIdAuth> {
  let p = loaded.get(url);
  if (!p) {
    p = new Promise<AppleIdAuth>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onload = () =>
        window.AppleID?.auth ? resolve(window.AppleID.auth) : reject(new Error(OAUTH_TEXTS.sdkNotLoaded));
      script.onerror = () => {
        script.remove();
        loaded.delete(url);
        reject(new Error(OAUTH_TEXTS.sdkNotLoaded));
      };
      document.head.appendChild(script);
    });
    loaded.set(url, p);
  }
  return p;
}

/** A prepared Sign in with Apple: the state and nonce from the server and the loaded SDK. */
export interface ApplePrepared {
  start: AppleStart;
  sdk: AppleIdAuth;
  at: number;
}

export async function prepareApple(bind: boolean): Promise<ApplePrepared> {
  const start = await oauthApi.appleStart(bind);
  const sdk = await loadAppleSdk(start.sdk_url);
  return { start, sdk, at: Date.now() };
}

/** Apple's popup was closed or refused by the person: nothing to report. */
export class AppleCancelled extends Error {}

/**
 * init + signIn (inside the click, so the popup is allowed), then POST /api/auth/apple/js-callback. Throws
 * AppleCancelled when the person closed Apple's window.
 */
export async function signInWithApple(p: ApplePrepared): Promise<CallbackOutcome> {
  p.sdk.init({
    clientId: p.start.client_id,
    scope: p.start.scope,
    redirectURI: p.start.redirect_uri,
    state: p.start.state,
    nonce: p.start.nonce,
    usePopup: true,
  });
  let answer: Awaited<ReturnType<AppleIdAuth["signIn"]>>;
  try {
    answer = await p.sdk.signIn();
  } catch (e) {
    const code = (e as { error?: string })?.error;
    if (code === "popup_closed_by_user" || code === "user_cancelled_authorize") throw new AppleCancelled();
    throw new Error(OAUTH_TEXTS.appleFailed, { cause: e });
  }
  const idToken = answer?.authorization?.id_token;
  if (!idToken) throw new Error(OAUTH_TEXTS.noAuthorization);
  return oauthApi.appleCallback(idToken, p.start.state);
}
