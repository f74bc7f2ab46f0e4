import { useNavigate } from "react-router";
import { PATHS } from "../app/paths";
import { AuthCard } from "../features/auth/AuthCard";
import { ForgotPasswordFlow } from "../features/auth/ForgotPasswordFlow";
import { usePageTitle } from "../features/site/useSiteInfo";

export default function ForgotPasswordPage() {
  usePageTitle("找回密码");
  const navigate = useNavigate();
  return (
    <AuthCard title="找回密码" subtitle="通过邮箱验证码重置登录密码">
      <ForgotPasswordFlow onDone={(username) => navigate(PATHS.login, { state: { username } })} />
    </AuthCard>
  );
}
