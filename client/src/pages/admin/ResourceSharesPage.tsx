import { ResourceSharesTable } from "../../features/admin/resource-shares/ResourceSharesTable";

export default function ResourceSharesPage() {
  return <ResourceSharesTable />;
}
