import { EmailTabs } from "../../features/admin/email/EmailTabs";

export default function EmailManagementPage() {
  return <EmailTabs />;
}
