import { useParams } from "react-router";
import { DetailView } from "../features/catalog/DetailView";
import { useDetail } from "../features/catalog/useDetail";

/** Detail page of 动态库 (/dylib/{id}). */
export default function DylibDetailPage() {
  const { id } = useParams();
  const { state, retry } = useDetail("DYLIB", id);
  return <DetailView kind="DYLIB" state={state} retry={retry} />;
}
