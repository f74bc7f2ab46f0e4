import { PATHS } from "../paths";

/** The six tabs of the bottom navigation, in order (spec section 2). */
export const TABS = [
  { path: "/", title: "应用库" },
  { path: "/software-source", title: "软件源" },
  { path: "/signature", title: "签名IPA" },
  { path: "/certificate", title: "证书商城" },
  { path: "/management", title: "证书管理" },
  { path: "/profile", title: "个人主页" },
] as const;

export type TabPath = (typeof TABS)[number]["path"];

/** The tab a path belongs to; on /login, the tab of the page saved as redirectFrom. */
export function activeTab(pathname: string, redirectFrom: string | null): TabPath | null {
  const path = pathname === PATHS.login && redirectFrom ? redirectFrom.split(/[?#]/)[0]! : pathname;
  if (path === "/") return "/";
  // A user's certificate (/certificate/:id) and the temporary certificates belong to 证书管理, not to the mall.
  if (/^\/certificate\/[^/]+$/.test(path) || path === "/temp-certificates") return "/management";
  const tab = TABS.find((t) => t.path !== "/" && (path === t.path || path.startsWith(`${t.path}/`)));
  return tab?.path ?? null;
}
