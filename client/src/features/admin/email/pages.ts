import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const emailPages: AdminPage[] = [
  {
    path: "email-management",
    permission: "settings",
    label: "邮件管理",
    icon: () => import("@ant-design/icons/es/icons/MailOutlined"),
    page: () => import("../../../pages/admin/EmailManagementPage"),
  },
];
