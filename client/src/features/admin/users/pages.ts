import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const usersPages: AdminPage[] = [
  {
    path: "users",
    label: "用户管理",
    icon: () => import("@ant-design/icons/es/icons/TeamOutlined"),
    page: () => import("../../../pages/admin/UsersPage"),
  },
];
