import type { ComponentType, ReactNode } from "react";
import {
  ApiOutlined,
  AppstoreOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  QqOutlined,
  SettingOutlined,
  TeamOutlined,
} from "@ant-design/icons";

/** One back office page: its route under /admin, its lazily loaded page component and its menu item. */
export interface AdminPage {
  /** Path under /admin, e.g. "apps" for /admin/apps. */
  path: string;
  label: string;
  icon: ReactNode;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * Every back office page, listed once, in menu order: the admin routes and the menu are both made from this list
 * (a new page is one entry here). It lives in the admin bundle, never on the users' pages' critical path.
 */
export const ADMIN_PAGES: AdminPage[] = [
  { path: "dashboard", label: "仪表盘", icon: <DashboardOutlined />, load: () => import("../../pages/admin/DashboardPage") },
  { path: "users", label: "用户管理", icon: <TeamOutlined />, load: () => import("../../pages/admin/UsersPage") },
  { path: "apps", label: "应用管理", icon: <AppstoreOutlined />, load: () => import("../../pages/admin/AppsPage") },
  { path: "dylib-plugins", label: "动态库管理", icon: <ApiOutlined />, load: () => import("../../pages/admin/DylibPluginsPage") },
  { path: "resource-shares", label: "资源分享管理", icon: <CloudServerOutlined />, load: () => import("../../pages/admin/ResourceSharesPage") },
  { path: "banners", label: "轮播图管理", icon: <PictureOutlined />, load: () => import("../../pages/admin/BannersPage") },
  { path: "announcements", label: "公告管理", icon: <NotificationOutlined />, load: () => import("../../pages/admin/AnnouncementsPage") },
  {
    path: "category-announcements",
    label: "分类公告",
    icon: <ProfileOutlined />,
    load: () => import("../../pages/admin/CategoryAnnouncementsPage"),
  },
  { path: "qq-groups", label: "QQ群管理", icon: <QqOutlined />, load: () => import("../../pages/admin/QQGroupsPage") },
  { path: "settings", label: "系统设置", icon: <SettingOutlined />, load: () => import("../../pages/admin/SettingsPage") },
];

/** The absolute path of a page (its menu key). */
export const adminHref = (p: AdminPage) => `/admin/${p.path}`;

/** The page a pathname belongs to (itself or below it). */
export function adminPageAt(pathname: string): AdminPage | undefined {
  return ADMIN_PAGES.find((p) => pathname === adminHref(p) || pathname.startsWith(`${adminHref(p)}/`));
}
