import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Button, Toast } from "antd-mobile";
import { confirmDialog } from "../../../shared/ui/confirm";
import "../../../shared/ui/antdMobileRender";
import { ChangePasswordForm } from "../ChangePasswordForm";
import { FormError } from "../FormError";
import { PasswordInput } from "../PasswordInput";
import { PASSWORD_MIN_LENGTH } from "../errors";
import { saveRedirectFrom } from "../loginTarget";
import { PATHS } from "../../../app/paths";
import { oauthApi, type Binding, type Provider } from "./api";
import { oauthErrorText } from "./errors";
import { useAppleSignIn } from "./useAppleSignIn";
import { useOAuthProviders } from "./useOAuthProviders";
import account from "../../account/account.module.css";
import authStyles from "../auth.module.css";
import styles from "./oauth.module.css";

const LABEL: Record<Provider, string> = { qq: "QQ", apple: "Apple" };

/**
 * /profile's login methods: the QQ and Apple bindings (绑定 / 解绑; a provider shows while the public config lists it
 * or while the account is bound to it) and the password card: 修改密码, or 设置密码 for an account made by a QQ or
 * Apple login. The last way to log in cannot be unbound (the server refuses it; the button says why first).
 */
export function LoginMethods() {
  const providers = useOAuthProviders();
  // undefined while loading; null when the bindings could not be read (the password card then offers 修改密码).
  const [state, setState] = useState<{ hasPassword: boolean; bindings: Binding[] } | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Provider | null>(null);
  const load = useCallback(async () => {
    try {
      const r = await oauthApi.bindings();
      setState({ hasPassword: r.has_password, bindings: r.bindings });
    } catch {
      setState(null);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const listed = (p: Provider) => providers.some((c) => c.provider === p);
  const bound = (p: Provider) => state?.bindings.find((b) => b.provider === p);
  const apple = useAppleSignIn(listed("apple") && !!state && !bound("apple"), true);
  const shown = (["qq", "apple"] as const).filter((p) => listed(p) || bound(p));
  const methods = (state?.bindings.length ?? 0) + (state?.hasPassword ? 1 : 0);

  async function bind(p: Provider) {
    setPending(p);
    setError(null);
    try {
      if (p === "qq") {
        const url = await oauthApi.qqStart(true);
        saveRedirectFrom(PATHS.profile);
        window.location.assign(url);
        return;
      }
      const r = await apple();
      if (r) {
        Toast.show({ icon: "success", content: "Apple绑定成功" });
        await load();
      }
    } catch (e) {
      setError(oauthErrorText(e, p));
    }
    setPending(null);
  }

  async function unbind(p: Provider) {
    if (methods <= 1) {
      setError("这是账号唯一的登录方式，请先设置密码或绑定其他方式再解绑");
      return;
    }
    const ok = await confirmDialog({
      title: `解绑${LABEL[p]}`,
      content: `解绑后不能再用${LABEL[p]}登录此账号，确定解绑吗？`,
      cancelText: "取消",
      confirmText: "解绑",
    });
    if (!ok) return;
    setPending(p);
    setError(null);
    try {
      await oauthApi.unbind(p);
      Toast.show({ icon: "success", content: "已解绑" });
      await load();
    } catch (e) {
      setError(oauthErrorText(e, p));
    }
    setPending(null);
  }

  return (
    <>
      {state && shown.length > 0 && (
        <section className={account.card} aria-labelledby="login-methods-title">
          <h2 id="login-methods-title" className={account.cardTitle}>
            第三方账号
          </h2>
          <div className={styles.rows}>
            {shown.map((p) => {
              const b = bound(p);
              return (
                <div key={p} className={styles.row} data-provider={p}>
                  <span className={styles.rowLabel}>{LABEL[p]}</span>
                  <span className={styles.rowState}>{b ? `已绑定${describe(b)}` : "未绑定"}</span>
                  {b ? (
                    <Button
                      size="small"
                      fill="outline"
                      loading={pending === p}
                      disabled={pending !== null}
                      onClick={() => unbind(p)}
                    >
                      解绑
                    </Button>
                  ) : (
                    listed(p) && (
                      <Button
                        size="small"
                        color="primary"
                        fill="outline"
                        loading={pending === p}
                        disabled={pending !== null}
                        onClick={() => bind(p)}
                      >
                        绑定
                      </Button>
                    )
                  )}
                </div>
              );
            })}
          </div>
          <FormError message={error} />
        </section>
      )}
      {state === undefined ? null : state && !state.hasPassword ? (
        <section className={account.card} aria-labelledby="set-password-title">
          <h2 id="set-password-title" className={account.cardTitle}>
            设置密码
          </h2>
          <p className={styles.notice}>您的账号通过第三方登录创建，尚未设置密码。设置后也可以用账号和密码登录。</p>
          <SetPasswordForm onDone={load} />
        </section>
      ) : (
        <section className={account.card} aria-labelledby="change-password-title">
          <h2 id="change-password-title" className={account.cardTitle}>
            修改密码
          </h2>
          <ChangePasswordForm />
        </section>
      )}
    </>
  );
}

function describe(b: Binding): string {
  if (b.nickname) return `（${b.nickname}）`;
  if (b.email) return b.is_private_email ? "（隐藏邮箱）" : `（${b.email}）`;
  return "";
}

/** The first password of an account without one (POST /api/auth/oauth/password). */
function SetPasswordForm({ onDone }: { onDone: () => Promise<void> }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH || password !== confirm) return setError("密码至少6位，且两次输入一致");
    setError(null);
    setSaving(true);
    try {
      await oauthApi.setPassword(password);
      Toast.show({ icon: "success", content: "密码已设置" });
      await onDone();
    } catch (err) {
      setError(oauthErrorText(err, "qq"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={authStyles.form} onSubmit={submit} noValidate>
      <PasswordInput
        name="newPassword"
        value={password}
        onChange={setPassword}
        placeholder="密码（至少6位）"
        autoComplete="new-password"
      />
      <PasswordInput
        name="confirmPassword"
        value={confirm}
        onChange={setConfirm}
        placeholder="再次输入密码"
        autoComplete="new-password"
      />
      <FormError message={error} />
      <Button block color="primary" type="submit" loading={saving}>
        设置密码
      </Button>
    </form>
  );
}
