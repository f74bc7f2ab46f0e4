import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from "typeorm";

/** What a ledger row records. */
export const LEDGER_TYPES = [
  "recharge",
  "purchase",
  "traffic",
  "refund",
  "card_key",
  "admin_adjust",
  "signing",
  "certificate",
  "withdraw",
  "withdraw_return",
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** The Chinese name of each ledger type (CSV export). */
export const LEDGER_TYPE_NAMES: Record<LedgerType, string> = {
  recharge: "充值",
  purchase: "购买",
  traffic: "流量费",
  refund: "退款",
  card_key: "卡密兑换",
  admin_adjust: "余额调整",
  signing: "签名",
  certificate: "证书",
  withdraw: "提现",
  withdraw_return: "提现退回",
};

/** bigint columns come back from pg as strings; amounts stay far below 2^53 fen. */
const bigintNumber = { to: (v: number) => v, from: (v: string | number | null) => (v === null ? null : Number(v)) };

/** A user's balance in fen (created on first use; never negative). */
@Entity({ name: "wallets" })
export class WalletEntity {
  @PrimaryColumn({ type: "integer", name: "user_id" })
  userId: number;

  @Column({ type: "bigint", name: "balance_fen", transformer: bigintNumber })
  balanceFen: number;

  @Column({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}

/** One change of one wallet: signed amount, the balance right after it, the order it belongs to. */
@Entity({ name: "wallet_ledger" })
export class LedgerEntryEntity {
  /** bigint: pg gives it as a string. */
  @PrimaryGeneratedColumn({ type: "bigint" })
  id: string;

  @Column({ type: "integer", name: "user_id" })
  userId: number;

  @Column({ type: "varchar", length: 16 })
  type: LedgerType;

  @Column({ type: "bigint", name: "amount_fen", transformer: bigintNumber })
  amountFen: number;

  @Column({ type: "bigint", name: "balance_after_fen", transformer: bigintNumber })
  balanceAfterFen: number;

  @Column({ type: "varchar", length: 32, name: "order_no", nullable: true })
  orderNo: string | null;

  @Column({ type: "varchar", length: 500 })
  note: string;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
