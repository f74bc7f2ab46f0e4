import { StoragePanel } from "../../features/admin/storage/StoragePanel";

export default function StoragePage() {
  return <StoragePanel />;
}
