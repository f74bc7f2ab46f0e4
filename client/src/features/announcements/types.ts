/** An announcement as the popup shows it (spec section 3). */
export interface Announcement {
  id: string;
  title: string;
  content: string;
  publishedAt: string | null;
  createdAt: string;
}
