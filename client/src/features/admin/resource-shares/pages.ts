import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const resourceSharesPages: AdminPage[] = [
  {
    path: "resource-shares",
    permission: "catalogue",
    label: "资源分享管理",
    icon: () => import("@ant-design/icons/es/icons/CloudServerOutlined"),
    page: () => import("../../../pages/admin/ResourceSharesPage"),
  },
];
