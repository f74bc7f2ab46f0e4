import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const cardKeysPages: AdminPage[] = [
  {
    path: "card-keys",
    permission: "finance",
    label: "卡密管理",
    icon: () => import("@ant-design/icons/es/icons/CreditCardOutlined"),
    page: () => import("../../../pages/admin/CardKeysPage"),
  },
];
