import { BannersTable } from "../../features/admin/banners/BannersTable";

export default function BannersPage() {
  return <BannersTable />;
}
