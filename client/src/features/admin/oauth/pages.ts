import type { AdminPage } from "../../../app/adminPages";

/** Its back office pages, in menu order (listed in app/adminPages.ts). */
export const oauthPages: AdminPage[] = [
  {
    path: "oauth-config",
    permission: "settings",
    label: "第三方登录",
    icon: () => import("@ant-design/icons/es/icons/LoginOutlined"),
    page: () => import("../../../pages/admin/OAuthConfigPage"),
  },
];
