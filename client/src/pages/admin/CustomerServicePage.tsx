import { CustomerServiceConsole } from "../../features/admin/customer-service/CustomerServiceConsole";

export default function CustomerServicePage() {
  return <CustomerServiceConsole />;
}
