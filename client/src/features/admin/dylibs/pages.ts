import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const dylibsPages: AdminPage[] = [
  {
    path: "dylib-plugins",
    permission: "catalogue",
    label: "动态库管理",
    icon: () => import("@ant-design/icons/es/icons/ApiOutlined"),
    page: () => import("../../../pages/admin/DylibPluginsPage"),
  },
];
