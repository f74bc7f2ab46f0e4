import { PATHS } from "../../app/paths";
import { NotFound } from "../../shared/ui/NotFound";

export default function AdminNotFoundPage() {
  return <NotFound homePath={PATHS.adminHome} homeLabel="返回仪表盘" />;
}
