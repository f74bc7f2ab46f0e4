import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

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
