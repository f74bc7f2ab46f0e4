import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const categoryAnnouncementsPages: AdminPage[] = [
  {
    path: "category-announcements",
    permission: "catalogue",
    label: "分类公告",
    icon: () => import("@ant-design/icons/es/icons/ProfileOutlined"),
    page: () => import("../../../pages/admin/CategoryAnnouncementsPage"),
  },
];
