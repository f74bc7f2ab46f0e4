import { CategoryAnnouncementsTable } from "../../features/admin/category-announcements/CategoryAnnouncementsTable";

export default function CategoryAnnouncementsPage() {
  return <CategoryAnnouncementsTable />;
}
