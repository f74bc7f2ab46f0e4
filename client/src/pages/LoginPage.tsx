import { useLocation, useNavigate } from "react-router";
import { PATHS } from "../app/paths";
import { AuthCard } from "../features/auth/AuthCard";
import { LoginForm } from "../features/auth/LoginForm";
import { usePageTitle } from "../features/site/useSiteInfo";
import { postLoginTarget, takeRedirectFrom } from "../features/auth/loginTarget";

export default function LoginPage() {
  usePageTitle("登录");
  const navigate = useNavigate();
  const prefill = (useLocation().state as { username?: string } | null)?.username;
  return (
    <AuthCard title="欢迎回来" subtitle="登录账号，畅享全部服务">
      <LoginForm
        initialUsername={prefill}
        onSwitchToRegister={() => navigate(PATHS.register)}
        // the guest-only guard then opens the remembered page
        beforeSessionStart={() => postLoginTarget.set(takeRedirectFrom())}
      />
    </AuthCard>
  );
}
