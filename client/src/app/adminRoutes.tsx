import { Suspense, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { LoadingScreen } from "../shared/ui/LoadingScreen";
import { GuestOnly, RequireAdmin } from "./guards";
import { page } from "./lazyPage";

/**
 * The back office's routes: /admin/login, and every other /admin path inside the admin layout, whose outlet picks the
 * page from the registry (app/adminPages.ts) inside the admin bundle. The back office's own entry (AdminApp) passes the
 * layout and the outlet it bundles; the users' router, which opens them when the app itself navigates there, passes
 * them lazily loaded.
 */
export function adminRoutes(layout: ReactNode, outlet: ReactNode): RouteObject[] {
  return [
    {
      path: "admin/login",
      element: <GuestOnly />,
      children: [
        {
          index: true,
          element: (
            <Suspense fallback={<LoadingScreen />}>{page(() => import("../pages/admin/AdminLoginPage"))}</Suspense>
          ),
        },
      ],
    },
    {
      path: "admin",
      element: <RequireAdmin />,
      children: [
        {
          element: layout,
          // The index opens the first page the user may see (the dashboard for full admins), chosen by the outlet.
          children: [
            { index: true, element: outlet },
            { path: "*", element: outlet },
          ],
        },
      ],
    },
  ];
}
