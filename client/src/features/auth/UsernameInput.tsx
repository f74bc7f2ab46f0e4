import { Input } from "antd-mobile";
import { UserOutline } from "antd-mobile-icons";
import styles from "./auth.module.css";

/** The account field of the auth forms. */
export function UsernameInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label className={styles.field}>
      <UserOutline />
      <Input
        name="username"
        value={value}
        onChange={onChange}
        placeholder="请输入账号"
        autoComplete="username"
        clearable
      />
    </label>
  );
}
