import { UsersTable } from "../../features/admin/users/UsersTable";

export default function UsersPage() {
  return <UsersTable />;
}
