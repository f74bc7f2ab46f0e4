import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button, DotLoading, Toast } from "antd-mobile";
import { usePageTitle } from "../features/site/useSiteInfo";
import { oauthApi } from "../features/auth/oauth/api";
import { OAUTH_TEXTS, oauthErrorText } from "../features/auth/oauth/errors";
import { takeRedirectFrom } from "../features/auth/loginTarget";
import { PATHS } from "../app/paths";
import { session } from "../shared/session";
import styles from "../features/auth/oauth/oauth.module.css";

/** One exchange per state: the state is single-use, so a re-run effect (React's dev double mount) must not repeat it. */
const exchanged = new Map<string, ReturnType<typeof oauthApi.qqCallback>>();

/**
 * /oauth/callback: QQ sends the browser back here with ?code&state. The code goes to the server
 * (POST /api/auth/qq/callback); a login starts the session and returns to the page the login began on, a binding
 * returns to /profile. A refusal says why, with the way back.
 */
export default function OAuthCallbackPage() {
  usePageTitle("QQ登录");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get("code");
  const state = params.get("state");
  const [error, setError] = useState<string | null>(null);
  const [bind, setBind] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (!state || !code) {
      setError(params.get("usercancel") === "1" ? "QQ登录失败：已取消授权" : "QQ登录失败：未收到授权码");
      return;
    }
    let call = exchanged.get(state);
    if (!call) {
      call = oauthApi.qqCallback(code, state);
      exchanged.set(state, call);
    }
    call.then(
      (r) => {
        if (r.kind === "login") {
          session.start(r.token, r.user);
          Toast.show({ icon: "success", content: "登录成功" });
          void navigate(safePath(takeRedirectFrom()) ?? PATHS.home, { replace: true });
        } else {
          takeRedirectFrom();
          Toast.show({ icon: "success", content: "QQ绑定成功" });
          void navigate(PATHS.profile, { replace: true });
        }
      },
      (e) => {
        setBind(session.get().token !== null);
        setError(oauthErrorText(e, "qq"));
      },
    );
  }, [code, state, params, navigate]);

  if (!error)
    return (
      <div className={styles.result} role="status">
        <DotLoading color="primary" />
        <p className={styles.resultText}>正在完成QQ登录...</p>
      </div>
    );
  return (
    <div className={styles.result}>
      <h1 className={styles.resultTitle}>{OAUTH_TEXTS.qqFailed}</h1>
      <p className={styles.resultText} role="alert">
        {error}
      </p>
      <div className={styles.actions}>
        <Link to={bind ? PATHS.profile : PATHS.login}>
          <Button color="primary">{bind ? "返回个人主页" : "重新登录"}</Button>
        </Link>
        <Link to={PATHS.home}>
          <Button>返回首页</Button>
        </Link>
      </div>
    </div>
  );
}

/** Only a path of this site (never //host or a scheme) is followed after login. */
function safePath(p: string | null): string | null {
  return p && p.startsWith("/") && !p.startsWith("//") ? p : null;
}
