export const ANNOUNCEMENT_STATUSES = ["published", "draft"] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
