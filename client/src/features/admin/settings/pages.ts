import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const settingsPages: AdminPage[] = [
  {
    path: "settings",
    permission: "settings",
    label: "系统设置",
    icon: () => import("@ant-design/icons/es/icons/SettingOutlined"),
    page: () => import("../../../pages/admin/SettingsPage"),
  },
];
