import { OAuthConfigsTable } from "../../features/admin/oauth/OAuthConfigsTable";

export default function OAuthConfigPage() {
  return <OAuthConfigsTable />;
}
