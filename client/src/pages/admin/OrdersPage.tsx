import { OrdersTable } from "../../features/admin/wallet/OrdersTable";

export default function OrdersPage() {
  return <OrdersTable />;
}
