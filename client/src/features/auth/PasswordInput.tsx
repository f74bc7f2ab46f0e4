import { useState } from "react";
import { Input } from "antd-mobile";
import { EyeInvisibleOutline, EyeOutline, LockOutline } from "antd-mobile-icons";
import styles from "./auth.module.css";

interface Props {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  autoComplete: "current-password" | "new-password";
  name: string;
}

/** A password field with the lock icon and a show/hide toggle. */
export function PasswordInput({ value, onChange, placeholder, autoComplete, name }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <label className={styles.field}>
      <LockOutline />
      <Input
        type={visible ? "text" : "password"}
        name={name}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
      />
      <button
        type="button"
        className={styles.eye}
        aria-label={visible ? "隐藏密码" : "显示密码"}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </label>
  );
}
