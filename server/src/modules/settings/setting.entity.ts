import { Column, Entity, PrimaryColumn, UpdateDateColumn } from "typeorm";

/** One JSON document per settings section (fees, contact, site, footer, legal); absent keys mean the defaults in code. */
@Entity({ name: "settings" })
export class SettingEntity {
  @PrimaryColumn({ type: "varchar", length: 64 })
  key: string;

  @Column({ type: "jsonb" })
  value: Record<string, unknown>;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}
