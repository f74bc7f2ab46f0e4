import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";

export const ORDER_KINDS = ["recharge", "app", "dylib", "resource-share", "traffic", "certificate", "signing"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "closed", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The status machine: the states each state may move to. pending → paid → fulfilled; pending → closed (unpaid in
 * time); paid or fulfilled → refunded (an admin, crediting the wallet). A wallet purchase is paid and fulfilled at once.
 */
const ORDER_TRANSITIONS: { readonly [S in OrderStatus]: readonly OrderStatus[] } = {
  pending: ["paid", "closed"],
  paid: ["fulfilled", "refunded"],
  fulfilled: ["refunded"],
  closed: [],
  refunded: [],
};

/** The states from which `to` may be reached. */
export const statesBefore = (to: OrderStatus): OrderStatus[] =>
  ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].includes(to));

@Entity({ name: "orders" })
export class OrderEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 32, name: "order_no" })
  orderNo: string;

  @Column({ type: "integer", name: "user_id" })
  userId: number;

  @Column({ type: "varchar", length: 16 })
  kind: OrderKind;

  @Column({ type: "integer", name: "item_id", nullable: true })
  itemId: number | null;

  @Column({ type: "varchar", length: 200, name: "item_name" })
  itemName: string;

  @Column({ type: "bigint", name: "amount_fen" })
  amountFen: string;

  @Column({ type: "varchar", length: 16 })
  status: OrderStatus;

  @Column({ type: "varchar", length: 16, name: "pay_method" })
  payMethod: string;

  @Column({ type: "varchar", length: 500 })
  note: string;

  @Column({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "paid_at", nullable: true })
  paidAt: Date | null;

  @Column({ type: "timestamptz", name: "fulfilled_at", nullable: true })
  fulfilledAt: Date | null;

  @Column({ type: "timestamptz", name: "closed_at", nullable: true })
  closedAt: Date | null;

  @Column({ type: "timestamptz", name: "refunded_at", nullable: true })
  refundedAt: Date | null;

  @Column({ type: "varchar", length: 200, name: "refund_reason", nullable: true })
  refundReason: string | null;
}
