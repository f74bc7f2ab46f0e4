import { useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { Button, Checkbox, Input } from "antd-mobile";
import { MailOutline } from "antd-mobile-icons";
import { PATHS } from "../../app/paths";
import { registerErrorMessage, validateRegistration } from "./errors";
import { FormError } from "./FormError";
import { SwitchPrompt } from "./SwitchPrompt";
import { UsernameInput } from "./UsernameInput";
import { RegisterMutation } from "./operations";
import { PasswordInput } from "./PasswordInput";
import styles from "./auth.module.css";

interface Props {
  onSwitchToLogin: () => void;
  /** The account exists: the caller reopens login with this username. */
  onRegistered: (username: string) => void;
}

export function RegisterForm({ onSwitchToLogin, onRegistered }: Props) {
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [register, { loading }] = useMutation(RegisterMutation);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    const invalid = validateRegistration({ username, password, confirm, agreed });
    setError(invalid);
    if (invalid) return;
    try {
      const name = username.trim();
      await register({ variables: { username: name, password, email: email.trim() || null } });
      onRegistered(name);
    } catch (err) {
      setError(registerErrorMessage(err));
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <UsernameInput value={username} onChange={setUsername} />
      <label className={styles.field}>
        <MailOutline />
        <Input
          name="email"
          type="email"
          value={email}
          onChange={setEmail}
          placeholder="邮箱（选填，用于找回密码）"
          autoComplete="email"
          clearable
        />
      </label>
      <PasswordInput
        name="password"
        value={password}
        onChange={setPassword}
        placeholder="请输入密码（至少6位）"
        autoComplete="new-password"
      />
      <PasswordInput
        name="confirm"
        value={confirm}
        onChange={setConfirm}
        placeholder="请再次输入密码"
        autoComplete="new-password"
      />
      <div className={styles.agree}>
        <Checkbox checked={agreed} onChange={setAgreed}>
          我已阅读并同意
        </Checkbox>
        {/* outside the checkbox's label, so opening one does not tick the box; a new tab keeps the form */}
        <a href={PATHS.agreement} target="_blank" rel="noopener">
          用户协议
        </a>
        与
        <a href={PATHS.privacy} target="_blank" rel="noopener">
          隐私政策
        </a>
      </div>
      <FormError message={error} />
      <Button block color="primary" type="submit" className={styles.submit} loading={loading} loadingText="正在注册...">
        注册
      </Button>
      <SwitchPrompt question="已有账号？" action="立即登录" onClick={onSwitchToLogin} />
    </form>
  );
}
