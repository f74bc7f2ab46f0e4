import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const certificateChecksPages: AdminPage[] = [
  {
    path: "certificate-status-check",
    permission: "signing",
    label: "证书状态检测",
    icon: () => import("@ant-design/icons/es/icons/SafetyCertificateOutlined"),
    page: () => import("../../../pages/admin/CertificateStatusCheckPage"),
  },
  {
    path: "certificate-detection",
    permission: "signing",
    label: "证书批量检测",
    icon: () => import("@ant-design/icons/es/icons/RadarChartOutlined"),
    page: () => import("../../../pages/admin/CertificateDetectionPage"),
  },
];
