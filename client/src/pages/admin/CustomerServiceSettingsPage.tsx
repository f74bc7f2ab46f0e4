import { CustomerServiceSettingsForm } from "../../features/admin/customer-service/CustomerServiceSettingsForm";

export default function CustomerServiceSettingsPage() {
  return <CustomerServiceSettingsForm />;
}
