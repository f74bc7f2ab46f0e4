import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const bannersPages: AdminPage[] = [
  {
    path: "banners",
    permission: "catalogue",
    label: "轮播图管理",
    icon: () => import("@ant-design/icons/es/icons/PictureOutlined"),
    page: () => import("../../../pages/admin/BannersPage"),
  },
];
