import type { ReactNode } from "react";
import { DashboardOutlined, TeamOutlined } from "@ant-design/icons";
import { PATHS } from "../../../app/paths";

/** The back office pages that exist; later issues add theirs here. */
export const ADMIN_MENU: { path: string; label: string; icon: ReactNode }[] = [
  { path: PATHS.adminHome, label: "仪表盘", icon: <DashboardOutlined /> },
  { path: PATHS.adminUsers, label: "用户管理", icon: <TeamOutlined /> },
];

export function menuTitle(pathname: string): string | undefined {
  return ADMIN_MENU.find((m) => pathname === m.path || pathname.startsWith(`${m.path}/`))?.label;
}
