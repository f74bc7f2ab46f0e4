import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from "typeorm";

/**
 * Kept only as the tables' descriptions for TypeORM's metadata, which tests/integration/stored-files.test.ts reads to
 * find every file column (no repository uses them: the statements are SQL); they go when that test reads the schema.
 */

/** A subscribed source: site-wide (`ownerId` null, added by an admin) or a user's private one. */
@Entity({ name: "software_sources" })
export class SoftwareSourceEntity {
  @PrimaryGeneratedColumn({ type: "integer" }) id: number;
  @Column({ type: "integer", name: "owner_id", nullable: true }) ownerId: number | null;
  @Column({ type: "varchar", length: 100 }) name: string;
  /** Null for a source uploaded as a document (never refetched). */
  @Column({ type: "varchar", length: 2000, nullable: true }) url: string | null;
  /** The admin's icon (an http(s) URL or an uploaded `/uploads/icons/…`); "" = the document's own icon. */
  @Column({ type: "varchar", length: 2000, name: "icon_url", default: "" }) iconUrl: string;
  @Column({ type: "text", default: "" }) description: string;
  @Column({ type: "boolean", default: true }) enabled: boolean;
  @Column({ type: "integer", name: "sort_order", default: 0 }) sortOrder: number;
  @Column({ type: "integer", name: "refresh_minutes", default: 360 }) refreshMinutes: number;
  /** 允许内网地址 for this site-wide source (admins only; users' sources never). */
  @Column({ type: "boolean", name: "allow_private", default: false }) allowPrivate: boolean;
  @Column({ type: "varchar", length: 16, nullable: true }) format: string | null;
  @Column({ type: "varchar", length: 255, name: "doc_name", default: "" }) docName: string;
  @Column({ type: "varchar", length: 255, default: "" }) identifier: string;
  @Column({ type: "varchar", length: 2000, name: "source_url", default: "" }) sourceUrl: string;
  /** The icon the document names (external). */
  @Column({ type: "varchar", length: 2000, name: "doc_icon_url", default: "" }) docIconUrl: string;
  @Column({ type: "text", name: "doc_description", default: "" }) docDescription: string;
  @Column({ type: "varchar", length: 2000, default: "" }) website: string;
  @Column({ type: "varchar", length: 2000, name: "pay_url", default: "" }) payUrl: string;
  @Column({ type: "varchar", length: 2000, name: "unlock_url", default: "" }) unlockUrl: string;
  @Column({ type: "jsonb", default: () => "'[]'" }) news: unknown;
  @Column({ type: "integer", name: "app_count", default: 0 }) appCount: number;
  @Column({ type: "char", length: 64, name: "content_sha256", nullable: true }) contentSha256: string | null;
  @Column({ type: "varchar", length: 500, nullable: true }) etag: string | null;
  @Column({ type: "varchar", length: 100, name: "last_modified", nullable: true }) lastModified: string | null;
  @Column({ type: "varchar", length: 16, default: "pending" }) status: string;
  @Column({ type: "timestamptz", name: "last_fetch_at", nullable: true }) lastFetchAt: Date | null;
  @Column({ type: "timestamptz", name: "last_success_at", nullable: true }) lastSuccessAt: Date | null;
  @Column({ type: "varchar", length: 64, name: "last_error_code", nullable: true }) lastErrorCode: string | null;
  @Column({ type: "text", name: "last_error", nullable: true }) lastError: string | null;
  @Column({ type: "jsonb", default: () => "'[]'" }) warnings: unknown;
  @Column({ type: "timestamptz", name: "next_fetch_at" }) nextFetchAt: Date;
  @Column({ type: "timestamptz", name: "lease_until", nullable: true }) leaseUntil: Date | null;
  @Column({ type: "timestamptz", name: "created_at" }) createdAt: Date;
  @Column({ type: "timestamptz", name: "updated_at" }) updatedAt: Date;
}

/** One app of a source's last good copy. */
@Entity({ name: "software_source_apps" })
export class SoftwareSourceAppEntity {
  @PrimaryGeneratedColumn({ type: "integer" }) id: number;
  @Column({ type: "integer", name: "source_id" }) sourceId: number;
  @Column({ type: "integer" }) position: number;
  @Column({ type: "varchar", length: 255 }) name: string;
  @Column({ type: "varchar", length: 255, name: "bundle_id", default: "" }) bundleId: string;
  @Column({ type: "varchar", length: 64, default: "" }) version: string;
  @Column({ type: "timestamptz", name: "version_date", nullable: true }) versionDate: Date | null;
  @Column({ type: "text", name: "version_description", default: "" }) versionDescription: string;
  @Column({ type: "bigint", name: "size_bytes", nullable: true }) sizeBytes: string | null;
  @Column({ type: "text", default: "" }) description: string;
  /** External: the source document's link. */
  @Column({ type: "varchar", length: 2000, name: "icon_url", default: "" }) iconUrl: string;
  @Column({ type: "varchar", length: 2000, name: "download_url", default: "" }) downloadUrl: string;
  @Column({ type: "varchar", length: 255, default: "" }) developer: string;
  @Column({ type: "boolean", default: false }) locked: boolean;
  @Column({ type: "varchar", length: 64, default: "" }) category: string;
}

/** One fetch and what came of it. */
@Entity({ name: "software_source_fetches" })
export class SoftwareSourceFetchEntity {
  @PrimaryGeneratedColumn({ type: "integer" }) id: number;
  @Column({ type: "integer", name: "source_id" }) sourceId: number;
  @Column({ type: "timestamptz", name: "started_at" }) startedAt: Date;
  @Column({ type: "integer", name: "duration_ms" }) durationMs: number;
  @Column({ type: "varchar", length: 16 }) outcome: string;
  @Column({ type: "integer", name: "http_status", nullable: true }) httpStatus: number | null;
  @Column({ type: "integer", default: 0 }) bytes: number;
  @Column({ type: "integer", name: "app_count", nullable: true }) appCount: number | null;
  @Column({ type: "integer", name: "warning_count", default: 0 }) warningCount: number;
  @Column({ type: "varchar", length: 64, name: "error_code", nullable: true }) errorCode: string | null;
  @Column({ type: "text", name: "error_message", nullable: true }) errorMessage: string | null;
}

/** The published feeds' settings (one row): which catalogue categories they carry (empty = all). */
@Entity({ name: "software_source_feed" })
export class SoftwareSourceFeedEntity {
  @PrimaryGeneratedColumn({ type: "integer" }) id: number;
  @Column({ type: "integer", array: true, name: "category_ids", default: () => "'{}'" }) categoryIds: number[];
  /** Part of the key the feeds' IPA links are signed with; moving it revokes every link handed out. */
  @Column({ type: "integer", name: "link_epoch", default: 0 }) linkEpoch: number;
  @Column({ type: "timestamptz", name: "updated_at" }) updatedAt: Date;
}

/** A device ESign unlocked with an account's unlock code: the feed asked with its UDID unlocks what that account owns. */
@Entity({ name: "esign_unlocks" })
export class EsignUnlockEntity {
  @PrimaryColumn({ type: "varchar", length: 64 }) udid: string;
  @Column({ type: "integer", name: "user_id" }) userId: number;
  @Column({ type: "timestamptz", name: "created_at" }) createdAt: Date;
  @Column({ type: "timestamptz", name: "updated_at" }) updatedAt: Date;
}
