import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";

import type { PurchaseKind } from "./purchase-kinds";

export type { PurchaseKind } from "./purchase-kinds";

/** A user's purchase of one catalogue item (at most one per user and item). */
@Entity({ name: "purchases" })
export class PurchaseEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer", name: "user_id" })
  userId: number;

  @Column({ type: "varchar", length: 16, name: "item_kind" })
  itemKind: PurchaseKind;

  @Column({ type: "integer", name: "item_id" })
  itemId: number;

  @Column({ type: "integer", name: "amount_fen" })
  amountFen: number;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
