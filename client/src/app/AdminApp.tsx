import { useEffect } from "react";
import { Navigate, useLocation, useRoutes, type RouteObject } from "react-router";
import { LoadingScreen } from "../shared/ui/LoadingScreen";
import AdminSection from "./AdminSection";
import { createApolloClient } from "./apollo";
import { AppProviders } from "./AppProviders";

const apolloClient = createApolloClient();

/** The path this document was opened at. */
const OPENED_AT = window.location.pathname;

/**
 * A path outside the back office, which only a link or a redirect of the back office leads to here (the home page, a
 * non-admin's /profile): that page's own document, from the users' entry. The router has already put the path in the
 * history, so the document replaces that entry. Opened at such a path itself (/admin.html), the document never loads
 * itself again: it opens the back office.
 */
function UsersPage() {
  const { pathname, search, hash } = useLocation();
  const leave = pathname !== OPENED_AT;
  useEffect(() => {
    if (leave) window.location.replace(pathname + search + hash);
  }, [leave, pathname, search, hash]);
  return leave ? <LoadingScreen /> : <Navigate to="/admin" replace />;
}

const routes: RouteObject[] = [
  { path: "admin/*", element: <AdminSection /> },
  { path: "*", element: <UsersPage /> },
];

function AdminRoutes() {
  return useRoutes(routes);
}

/** The back office's app (admin-main.tsx): the admin routes alone. */
export function AdminApp() {
  return (
    <AppProviders client={apolloClient}>
      <AdminRoutes />
    </AppProviders>
  );
}
