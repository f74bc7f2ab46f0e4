import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from "typeorm";

/** One row per issued token: logout and password changes revoke rows, so a stolen token dies with its session. */
@Entity({ name: "sessions" })
export class SessionEntity {
  @PrimaryColumn({ type: "uuid" })
  id: string;

  @Index()
  @Column({ type: "integer", name: "user_id" })
  userId: number;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "expires_at" })
  expiresAt: Date;

  @Column({ type: "timestamptz", name: "revoked_at", nullable: true })
  revokedAt: Date | null;

  @Column({ type: "varchar", length: 64, nullable: true })
  ip: string | null;

  /** The last request it authenticated (written at most once a minute). */
  @Column({ type: "timestamptz", name: "last_seen_at", nullable: true })
  lastSeenAt: Date | null;

  @Column({ type: "varchar", length: 255, name: "user_agent", nullable: true })
  userAgent: string | null;
}
