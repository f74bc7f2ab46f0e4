import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";

/** A password reset code; only its hash is stored. */
@Entity({ name: "password_reset_codes" })
export class ResetCodeEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer", name: "user_id" })
  userId: number;

  @Column({ type: "varchar", length: 128, name: "code_hash" })
  codeHash: string;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "expires_at" })
  expiresAt: Date;

  @Column({ type: "integer", default: 0 })
  attempts: number;

  @Column({ type: "timestamptz", name: "used_at", nullable: true })
  usedAt: Date | null;
}
