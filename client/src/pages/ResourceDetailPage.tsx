import { useParams } from "react-router";
import { DetailView } from "../features/catalog/DetailView";
import { useDetail } from "../features/catalog/useDetail";

/** Detail page of 应用 (/resource/{id}, the target of ordinary cards). */
export default function ResourceDetailPage() {
  const { id } = useParams();
  const { state, retry } = useDetail("APP", id);
  return <DetailView kind="APP" state={state} retry={retry} />;
}
