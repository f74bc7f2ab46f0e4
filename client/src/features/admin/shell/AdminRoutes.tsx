import { lazy } from "react";
import { Navigate, useRoutes, type RouteObject } from "react-router";
import { PATHS } from "../../../app/paths";
import { ADMIN_PENDING } from "../../../app/routes";
import AdminNotFoundPage from "../../../pages/admin/AdminNotFoundPage";
import { ADMIN_PAGES } from "../registry";

const notFound = <AdminNotFoundPage />;

/** The routes under /admin, made from the page registry; paths later issues build show the admin 404 page. */
const ROUTES: RouteObject[] = [
  { index: true, element: <Navigate to={PATHS.adminHome} replace /> },
  ...ADMIN_PAGES.map((p) => {
    const Page = lazy(p.load);
    return { path: p.path, element: <Page /> };
  }),
  ...ADMIN_PENDING.map((path) => ({ path, element: notFound })),
  { path: "*", element: notFound },
];

export function AdminRoutes() {
  return useRoutes(ROUTES);
}
