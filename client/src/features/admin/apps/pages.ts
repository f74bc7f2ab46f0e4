import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const appsPages: AdminPage[] = [
  {
    path: "apps",
    permission: "catalogue",
    label: "应用管理",
    icon: () => import("@ant-design/icons/es/icons/AppstoreOutlined"),
    page: () => import("../../../pages/admin/AppsPage"),
  },
];
