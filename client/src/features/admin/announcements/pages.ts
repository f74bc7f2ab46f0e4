import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const announcementsPages: AdminPage[] = [
  {
    path: "announcements",
    permission: "catalogue",
    label: "公告管理",
    icon: () => import("@ant-design/icons/es/icons/NotificationOutlined"),
    page: () => import("../../../pages/admin/AnnouncementsPage"),
  },
];
