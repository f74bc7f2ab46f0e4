import { Suspense } from "react";
import { useRoutes, type RouteObject } from "react-router";
import AdminLayout from "../pages/admin/AdminLayout";
import AdminPageOutlet from "../pages/admin/AdminPageOutlet";
import { LoadingScreen } from "../shared/ui/LoadingScreen";
import { GuestOnly, RequireAdmin } from "./guards";
import { page } from "./lazyPage";

// Relative to /admin: the back office's own entry (AdminApp) and the users' router both mount them at "admin/*".
const routes: RouteObject[] = [
  {
    path: "login",
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
    element: <RequireAdmin />,
    children: [
      {
        element: <AdminLayout />,
        // The index opens the first page the user may see (the dashboard for full admins), chosen by the outlet.
        children: [
          { index: true, element: <AdminPageOutlet /> },
          { path: "*", element: <AdminPageOutlet /> },
        ],
      },
    ],
  },
];

/**
 * The back office under /admin: its login page, and every other path inside the admin layout, whose outlet picks the
 * page from the registry (app/adminPages.ts). The layout and the outlet come with it: a page's chunk is all that
 * follows.
 */
export default function AdminSection() {
  return useRoutes(routes);
}
