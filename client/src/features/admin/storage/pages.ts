import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const storagePages: AdminPage[] = [
  {
    path: "storage",
    permission: "settings",
    label: "存储管理",
    icon: () => import("@ant-design/icons/es/icons/CloudServerOutlined"),
    page: () => import("../../../pages/admin/StoragePage"),
  },
];
