import { Link } from "react-router";
import { Alert, Button, Checkbox, Form, Input } from "antd";
import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { AdminProviders } from "../../features/admin/shell/AdminProviders";
import { rememberedUsername } from "../../features/auth/rememberedUsername";
import { useLogin } from "../../features/auth/useLogin";
import { postLoginTarget } from "../../features/auth/loginTarget";
import { usePageTitle } from "../../features/site/useSiteInfo";
import { SITE_NAME } from "../../shared/site";
import { SiteLogo } from "../../shared/ui/SiteLogo";
import styles from "../../features/admin/shell/admin.module.css";
import { Panel } from "../../features/admin/common/Panel";

interface Values {
  username: string;
  password: string;
  remember: boolean;
}

function AdminLoginForm() {
  const { login, pending, error } = useLogin();
  return (
    <Form<Values>
      layout="vertical"
      size="large"
      initialValues={{ username: rememberedUsername.get(), password: "", remember: true }}
      onFinish={(v) =>
        login(v.username, v.password, {
          remember: v.remember,
          requireAdmin: true,
          // Staff belong in the back office too: its index opens the first page they were granted.
          beforeSessionStart: (user) => user.role !== "admin" && postLoginTarget.set("/admin"),
        })
      }
    >
      <Form.Item name="username">
        <Input prefix={<UserOutlined />} placeholder="管理员账号" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password">
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>记住账号</Checkbox>
      </Form.Item>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" />}
      <Button type="primary" htmlType="submit" block loading={pending}>
        {pending ? "正在登录..." : "登录"}
      </Button>
    </Form>
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
