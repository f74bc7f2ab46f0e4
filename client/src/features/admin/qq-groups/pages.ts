import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const qqGroupsPages: AdminPage[] = [
  {
    path: "qq-groups",
    permission: "catalogue",
    label: "QQ群管理",
    icon: () => import("@ant-design/icons/es/icons/QqOutlined"),
    page: () => import("../../../pages/admin/QQGroupsPage"),
  },
];
