import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

/** An app category (the spec's "app type"); table made by the Catalogue migration. Name unique case-insensitively. */
@Entity({ name: "categories" })
export class CategoryEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  /** What `GET /api/apps?category_id=<name>` filters by. */
  @Column({ type: "varchar", length: 100 })
  name: string;

  @Column({ type: "varchar", length: 100, name: "display_name" })
  displayName: string;

  /** Sort weight: larger first. */
  @Column({ type: "integer", default: 0 })
  weigh: number;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}
