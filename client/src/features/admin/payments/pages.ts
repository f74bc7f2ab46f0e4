import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const paymentsPages: AdminPage[] = [
  {
    path: "payments",
    permission: "finance",
    label: "支付管理",
    icon: () => import("@ant-design/icons/es/icons/PayCircleOutlined"),
    page: () => import("../../../pages/admin/PaymentsPage"),
  },
];
