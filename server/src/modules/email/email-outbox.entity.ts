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

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "sent_at", nullable: true })
  sentAt: Date | null;
}
