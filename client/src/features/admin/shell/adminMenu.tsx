import type { ReactNode } from "react";
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
import { PATHS } from "../../../app/paths";

/** The back office pages that exist; later issues add theirs here. */
export const ADMIN_MENU: { path: string; label: string; icon: ReactNode }[] = [
  { path: PATHS.adminHome, label: "仪表盘", icon: <DashboardOutlined /> },
  { path: PATHS.adminUsers, label: "用户管理", icon: <TeamOutlined /> },
  { path: "/admin/apps", label: "应用管理", icon: <AppstoreOutlined /> },
  { path: "/admin/dylib-plugins", label: "动态库管理", icon: <ApiOutlined /> },
  { path: "/admin/resource-shares", label: "资源分享管理", icon: <CloudServerOutlined /> },
  { path: "/admin/banners", label: "轮播图管理", icon: <PictureOutlined /> },
  { path: "/admin/announcements", label: "公告管理", icon: <NotificationOutlined /> },
  { path: "/admin/category-announcements", label: "分类公告", icon: <ProfileOutlined /> },
  { path: "/admin/qq-groups", label: "QQ群管理", icon: <QqOutlined /> },
  { path: "/admin/settings", label: "系统设置", icon: <SettingOutlined /> },
];

export function menuTitle(pathname: string): string | undefined {
  return ADMIN_MENU.find((m) => pathname === m.path || pathname.startsWith(`${m.path}/`))?.label;
}
