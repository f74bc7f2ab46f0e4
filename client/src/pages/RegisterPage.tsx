import { useNavigate } from "react-router";
import { Toast } from "antd-mobile";
import "../shared/ui/antdMobileRender";
import { PATHS } from "../app/paths";
import { AuthCard } from "../features/auth/AuthCard";
import { RegisterForm } from "../features/auth/RegisterForm";
import { usePageTitle } from "../features/site/useSiteInfo";

export default function RegisterPage() {
  usePageTitle("注册");
  const navigate = useNavigate();
  return (
    <AuthCard title="创建账号" subtitle="注册后即可使用签名、证书等服务">
      <RegisterForm
        onSwitchToLogin={() => navigate(PATHS.login)}
        onRegistered={(username) => {
          Toast.show({ icon: "success", content: "注册成功，请登录" });
          void navigate(PATHS.login, { state: { username } });
        }}
      />
    </AuthCard>
  );
}
