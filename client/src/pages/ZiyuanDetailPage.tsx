import { useParams } from "react-router";
import { DetailView } from "../features/catalog/DetailView";
import { useDetail } from "../features/catalog/useDetail";

/** Detail page of 资源分享 (/ziyuan/{id}). */
export default function ZiyuanDetailPage() {
  const { id } = useParams();
  const { state, retry } = useDetail("RESOURCE_SHARE", id);
  return <DetailView kind="RESOURCE_SHARE" state={state} retry={retry} />;
}
