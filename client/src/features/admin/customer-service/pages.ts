import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const customerServicePages: AdminPage[] = [
  {
    path: "customer-service",
    permission: "customer-service",
    label: "在线客服",
    icon: () => import("@ant-design/icons/es/icons/CustomerServiceOutlined"),
    page: () => import("../../../pages/admin/CustomerServicePage"),
  },
  {
    path: "customer-service-settings",
    permission: "customer-service",
    label: "客服设置",
    icon: () => import("@ant-design/icons/es/icons/MessageOutlined"),
    page: () => import("../../../pages/admin/CustomerServiceSettingsPage"),
  },
];
