import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

export const ANNOUNCEMENT_STATUSES = ["published", "draft"] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

@Entity({ name: "announcements" })
export class AnnouncementEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 100 })
  title: string;

  /** Plain text; clients render it as text, never as HTML. */
  @Column({ type: "text" })
  content: string;

  @Column({ type: "varchar", length: 16, default: "draft" })
  status: AnnouncementStatus;

  /** Set when first published; kept when unpublished and published again. */
  @Column({ type: "timestamptz", name: "published_at", nullable: true })
  publishedAt: Date | null;

  /** Distinct readers (rows of announcement_reads), kept in step by markRead. */
  @Column({ type: "integer", name: "read_count", default: 0 })
  readCount: number;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}

/** The announcement box shown above one category's list (an app category id, "dylib" or "resource-shares"). */
@Entity({ name: "category_announcements" })
export class CategoryAnnouncementEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 32, name: "category_id", unique: true })
  categoryId: string;

  @Column({ type: "varchar", length: 100 })
  title: string;

  @Column({ type: "text" })
  content: string;

  @Column({ type: "boolean", name: "is_active", default: true })
  isActive: boolean;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}
