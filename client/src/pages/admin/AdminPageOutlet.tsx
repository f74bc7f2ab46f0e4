import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { Link, Navigate, useParams } from "react-router";
import { Button, Result } from "antd";
import { ADMIN_PAGES, adminHref, adminPageFor, mayOpen, pagesFor, type AdminPage } from "../../app/adminPages";
import { useSession } from "../../features/auth/useSession";
import { REQUEST_ERROR_TEXTS } from "../../shared/errorTexts";
import AdminNotFoundPage from "./AdminNotFoundPage";

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

/** The 403 page, with the way back to the first page the user may open. */
function Forbidden({ first }: { first: AdminPage | undefined }) {
  return (
    <Result
      status="403"
      title="403"
      subTitle={REQUEST_ERROR_TEXTS.forbidden}
      extra={
        first && (
          <Link to={adminHref(first)}>
            <Button type="primary">返回{first.label}</Button>
          </Link>
        )
      }
    />
  );
}
