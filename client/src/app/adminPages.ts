import type { ComponentType } from "react";
import { dashboardPages } from "../features/admin/dashboard/pages";
import { usersPages } from "../features/admin/users/pages";
import { walletPages } from "../features/admin/wallet/pages";
import { signingPages } from "../features/admin/signing/pages";
import { appsPages } from "../features/admin/apps/pages";
import { dylibsPages } from "../features/admin/dylibs/pages";
import { resourceSharesPages } from "../features/admin/resource-shares/pages";
import { bannersPages } from "../features/admin/banners/pages";
import { announcementsPages } from "../features/admin/announcements/pages";
import { categoryAnnouncementsPages } from "../features/admin/category-announcements/pages";
import { paymentsPages } from "../features/admin/payments/pages";
import { cardKeysPages } from "../features/admin/card-keys/pages";
import { softwareSourcesPages } from "../features/admin/software-sources/pages";
import { certificatesPages } from "../features/admin/certificates/pages";
import { mallPages } from "../features/admin/mall/pages";
import { devicesPages } from "../features/admin/devices/pages";
import { deviceModelsPages } from "../features/admin/device-models/pages";
import { certificateChecksPages } from "../features/admin/certificate-checks/pages";
import { customerServicePages } from "../features/admin/customer-service/pages";
import { oauthPages } from "../features/admin/oauth/pages";
import { qqGroupsPages } from "../features/admin/qq-groups/pages";
import { emailPages } from "../features/admin/email/pages";
import { debugAuthPages } from "../features/admin/debug-auth/pages";
import { settingsPages } from "../features/admin/settings/pages";
import { storagePages } from "../features/admin/storage/pages";

type Lazy = () => Promise<{ default: ComponentType }>;

/** The server's staff permissions (server/src/graphql/staff-permissions.ts), one per back office page group. */
type StaffPermissionKey =
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
 * Every back office page, in menu order: one line per domain, whose pages (path, label, icon, page, permission) are
 * declared in its own folder (features/admin/<domain>/pages.ts). The admin routes (router.tsx) and the menu
 * (AdminLayout) are both made from this list. Only paths, labels and loaders: antd, the icons and the pages stay in
 * the admin bundle, off the users' pages' critical path.
 */
export const ADMIN_PAGES: AdminPage[] = [
  ...dashboardPages,
  ...usersPages,
  ...walletPages,
  ...signingPages,
  ...appsPages,
  ...dylibsPages,
  ...resourceSharesPages,
  ...bannersPages,
  ...announcementsPages,
  ...categoryAnnouncementsPages,
  ...paymentsPages,
  ...cardKeysPages,
  ...softwareSourcesPages,
  ...certificatesPages,
  ...mallPages,
  ...devicesPages,
  ...deviceModelsPages,
  ...certificateChecksPages,
  ...customerServicePages,
  ...oauthPages,
  ...qqGroupsPages,
  ...emailPages,
  ...debugAuthPages,
  ...settingsPages,
  ...storagePages,
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
