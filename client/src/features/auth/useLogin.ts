import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { session, type SessionUser } from "../../shared/session";
import { LOGIN_ERRORS, loginErrorMessage, VALIDATION } from "./errors";
import { LoginMutation } from "./operations";
import { rememberedUsername } from "./rememberedUsername";
import { toSessionUser } from "./sessionUser";

export interface LoginOptions {
  remember: boolean;
  /** Refuse accounts whose role is not admin (the back office login). */
  requireAdmin?: boolean;
  /** Runs once the credentials are accepted, just before the session starts. */
  beforeSessionStart?: (user: SessionUser) => void;
}

const NOT_ADMIN_MESSAGE = "该账号没有管理员权限";

/** The login dialog's states: idle, logging in (正在登录...), success or an inline error. */
export function useLogin() {
  const [mutate] = useMutation(LoginMutation);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function login(username: string, password: string, options: LoginOptions): Promise<SessionUser | null> {
    const name = username.trim();
    if (!name || !password) {
      setError(VALIDATION.loginEmpty);
      return null;
    }
    setPending(true);
    setError(null);
    try {
      const { data } = await mutate({ variables: { username: name, password } });
      if (!data) {
        setError(LOGIN_ERRORS.fallback);
        return null;
      }
      const { token } = data.login;
      const user = toSessionUser(data.login.user);
      if (options.requireAdmin && user.role !== "admin" && !user.permissions.length) {
        // The server already opened a session for this token: end it rather than leave it alive unused.
        void fetch("/api/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}` } }).catch(
          () => undefined,
        );
        setError(NOT_ADMIN_MESSAGE);
        return null;
      }
      rememberedUsername.apply(name, options.remember);
      options.beforeSessionStart?.(user);
      session.start(token, user);
      return user;
    } catch (e) {
      setError(loginErrorMessage(e));
      return null;
    } finally {
      setPending(false);
    }
  }

  return { login, pending, error, setError };
}
