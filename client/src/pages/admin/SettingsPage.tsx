import { SettingsTabs } from "../../features/admin/settings/SettingsTabs";

export default function SettingsPage() {
  return <SettingsTabs />;
}
