import { useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { Button, Toast } from "antd-mobile";
import "../../shared/ui/antdMobileRender";
import { accountErrorMessage, PASSWORD_MIN_LENGTH } from "./errors";
import { FormError } from "./FormError";
import { ChangePasswordMutation } from "./operations";
import { PasswordInput } from "./PasswordInput";
import styles from "./auth.module.css";

/** Change the password: current one, then the new one twice. */
export function ChangePasswordForm() {
  const [oldPassword, setOldPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [change, { loading }] = useMutation(ChangePasswordMutation);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!oldPassword) return setError("请输入当前密码");
    if (newPassword.length < PASSWORD_MIN_LENGTH || newPassword !== confirm)
      return setError("新密码至少6位，且两次输入一致");
    setError(null);
    try {
      await change({ variables: { oldPassword, newPassword } });
      setOldPassword("");
      setNewPassword("");
      setConfirm("");
      Toast.show({ icon: "success", content: "密码修改成功" });
    } catch (err) {
      setError(accountErrorMessage(err));
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PasswordInput
        name="oldPassword"
        value={oldPassword}
        onChange={setOldPassword}
        placeholder="当前密码"
        autoComplete="current-password"
      />
      <PasswordInput
        name="newPassword"
        value={newPassword}
        onChange={setNewPassword}
        placeholder="新密码（至少6位）"
        autoComplete="new-password"
      />
      <PasswordInput
        name="confirmPassword"
        value={confirm}
        onChange={setConfirm}
        placeholder="再次输入新密码"
        autoComplete="new-password"
      />
      <FormError message={error} />
      <Button block color="primary" type="submit" className={styles.submit} loading={loading} loadingText="正在保存...">
        修改密码
      </Button>
    </form>
  );
}
