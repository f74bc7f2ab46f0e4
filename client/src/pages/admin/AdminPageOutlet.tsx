import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { Navigate, useParams } from "react-router";
import { ADMIN_PAGES, adminHref, adminPageFor, mayOpen, pagesFor } from "../../app/adminPages";
import { useSession } from "../../features/auth/useSession";
import AdminNotFoundPage from "./AdminNotFoundPage";

// The 403 page draws antd's Result: loaded only when a page is refused, not with every page.
const Forbidden = lazy(() => import("../../features/admin/shell/Forbidden"));

const PAGES = new Map<string, LazyExoticComponent<ComponentType>>(ADMIN_PAGES.map((p) => [p.path, lazy(p.page)]));

/**
 * Every back office page under /admin/*: the page the registry names for the path, or the admin 404. The registry is
 * read here, inside the admin bundle, so the users' pages carry none of its loaders. A staff user opening a page
 * outside their permissions gets the 403 page (the server refuses its calls anyway); /admin itself opens the first
 * page they may see.
 */
export default function AdminPageOutlet() {
  const { user } = useSession();
  const rest = (useParams()["*"] ?? "").replace(/\/+$/, "");
  if (!rest) {
    const first = pagesFor(user)[0];
    return first ? <Navigate to={adminHref(first)} replace /> : <Forbidden first={undefined} />;
  }
  const entry = adminPageFor(rest);
  const Page = PAGES.get(entry?.path ?? "");
  if (!entry || !Page) return <AdminNotFoundPage />;
  if (!mayOpen(user, entry)) return <Forbidden first={pagesFor(user)[0]} />;
  return <Page />;
}
