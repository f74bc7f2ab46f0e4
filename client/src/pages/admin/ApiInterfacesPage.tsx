import { SuppliersCard } from "../../features/admin/mall/SuppliersCard";

/** /admin/api-interfaces: the certificate suppliers' APIs. */
export default function ApiInterfacesPage() {
  return <SuppliersCard />;
}
