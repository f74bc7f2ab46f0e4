import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";

export type OutboxStatus = "pending" | "sent" | "logged" | "failed";

@Entity({ name: "email_outbox" })
export class EmailOutboxEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 254, name: "to_address", nullable: true })
  toAddress: string | null;

  @Column({ type: "varchar", length: 200 })
  subject: string;

  @Column({ type: "text" })
  body: string;

  @Column({ type: "varchar", length: 40 })
  kind: string;

  @Column({ type: "varchar", length: 16, default: "pending" })
  status: OutboxStatus;

  @Column({ type: "text", nullable: true })
  error: string | null;

  @Column({ type: "integer", default: 0 })
  attempts: number;

  /** The HTML part, when the mail has one (templated mail). */
  @Column({ type: "text", nullable: true })
  html: string | null;

  @Column({ type: "varchar", length: 64, name: "template_key", nullable: true })
  templateKey: string | null;

  @Column({ type: "integer", name: "user_id", nullable: true })
  userId: number | null;

  /** The SMTP server's last answer (its 250 line, or the refusal). */
  @Column({ type: "text", name: "smtp_response", nullable: true })
  smtpResponse: string | null;

  @Column({ type: "timestamptz", name: "last_attempt_at", nullable: true })
  lastAttemptAt: Date | null;

  /** The record this one re-sends (重发). */
  @Column({ type: "integer", name: "resent_from", nullable: true })
  resentFrom: number | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "sent_at", nullable: true })
  sentAt: Date | null;
}
