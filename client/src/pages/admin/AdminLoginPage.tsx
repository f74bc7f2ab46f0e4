import { useState } from "react";
import { Link } from "react-router";
import { Button } from "antd";
import { CloseCircleFilled, EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from "@ant-design/icons";
import { AdminProviders } from "../../features/admin/shell/AdminProviders";
import { rememberedUsername } from "../../features/auth/rememberedUsername";
import { useLogin } from "../../features/auth/useLogin";
import { postLoginTarget } from "../../features/auth/loginTarget";
import { usePageTitle } from "../../features/site/useSiteInfo";
import { SITE_NAME } from "../../shared/site";
import { SiteLogo } from "../../shared/ui/SiteLogo";
import styles from "../../features/admin/shell/admin.module.css";
import { Panel } from "../../features/admin/common/Panel";

/**
 * The login form in plain elements drawn as antd's large inputs: the page is its form, and antd's Form and Input
 * would put their whole family on its first load.
 */
function AdminLoginForm() {
  const { login, pending, error } = useLogin();
  const [username, setUsername] = useState(() => rememberedUsername.get());
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(true);
  const [shown, setShown] = useState(false);
  return (
    <form
      className={styles.loginForm}
      onSubmit={(e) => {
        e.preventDefault();
        void login(username, password, {
          remember,
          requireAdmin: true,
          // Staff belong in the back office too: its index opens the first page they were granted.
          beforeSessionStart: (user) => user.role !== "admin" && postLoginTarget.set("/admin"),
        });
      }}
    >
      <label className={styles.loginField}>
        <UserOutlined className={styles.loginIcon} />
        <input
          name="username"
          value={username}
          placeholder="管理员账号"
          autoComplete="username"
          onChange={(e) => setUsername(e.target.value)}
        />
      </label>
      <label className={styles.loginField}>
        <LockOutlined className={styles.loginIcon} />
        <input
          name="password"
          type={shown ? "text" : "password"}
          value={password}
          placeholder="密码"
          autoComplete="current-password"
          onChange={(e) => setPassword(e.target.value)}
        />
        <button
          type="button"
          className={styles.loginEye}
          aria-label={shown ? "隐藏密码" : "显示密码"}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      </label>
      <label className={styles.loginRemember}>
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        记住账号
      </label>
      {error && (
        <div className={styles.loginError} role="alert">
          <CloseCircleFilled className={styles.loginErrorIcon} />
          {error}
        </div>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        {pending ? "正在登录..." : "登录"}
      </Button>
    </form>
  );
}

/** /admin/login: only admin accounts get in (the guard then opens the dashboard). */
export default function AdminLoginPage() {
  usePageTitle("管理员登录");
  return (
    <AdminProviders>
      <div className={styles.loginPage}>
        <Panel className={styles.loginCard}>
          <div className={styles.loginHead}>
            <SiteLogo size={52} />
            <h1>{SITE_NAME} 管理后台</h1>
            <p>请使用管理员账号登录</p>
          </div>
          <AdminLoginForm />
          <div className={styles.loginFoot}>
            <Link to="/">返回前台首页</Link>
          </div>
        </Panel>
      </div>
    </AdminProviders>
  );
}
