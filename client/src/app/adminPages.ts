import type { ComponentType } from "react";

type Lazy = () => Promise<{ default: ComponentType }>;

/** The server's staff permissions (server/src/graphql/staff-permissions.ts), one per back office page group. */
export type StaffPermissionKey =
  "dashboard" | "customer-service" | "orders" | "finance" | "signing" | "catalogue" | "settings";

/** One back office page: its route under /admin, its page and its menu item, both loaded with the admin bundle. */
export interface AdminPage {
  /** Path under /admin, e.g. "apps" for /admin/apps. */
  path: string;
  /** Menu label, also the header title on the page and below it. */
  label: string;
  /** The menu icon (an @ant-design/icons module). */
  icon: Lazy;
  page: Lazy;
  /**
   * The staff permission that opens it (the server's group for the REST routes and GraphQL fields it calls); without
   * one, only full admins see it (user management, the auth debugger).
   */
  permission?: StaffPermissionKey;
  /**
   * Pages below it that the same page draws (it reads the rest of the path itself), e.g. "add", ":id", ":id/edit";
   * `:id` matches a numeric id. Only these sub-paths open it; any other is the admin 404.
   */
  subPaths?: readonly string[];
}

/**
 * Every back office page, listed once, in menu order: the admin routes (router.tsx) and the menu (AdminLayout) are
 * both made from this list, so a new page is one entry here. Only paths, labels and loaders: antd, the icons and
 * the pages stay in the admin bundle, off the users' pages' critical path.
 */
