import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";

export type CheckTaskStatus = "checking" | "valid" | "revoked" | "expired" | "error" | "cancelled";
export type OcspOutcome = "good" | "revoked" | "unknown" | "error";

/** One status check of one certificate (the worker's `certificates.check` job runs it and fills in the result). */
@Entity({ name: "certificate_checks" })
export class CertificateCheckEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer", name: "certificate_id" })
  certificateId: number;

  @Column({ type: "integer", name: "batch_id", nullable: true })
  batchId: number | null;

  @Column({ type: "integer", name: "requested_by", nullable: true })
  requestedBy: number | null;

  @Column({ type: "varchar", length: 10, default: "checking" })
  status: CheckTaskStatus;

  @Column({ type: "varchar", length: 8, name: "ocsp_status", nullable: true })
  ocspStatus: OcspOutcome | null;

  @Column({ type: "text", nullable: true })
  reason: string | null;

  /** The full report (@gryx/apple CertificateReport, dates as ISO strings). */
  @Column({ type: "jsonb", nullable: true })
  report: Record<string, unknown> | null;

  @Column({ type: "timestamptz", name: "next_update", nullable: true })
  nextUpdate: Date | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "finished_at", nullable: true })
  finishedAt: Date | null;
}

export type BatchStatus = "running" | "completed" | "cancelled";

/** An admin's detection batch: a BullMQ flow with one child check per chosen certificate. */
@Entity({ name: "detection_batches" })
export class DetectionBatchEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer", name: "created_by", nullable: true })
  createdBy: number | null;

  @Column({ type: "jsonb" })
  filter: Record<string, unknown>;

  @Column({ type: "varchar", length: 10, default: "running" })
  status: BatchStatus;

  @Column({ type: "integer", default: 0 })
  total: number;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "finished_at", nullable: true })
  finishedAt: Date | null;
}

/** A site message for one user (站内消息), e.g. "your certificate was revoked". */
@Entity({ name: "user_notifications" })
export class UserNotificationEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer", name: "user_id" })
  userId: number;

  @Column({ type: "varchar", length: 40 })
  kind: string;

  @Column({ type: "varchar", length: 200 })
  title: string;

  @Column({ type: "text" })
  body: string;

  @Column({ type: "varchar", length: 200, nullable: true })
  link: string | null;

  @Column({ type: "varchar", length: 100, name: "dedupe_key", nullable: true })
  dedupeKey: string | null;

  @Column({ type: "timestamptz", name: "read_at", nullable: true })
  readAt: Date | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
