import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const mallPages: AdminPage[] = [
  {
    path: "certificate-mall",
    permission: "signing",
    label: "证书商城",
    icon: () => import("@ant-design/icons/es/icons/ShopOutlined"),
    page: () => import("../../../pages/admin/CertificateMallPage"),
  },
  {
    path: "cert-tasks",
    permission: "signing",
    label: "证书任务",
    icon: () => import("@ant-design/icons/es/icons/ScheduleOutlined"),
    page: () => import("../../../pages/admin/CertTasksPage"),
  },
  {
    path: "api-interfaces",
    permission: "signing",
    label: "API接口",
    icon: () => import("@ant-design/icons/es/icons/ApiOutlined"),
    page: () => import("../../../pages/admin/ApiInterfacesPage"),
  },
];
