import { QQGroupsTable } from "../../features/admin/qq-groups/QQGroupsTable";

export default function QQGroupsPage() {
  return <QQGroupsTable />;
}
