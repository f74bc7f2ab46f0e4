import { useParams } from "react-router";
import { FeedSettings } from "../../features/admin/software-sources/FeedSettings";
import { SourceDetail } from "../../features/admin/software-sources/SourceDetail";
import { SourceForm } from "../../features/admin/software-sources/SourceForm";
import { SourcesList } from "../../features/admin/software-sources/SourcesList";

/**
 * /admin/software-sources and the pages below it (the registry opens this page for add, :id and :id/edit):
 * the list with the published-feed settings, the add form, a source's detail, its edit form.
 */
export default function SoftwareSourcesPage() {
  const rest = (useParams()["*"] ?? "").replace(/\/+$/, "").split("/").slice(1);
  if (rest[0] === "add") return <SourceForm />;
  if (rest[0] && rest[1] === "edit") return <SourceForm key={rest[0]} id={rest[0]} />;
  if (rest[0]) return <SourceDetail key={rest[0]} id={rest[0]} />;
  return (
    <>
      <SourcesList />
      <FeedSettings />
    </>
  );
}
