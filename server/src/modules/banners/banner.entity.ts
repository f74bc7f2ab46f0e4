import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

/**
 * Kept only as the table's description for TypeORM's metadata, which tests/integration/stored-files.test.ts reads to
 * find every file column (its statements live in @gryx/store); goes when that test reads the schema instead.
 */
@Entity({ name: "banners" })
export class BannerEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 500, name: "image_url" })
  imageUrl: string;

  @Column({ type: "varchar", length: 200, name: "alt_text", default: "" })
  altText: string;

  @Column({ type: "varchar", length: 100, default: "" })
  title: string;

  @Column({ type: "varchar", length: 500, name: "link_url", default: "" })
  linkUrl: string;

  @Column({ type: "boolean", name: "is_active", default: true })
  isActive: boolean;

  @Column({ type: "integer", name: "sort_order", default: 0 })
  sortOrder: number;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}
