import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const debugAuthPages: AdminPage[] = [
  {
    path: "debug-auth",
    label: "认证调试",
    icon: () => import("@ant-design/icons/es/icons/BugOutlined"),
    page: () => import("../../../pages/admin/DebugAuthPage"),
  },
];
