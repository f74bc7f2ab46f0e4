import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

import { PAYMENT_ORDER_STATUSES, type PaymentChannel } from "@gryx/contracts/orders";

export { PAYMENT_CHANNELS, PAYMENT_ORDER_STATUSES, type PaymentChannel } from "@gryx/contracts/orders";
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number];

/** An EPay merchant an admin configured. The key is only ever stored encrypted (secret-box.ts). */
@Entity({ name: "payment_methods" })
export class PaymentMethodEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 50 })
  name: string;

  @Column({ type: "varchar", length: 16 })
  channel: PaymentChannel;

  @Column({ type: "varchar", length: 500, name: "gateway_url" })
  gatewayUrl: string;

  @Column({ type: "varchar", length: 64 })
  pid: string;

  @Column({ type: "text", name: "key_encrypted" })
  keyEncrypted: string;

  @Column({ type: "integer", name: "min_amount_fen" })
  minAmountFen: number;

  @Column({ type: "integer", name: "max_amount_fen" })
  maxAmountFen: number;

  @Column({ type: "boolean", default: true })
  enabled: boolean;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}

/** One top-up: created pending, paid by the gateway's verified notify (once), or closed after 15 minutes unpaid. */
@Entity({ name: "payment_orders" })
export class PaymentOrderEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 32, name: "order_no" })
  orderNo: string;

  @Column({ type: "integer", name: "user_id" })
  userId: number;

  @Column({ type: "integer", name: "method_id" })
  methodId: number;

  @Column({ type: "varchar", length: 16 })
  channel: PaymentChannel;

  @Column({ type: "integer", name: "amount_fen" })
  amountFen: number;

  @Column({ type: "varchar", length: 16, default: "pending" })
  status: PaymentOrderStatus;

  /** The gateway's trade number, set when paid; unique. */
  @Column({ type: "varchar", length: 64, name: "trade_no", nullable: true })
  tradeNo: string | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "paid_at", nullable: true })
  paidAt: Date | null;

  @Column({ type: "timestamptz", name: "closed_at", nullable: true })
  closedAt: Date | null;
}
