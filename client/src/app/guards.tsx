import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { postLoginTarget, saveRedirectFrom } from "../features/auth/loginTarget";
import { useSession } from "../features/auth/useSession";
import { mayEnterAdmin } from "../shared/session";
import { homeFor, PATHS } from "./paths";

/** Login-required routes: without a token the path is saved as redirectFrom and the guest goes to /login. */
export function RequireLogin() {
  const { token } = useSession();
  const { pathname, search } = useLocation();
  if (!token) {
    saveRedirectFrom(pathname + search);
    return <Navigate to={PATHS.login} replace />;
  }
  return <Outlet />;
}

/**
 * /admin paths (except /admin/login) need a token and a stored user who is an admin or staff (granted permissions);
 * which pages a staff user sees is the admin shell's business (AdminPageOutlet).
 */
export function RequireAdmin() {
  const { token, user } = useSession();
  if (!token || !mayEnterAdmin(user)) return <Navigate to={PATHS.adminLogin} replace />;
  return <Outlet />;
}

/**
 * Guest-only routes: with a token, admins go to /admin/dashboard and others to /profile;
 * right after a login on the page itself, to the target that login remembered.
 */
export function GuestOnly() {
  const { token, user } = useSession();
  const { pathname } = useLocation();
  useEffect(() => {
    if (token) postLoginTarget.clear();
  }, [token]);
  // Staff signing in at /admin/login belong in the back office (its index opens their first page).
  const home = pathname === PATHS.adminLogin && mayEnterAdmin(user) ? "/admin" : homeFor(user?.role);
  if (token) return <Navigate to={postLoginTarget.peek() ?? home} replace />;
  return <Outlet />;
}
