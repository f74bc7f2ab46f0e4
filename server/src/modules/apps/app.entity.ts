import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

/** An app of the catalogue; table made by the Catalogue migration. */
@Entity({ name: "apps" })
export class AppEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 100 })
  name: string;

  /** Image path as stored: an `/uploads/...` URL or an external http(s) URL; "" = default icon. */
  @Column({ type: "varchar", length: 500, name: "icon_path", default: "" })
  iconPath: string;

  @Column({ type: "varchar", length: 64, default: "" })
  version: string;

  /** Bytes (bigint comes back from pg as a string). */
  @Column({ type: "bigint", default: 0 })
  size: string;

  @Column({ type: "text", default: "" })
  description: string;

  @Column({ type: "varchar", length: 500, default: "" })
  keywords: string;

  @Column({ type: "integer", name: "category_id", nullable: true })
  categoryId: number | null;

  /** Fen. */
  @Column({ type: "integer", default: 0 })
  price: number;

  @Column({ type: "varchar", length: 255, name: "bundle_id", default: "" })
  bundleId: string;

  @Column({ type: "boolean", name: "is_active", default: true })
  isActive: boolean;

  /** Display order, smaller first (ties: newer first). */
  @Column({ type: "integer", name: "sort_order", default: 0 })
  sortOrder: number;

  /** Private storage key of the IPA (`ipas/<hex>.ipa`), null when none is attached. */
  @Column({ type: "varchar", length: 255, name: "ipa_key", nullable: true })
  ipaKey: string | null;

  /** Who made it (published as the feeds' developerName; "" = the site's name). */
  @Column({ type: "varchar", length: 100, default: "" })
  developer: string;

  /** When the current version came (the version or the IPA last changed). */
  @Column({ type: "timestamptz", name: "version_date", default: () => "now()" })
  versionDate: Date;

  /** Whole IPA downloads through the feeds' direct links, and the bytes they served. */
  @Column({ type: "integer", name: "download_count", default: 0 })
  downloadCount: number;

  @Column({ type: "bigint", name: "download_bytes", default: 0 })
  downloadBytes: string;

  @Column({ type: "varchar", length: 32, name: "min_os_version", nullable: true })
  minOsVersion: string | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}
