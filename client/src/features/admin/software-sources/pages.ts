import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const softwareSourcesPages: AdminPage[] = [
  {
    path: "software-sources",
    permission: "catalogue",
    label: "软件源管理",
    icon: () => import("@ant-design/icons/es/icons/CloudSyncOutlined"),
    page: () => import("../../../pages/admin/SoftwareSourcesPage"),
    subPaths: ["add", ":id", ":id/edit"],
  },
];