export const ADMIN_PAGES: AdminPage[] = [
  {
    path: "dashboard",
    permission: "dashboard",
    label: "仪表盘",
    icon: () => import("@ant-design/icons/es/icons/DashboardOutlined"),
    page: () => import("../pages/admin/DashboardPage"),
  },
  {
    path: "users",
    label: "用户管理",
    icon: () => import("@ant-design/icons/es/icons/TeamOutlined"),
    page: () => import("../pages/admin/UsersPage"),
  },
  {
    path: "orders",
    permission: "orders",
    label: "订单管理",
    icon: () => import("@ant-design/icons/es/icons/ShoppingOutlined"),
    page: () => import("../pages/admin/OrdersPage"),
  },
  {
    path: "consumption-records",
    permission: "orders",
    label: "消费记录",
    icon: () => import("@ant-design/icons/es/icons/AccountBookOutlined"),
    page: () => import("../pages/admin/ConsumptionRecordsPage"),
  },
  {
    path: "signatures",
    permission: "signing",
    label: "签名管理",
    icon: () => import("@ant-design/icons/es/icons/FileProtectOutlined"),
    page: () => import("../pages/admin/SignaturesPage"),
  },
  {
    path: "apps",
    permission: "catalogue",
    label: "应用管理",
    icon: () => import("@ant-design/icons/es/icons/AppstoreOutlined"),
    page: () => import("../pages/admin/AppsPage"),
  },
  {
    path: "dylib-plugins",
    permission: "catalogue",
    label: "动态库管理",
    icon: () => import("@ant-design/icons/es/icons/ApiOutlined"),
    page: () => import("../pages/admin/DylibPluginsPage"),
  },
  {
    path: "resource-shares",
    permission: "catalogue",
    label: "资源分享管理",
    icon: () => import("@ant-design/icons/es/icons/CloudServerOutlined"),
    page: () => import("../pages/admin/ResourceSharesPage"),
  },
  {
    path: "banners",
    permission: "catalogue",
    label: "轮播图管理",
    icon: () => import("@ant-design/icons/es/icons/PictureOutlined"),
    page: () => import("../pages/admin/BannersPage"),
  },
  {
    path: "announcements",
    permission: "catalogue",
    label: "公告管理",
    icon: () => import("@ant-design/icons/es/icons/NotificationOutlined"),
    page: () => import("../pages/admin/AnnouncementsPage"),
  },
  {
    path: "category-announcements",
    permission: "catalogue",
    label: "分类公告",
    icon: () => import("@ant-design/icons/es/icons/ProfileOutlined"),
    page: () => import("../pages/admin/CategoryAnnouncementsPage"),
  },
  {
    path: "payments",
    permission: "finance",
    label: "支付管理",
    icon: () => import("@ant-design/icons/es/icons/PayCircleOutlined"),
    page: () => import("../pages/admin/PaymentsPage"),
  },
  {
    path: "card-keys",
    permission: "finance",
    label: "卡密管理",
    icon: () => import("@ant-design/icons/es/icons/CreditCardOutlined"),
    page: () => import("../pages/admin/CardKeysPage"),
  },
  {
    path: "software-sources",
    permission: "catalogue",
    label: "软件源管理",
    icon: () => import("@ant-design/icons/es/icons/CloudSyncOutlined"),
    page: () => import("../pages/admin/SoftwareSourcesPage"),
    subPaths: ["add", ":id", ":id/edit"],
  },
  {
    path: "certificates",
    permission: "signing",
    label: "证书管理",
    icon: () => import("@ant-design/icons/es/icons/SafetyCertificateOutlined"),
    page: () => import("../pages/admin/CertificatesPage"),
  },
  {
    path: "platform-certificates",
    permission: "signing",
    label: "平台证书",
    icon: () => import("@ant-design/icons/es/icons/BankOutlined"),
    page: () => import("../pages/admin/PlatformCertificatesPage"),
  },
  {
    path: "p8-certificates",
    permission: "signing",
    label: "P8证书",
    icon: () => import("@ant-design/icons/es/icons/KeyOutlined"),
    page: () => import("../pages/admin/P8CertificatesPage"),
  },
  {
    path: "certificate-mall",
    permission: "signing",
    label: "证书商城",
    icon: () => import("@ant-design/icons/es/icons/ShopOutlined"),
    page: () => import("../pages/admin/CertificateMallPage"),
  },
  {
    path: "cert-tasks",
    permission: "signing",
    label: "证书任务",
    icon: () => import("@ant-design/icons/es/icons/ScheduleOutlined"),
    page: () => import("../pages/admin/CertTasksPage"),
  },
  {
    path: "api-interfaces",
    permission: "signing",
    label: "API接口",
    icon: () => import("@ant-design/icons/es/icons/ApiOutlined"),
    page: () => import("../pages/admin/ApiInterfacesPage"),
  },
  {
    path: "devices",
    permission: "signing",
    label: "设备管理",
    icon: () => import("@ant-design/icons/es/icons/MobileOutlined"),
    page: () => import("../pages/admin/DevicesPage"),
  },
  {
    path: "device-models",
    permission: "signing",
    label: "设备型号",
    icon: () => import("@ant-design/icons/es/icons/TabletOutlined"),
    page: () => import("../pages/admin/DeviceModelsPage"),
  },
  {
    path: "certificate-status-check",
    permission: "signing",
    label: "证书状态检测",
    icon: () => import("@ant-design/icons/es/icons/SafetyCertificateOutlined"),
    page: () => import("../pages/admin/CertificateStatusCheckPage"),
  },
  {
    path: "certificate-detection",
    permission: "signing",
    label: "证书批量检测",
    icon: () => import("@ant-design/icons/es/icons/RadarChartOutlined"),
    page: () => import("../pages/admin/CertificateDetectionPage"),
  },
  {
    path: "customer-service",
    permission: "customer-service",
    label: "在线客服",
    icon: () => import("@ant-design/icons/es/icons/CustomerServiceOutlined"),
    page: () => import("../pages/admin/CustomerServicePage"),
  },
  {
    path: "customer-service-settings",
    permission: "customer-service",
    label: "客服设置",
    icon: () => import("@ant-design/icons/es/icons/MessageOutlined"),
    page: () => import("../pages/admin/CustomerServiceSettingsPage"),
  },
  {
    path: "oauth-config",
    permission: "settings",
    label: "第三方登录",
    icon: () => import("@ant-design/icons/es/icons/LoginOutlined"),
    page: () => import("../pages/admin/OAuthConfigPage"),
  },
  {
    path: "qq-groups",
    permission: "catalogue",
    label: "QQ群管理",
    icon: () => import("@ant-design/icons/es/icons/QqOutlined"),
    page: () => import("../pages/admin/QQGroupsPage"),
  },
  {
    path: "email-management",
    permission: "settings",
    label: "邮件管理",
    icon: () => import("@ant-design/icons/es/icons/MailOutlined"),
    page: () => import("../pages/admin/EmailManagementPage"),
  },
  {
    path: "debug-auth",
    label: "认证调试",
    icon: () => import("@ant-design/icons/es/icons/BugOutlined"),
    page: () => import("../pages/admin/DebugAuthPage"),
  },
  {
    path: "settings",
    permission: "settings",
    label: "系统设置",
    icon: () => import("@ant-design/icons/es/icons/SettingOutlined"),
    page: () => import("../pages/admin/SettingsPage"),
  },
];

/** Whether the user may open the page: full admins every one, staff the pages of the permissions they hold. */
export function mayOpen(user: { role: string; permissions: string[] } | null | undefined, page: AdminPage): boolean {
  if (!user) return false;
  return user.role === "admin" || (!!page.permission && user.permissions.includes(page.permission));
}

/** The pages the user may open, in menu order. */
export const pagesFor = (user: { role: string; permissions: string[] } | null | undefined) =>
  ADMIN_PAGES.filter((p) => mayOpen(user, p));

/** The absolute path of a page (its menu key). */
export const adminHref = (p: AdminPage) => `/admin/${p.path}`;

/** The registry page that draws `rest` (a path under /admin without slashes at the ends): its own path or one of its sub-paths. */
export function adminPageFor(rest: string): AdminPage | undefined {
  return ADMIN_PAGES.find(
    (p) =>
      p.path === rest ||
      (p.subPaths ?? []).some((sub) => new RegExp(`^${p.path}/${sub.replace(/:id/g, "\\d{1,10}")}$`).test(rest)),
  );
}

/** The page a pathname belongs to (itself or below it). */
export function adminPageAt(pathname: string): AdminPage | undefined {
  return ADMIN_PAGES.find((p) => pathname === adminHref(p) || pathname.startsWith(`${adminHref(p)}/`));
}
