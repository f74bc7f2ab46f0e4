import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { useParams } from "react-router";
import { ADMIN_PAGES, adminPageFor } from "../../app/adminPages";
import AdminNotFoundPage from "./AdminNotFoundPage";

const PAGES = new Map<string, LazyExoticComponent<ComponentType>>(ADMIN_PAGES.map((p) => [p.path, lazy(p.page)]));

/**
 * Every back office page under /admin/*: the page the registry names for the path, or the admin 404. The registry is
 * read here, inside the admin bundle, so the users' pages carry none of its loaders.
 */
export default function AdminPageOutlet() {
  const rest = (useParams()["*"] ?? "").replace(/\/+$/, "");
  const Page = PAGES.get(adminPageFor(rest)?.path ?? "");
  return Page ? <Page /> : <AdminNotFoundPage />;
}
