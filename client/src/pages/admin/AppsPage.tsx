import { AppsTabs } from "../../features/admin/apps/AppsTabs";

export default function AppsPage() {
  return <AppsTabs />;
}
