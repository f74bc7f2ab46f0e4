import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const certificatesPages: AdminPage[] = [
  {
    path: "certificates",
    permission: "signing",
    label: "证书管理",
    icon: () => import("@ant-design/icons/es/icons/SafetyCertificateOutlined"),
    page: () => import("../../../pages/admin/CertificatesPage"),
  },
  {
    path: "platform-certificates",
    permission: "signing",
    label: "平台证书",
    icon: () => import("@ant-design/icons/es/icons/BankOutlined"),
    page: () => import("../../../pages/admin/PlatformCertificatesPage"),
  },
  {
    path: "p8-certificates",
    permission: "signing",
    label: "P8证书",
    icon: () => import("@ant-design/icons/es/icons/KeyOutlined"),
    page: () => import("../../../pages/admin/P8CertificatesPage"),
  },
];
