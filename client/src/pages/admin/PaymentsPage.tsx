import { PaymentsTabs } from "../../features/admin/payments/PaymentsTabs";

export default function PaymentsPage() {
  return <PaymentsTabs />;
}
