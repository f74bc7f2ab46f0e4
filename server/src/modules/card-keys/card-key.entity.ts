import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";

/** Kinds of card keys. `certificate` (a mall package) is added when the mall exists; until then only `balance`. */
export const CARD_KEY_KINDS = ["balance", "certificate"] as const;
export type CardKeyKind = (typeof CARD_KEY_KINDS)[number];

/** One generation: `count` codes of one kind and value, an optional prefix and expiry; disabling it stops all its codes. */
@Entity({ name: "card_key_batches" })
export class CardKeyBatchEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 16 })
  kind: CardKeyKind;

  @Column({ type: "integer", name: "amount_fen" })
  amountFen: number;

  @Column({ type: "integer" })
  count: number;

  @Column({ type: "varchar", length: 12, default: "" })
  prefix: string;

  @Column({ type: "timestamptz", name: "expires_at", nullable: true })
  expiresAt: Date | null;

  @Column({ type: "boolean", default: false })
  disabled: boolean;

  @Column({ type: "integer", name: "created_by", nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}

/** One code: only its keyed hash and a hint are stored; redeemed once. */
@Entity({ name: "card_keys" })
export class CardKeyEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer", name: "batch_id" })
  batchId: number;

  @Column({ type: "char", length: 64, name: "code_hash" })
  codeHash: string;

  @Column({ type: "varchar", length: 32 })
  hint: string;

  @Column({ type: "boolean", default: false })
  disabled: boolean;

  @Column({ type: "integer", name: "redeemed_by", nullable: true })
  redeemedBy: number | null;

  @Column({ type: "timestamptz", name: "redeemed_at", nullable: true })
  redeemedAt: Date | null;
}
