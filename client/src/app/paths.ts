/** Paths the app shell itself navigates to. */
export const PATHS = {
  home: "/",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  profile: "/profile",
  tutorial: "/tutorial",
  agreement: "/agreement",
  privacy: "/privacy",
  adminLogin: "/admin/login",
  adminHome: "/admin/dashboard",
  adminUsers: "/admin/users",
} as const;

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** Where a signed-in account belongs when it opens a guest-only page (spec section 4). */
export function homeFor(role: string | undefined): string {
  return role === "admin" ? PATHS.adminHome : PATHS.profile;
}
