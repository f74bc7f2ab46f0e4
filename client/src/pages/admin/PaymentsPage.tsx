import { PaymentMethodsTable } from "../../features/admin/payments/PaymentMethodsTable";
import { RechargeOrdersTable } from "../../features/admin/payments/RechargeOrdersTable";

export default function PaymentsPage() {
  return (
    <>
      <PaymentMethodsTable />
      <div style={{ height: 16 }} />
      <RechargeOrdersTable />
    </>
  );
}
