import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const deviceModelsPages: AdminPage[] = [
  {
    path: "device-models",
    permission: "signing",
    label: "设备型号",
    icon: () => import("@ant-design/icons/es/icons/TabletOutlined"),
    page: () => import("../../../pages/admin/DeviceModelsPage"),
  },
];
