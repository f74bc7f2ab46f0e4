import { route, withMessage, type RouteDef } from "../../rest/router";
import { userJson } from "../../rest/serializers";

const authJson = (r: { token: string; user: Parameters<typeof userJson>[0] }) => ({
  token: r.token,
  user: userJson(r.user),
});

export const authRoutes: RouteDef[] = [
  route("post", "/auth/login", "guest", async ({ body, services, meta }) =>
    withMessage("登录成功", authJson(await services.auth.login(body.username, body.password, meta))),
  ),
  route("post", "/auth/register", "guest", async ({ body, services, meta }) =>
    withMessage("注册成功", {
      user: userJson(
        await services.auth.register({ username: body.username, password: body.password, email: body.email }, meta),
      ),
    }),
  ),
  route("post", "/auth/logout", "user", async ({ auth, services }) => {
    await services.auth.logout(auth!.sessionId);
    return withMessage("已退出登录");
  }),
  route("post", "/auth/refresh", "user", async ({ auth, services, meta }) =>
    authJson(await services.auth.refresh(auth!, meta)),
  ),
  route("get", "/auth/verify", "user", ({ auth }) => ({ valid: true, user: userJson(auth!.user) })),
  route("get", "/auth/profile", "user", ({ auth }) => userJson(auth!.user)),
  route("post", "/auth/change-password", "user", async ({ auth, body, services, meta }) => {
    await services.auth.changePassword(auth!, body.oldPassword, body.newPassword, meta);
    return withMessage("密码已修改");
  }),
  route("post", "/auth/forgot-password", "guest", async ({ body, services, meta }) => {
    await services.auth.forgotPassword(body.username, meta);
    return withMessage("验证码已发送");
  }),
  route("post", "/auth/resend-reset-code", "guest", async ({ body, services, meta }) => {
    await services.auth.resendResetCode(body.username, meta);
    return withMessage("验证码已重新发送");
  }),
  route("post", "/auth/verify-reset-code", "guest", async ({ body, services, meta }) => {
    await services.auth.verifyResetCode(body.username, body.code, meta);
    return withMessage("验证码正确");
  }),
  route("post", "/auth/reset-password", "guest", async ({ body, services, meta }) => {
    await services.auth.resetPassword(body.username, body.code, body.newPassword, meta);
    return withMessage("密码已重置，请重新登录");
  }),
];
