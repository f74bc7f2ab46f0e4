import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];

@Entity({ name: "users" })
export class UserEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  /** Unique case-insensitively: the index is on lower(username) in the migration. */
  @Index()
  @Column({ type: "varchar", length: 32 })
  username: string;

  /** NULL for an account made by a first QQ or Apple login until its owner sets a password. */
  @Column({ type: "varchar", length: 255, name: "password_hash", select: false, nullable: true })
  passwordHash: string | null;

  @Column({ type: "varchar", length: 16, default: "user" })
  role: Role;

  @Column({ type: "text", array: true, default: () => "'{}'" })
  permissions: string[];

  @Column({ type: "varchar", length: 254, nullable: true })
  email: string | null;

  @Column({ type: "boolean", default: false })
  disabled: boolean;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;

  @Column({ type: "timestamptz", name: "last_login_at", nullable: true })
  lastLoginAt: Date | null;
}
