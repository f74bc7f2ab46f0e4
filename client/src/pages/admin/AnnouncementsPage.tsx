import { AnnouncementsTable } from "../../features/admin/announcements/AnnouncementsTable";

export default function AnnouncementsPage() {
  return <AnnouncementsTable />;
}
