import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

/**
 * The columns a dylib and a resource share have in common (tables made by the Catalogue migration); each entity
 * extends this class with its own table name and extra columns.
 */
export abstract class CatalogItemEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 100 })
  name: string;

  /** Image path as stored: an `/uploads/...` URL or an external http(s) URL; "" = default icon. */
  @Column({ type: "varchar", length: 500, name: "icon_path", default: "" })
  iconPath: string;

  @Column({ type: "varchar", length: 64, default: "" })
  version: string;

  /** Private storage key of the attached file (see the entity), null when none is attached. */
  @Column({ type: "varchar", length: 255, name: "file_key", nullable: true })
  fileKey: string | null;

  /** Bytes (bigint comes back from pg as a string). */
  @Column({ type: "bigint", name: "file_size", default: 0 })
  fileSize: string;

  @Column({ type: "text", default: "" })
  description: string;

  /** Fen. */
  @Column({ type: "integer", name: "resource_fee", default: 0 })
  resourceFee: number;

  /** Fen. */
  @Column({ type: "integer", name: "traffic_fee", default: 0 })
  trafficFee: number;

  @Column({ type: "varchar", length: 255, name: "bundle_id", default: "" })
  bundleId: string;

  @Column({ type: "integer", name: "download_count", default: 0 })
  downloadCount: number;

  @Column({ type: "boolean", name: "is_active", default: true })
  isActive: boolean;

  @Column({ type: "integer", name: "sort_order", default: 0 })
  sortOrder: number;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}
