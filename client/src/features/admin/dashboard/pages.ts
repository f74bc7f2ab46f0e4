import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const dashboardPages: AdminPage[] = [
  {
    path: "dashboard",
    permission: "dashboard",
    label: "仪表盘",
    icon: () => import("@ant-design/icons/es/icons/DashboardOutlined"),
    page: () => import("../../../pages/admin/DashboardPage"),
  },
];
