import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const devicesPages: AdminPage[] = [
  {
    path: "devices",
    permission: "signing",
    label: "设备管理",
    icon: () => import("@ant-design/icons/es/icons/MobileOutlined"),
    page: () => import("../../../pages/admin/DevicesPage"),
  },
];
