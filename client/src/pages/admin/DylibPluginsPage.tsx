import { DylibsTable } from "../../features/admin/dylibs/DylibsTable";

export default function DylibPluginsPage() {
  return <DylibsTable />;
}
