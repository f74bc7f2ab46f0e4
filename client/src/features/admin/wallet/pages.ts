import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const walletPages: AdminPage[] = [
  {
    path: "orders",
    permission: "orders",
    label: "订单管理",
    icon: () => import("@ant-design/icons/es/icons/ShoppingOutlined"),
    page: () => import("../../../pages/admin/OrdersPage"),
  },
  {
    path: "consumption-records",
    permission: "orders",
    label: "消费记录",
    icon: () => import("@ant-design/icons/es/icons/AccountBookOutlined"),
    page: () => import("../../../pages/admin/ConsumptionRecordsPage"),
  },
];
