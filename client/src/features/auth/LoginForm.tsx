import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Button, Checkbox } from "antd-mobile";
import type { SessionUser } from "../../shared/session";
import { PATHS } from "../../app/paths";
import { FormError } from "./FormError";
import { SwitchPrompt } from "./SwitchPrompt";
import { UsernameInput } from "./UsernameInput";
import { PasswordInput } from "./PasswordInput";
import { rememberedUsername } from "./rememberedUsername";
import { useLogin, type LoginOptions } from "./useLogin";
import { OAuthButtons } from "./oauth/OAuthButtons";
import styles from "./auth.module.css";

interface Props {
  initialUsername?: string;
  onSwitchToRegister: () => void;
  beforeSessionStart?: LoginOptions["beforeSessionStart"];
  onSuccess?: (user: SessionUser) => void;
  /** Called when the user follows the 忘记密码 link (e.g. to close a dialog). */
  onLeave?: () => void;
  /** Where a QQ login returns to after leaving the site (the login dialog's target). */
  returnTo?: string | null;
}

export function LoginForm({
  initialUsername,
  onSwitchToRegister,
  beforeSessionStart,
  onSuccess,
  onLeave,
  returnTo,
}: Props) {
  const remembered = rememberedUsername.get();
  const [username, setUsername] = useState(initialUsername || remembered);
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(true);
  const { login, pending, error } = useLogin();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const user = await login(username, password, { remember, beforeSessionStart });
    if (user) onSuccess?.(user);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <UsernameInput value={username} onChange={setUsername} />
      <PasswordInput
        name="password"
        value={password}
        onChange={setPassword}
        placeholder="请输入密码"
        autoComplete="current-password"
      />
      <div className={styles.row}>
        <Checkbox checked={remember} onChange={setRemember}>
          记住账号
        </Checkbox>
        <Link to={PATHS.forgotPassword} onClick={onLeave}>
          忘记密码？
        </Link>
      </div>
      <FormError message={error} />
      <Button block color="primary" type="submit" className={styles.submit} loading={pending} loadingText="正在登录...">
        登录
      </Button>
      <SwitchPrompt question="还没有账号？" action="立即注册" onClick={onSwitchToRegister} />
      <OAuthButtons beforeSessionStart={beforeSessionStart} onSuccess={onSuccess} returnTo={returnTo} />
    </form>
  );
}
