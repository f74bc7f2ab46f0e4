import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const signingPages: AdminPage[] = [
  {
    path: "signatures",
    permission: "signing",
    label: "签名管理",
    icon: () => import("@ant-design/icons/es/icons/FileProtectOutlined"),
    page: () => import("../../../pages/admin/SignaturesPage"),
  },
];
