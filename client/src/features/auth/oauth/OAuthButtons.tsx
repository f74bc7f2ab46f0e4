import { useState } from "react";
import { useLocation } from "react-router";
import { session, type SessionUser } from "../../../shared/session";
import { FormError } from "../FormError";
import { peekRedirectFrom, saveRedirectFrom } from "../loginTarget";
import { oauthApi } from "./api";
import { oauthErrorText } from "./errors";
import { useAppleSignIn } from "./useAppleSignIn";
import { useOAuthProviders } from "./useOAuthProviders";
import styles from "./oauth.module.css";

interface Props {
  /** Runs once the provider vouched for the account, just before the session starts (like the password login). */
  beforeSessionStart?: (user: SessionUser) => void;
  onSuccess?: (user: SessionUser) => void;
  /** Where a QQ login (which leaves the site) returns to: the card the guest opened; else redirectFrom or this page. */
  returnTo?: string | null;
}

/**
 * QQ登录 and Apple登录 under the login form, each only when the public OAuth config lists it (spec section 4).
 * QQ: the server's authorize URL, the browser goes there and comes back to /oauth/callback (this page is
 * remembered as redirectFrom). Apple: the JS SDK's popup, then the id_token to the server, without leaving.
 */
export function OAuthButtons({ beforeSessionStart, onSuccess, returnTo }: Props) {
  const providers = useOAuthProviders();
  const location = useLocation();
  const [pending, setPending] = useState<"qq" | "apple" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hasQq = providers.some((p) => p.provider === "qq");
  const hasApple = providers.some((p) => p.provider === "apple");
  const apple = useAppleSignIn(hasApple, false);
  if (!hasQq && !hasApple) return null;

  async function qq() {
    setPending("qq");
    setError(null);
    try {
      const url = await oauthApi.qqStart(false);
      if (returnTo) saveRedirectFrom(returnTo);
      else if (!peekRedirectFrom()) saveRedirectFrom(location.pathname + location.search);
      window.location.assign(url);
    } catch (e) {
      setError(oauthErrorText(e, "qq"));
      setPending(null);
    }
  }

  async function signInApple() {
    setPending("apple");
    setError(null);
    try {
      const r = await apple();
      if (r?.kind === "login") {
        beforeSessionStart?.(r.user);
        session.start(r.token, r.user);
        onSuccess?.(r.user);
      }
    } catch (e) {
      setError(oauthErrorText(e, "apple"));
    } finally {
      setPending(null);
    }
  }

  return (
    <div className={styles.block}>
      <div className={styles.divider}>其他登录方式</div>
      <FormError message={error} />
      <div className={styles.buttons}>
        {hasQq && (
          <button type="button" className={`${styles.button} ${styles.qq}`} disabled={pending !== null} onClick={qq}>
            {pending === "qq" ? "正在跳转..." : "QQ登录"}
          </button>
        )}
        {hasApple && (
          <button
            type="button"
            className={`${styles.button} ${styles.apple}`}
            disabled={pending !== null}
            onClick={signInApple}
          >
            {pending === "apple" ? "正在登录..." : "Apple登录"}
          </button>
        )}
      </div>
    </div>
  );
}
